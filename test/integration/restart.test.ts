/** Data persists under the data directory: a restart loses neither records nor unfinished work. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, startService } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import { useLocalPipeline } from '#adapters/pipelineStarter.ts';

let dataDir: string;
let integrator: Integrator;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-restart-'));
  integrator = await startIntegrator();
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
});
afterAll(async () => {
  await integrator.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('restarting the local service', () => {
  it('keeps tokens, flows and batches, and finishes work that the stop cut off', async () => {
    const first = await startService({ dataDir });
    const a1 = api(first);
    const token = await a1.token('bulk');
    // Simulate a stop in mid-flight: the upload is stored but its execution never runs.
    useLocalPipeline({ run: async () => undefined, isRunning: () => false });
    const up = await a1.call('POST', '/v1/bulk/multiupload', {
      json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'n1' }] },
      headers: { Token: token },
    });
    expect(up.status).toBe(201);
    await first.stop();

    const second = await startService({ dataDir });
    try {
      expect(second.resumed).toBe(1);
      const a2 = api(second);
      // The signing key persisted too: a token from before the restart still works.
      const page = await waitFor(
        () => a2.call('GET', `/v1/bulk/extracts?batch_id=${up.body[0].batch_id}`, { headers: { Token: token } }),
        (r) => r.status === 200 && r.body.data[0]?.file_data.error_code === 'UNRECOGNISED',
      );
      expect(page.body.total_items).toBe(1);
    } finally {
      await second.stop();
    }
  }, 60_000);
});
