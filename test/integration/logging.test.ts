/** Structured logs carry a request id on every line, and never a token, secret or Aadhaar number. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, startService, flowInitBody, type Api } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { logger } from '#adapters/logger.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';

let service: LocalService;
let a: Api;
let integrator: Integrator;
const lines: string[] = [];
const originalWrite = process.stdout.write.bind(process.stdout);

beforeAll(async () => {
  [service, integrator] = await Promise.all([startService({ quiet: false }), startIntegrator()]);
  logger.setLogLevel('DEBUG');
  // Powertools writes through process.stdout; capture every line from here on.
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (originalWrite as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write;
  a = api(service);
}, 60_000);

afterAll(async () => {
  process.stdout.write = originalWrite;
  await service.stop();
  await integrator.close();
  await closeEngines();
});

describe('logs', () => {
  it('never contain tokens, secrets or Aadhaar numbers, and always a request id', async () => {
    const [aadhaar] = await generateCorpus({ seed: 3, perType: 1, pdfs: false, types: ['AADHAAR'] });
    integrator.files.set('/aadhaar.png', { bytes: aadhaar.bytes, type: aadhaar.mime });
    const tokens = (await a.call('POST', '/v3/verification/authtoken', { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } })).body;
    const token = tokens.access_token;
    await a.call('POST', '/refresh-token', { headers: { Token: tokens.refresh_token } });
    await a.call('GET', '/v3/verification/status?flow_uuid=x', { headers: { Token: 'forged.' + token.slice(7) } });
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token },
    })).body.flow_uuid;
    await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/aadhaar.png?X-Amz-Signature=secret-signature`, document_id: 'a' }] },
      headers: { Token: token },
    });
    await waitFor(() => a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } }), (r) => r.body.master_status === 'SUCCESS');
    await waitFor(async () => integrator.callbacks.length, (n) => n > 0);
    await service.pipeline.idle();

    const text = lines.join('');
    const digits = String(aadhaar.truth.aadhaar_number).replace(/\D/g, '');
    const spaced = `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;
    for (const secret of [token, tokens.refresh_token, DEMO.clientSecret, digits, spaced, digits.slice(0, 8), 'secret-signature', 'integrator-issued-token']) {
      expect(text.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    const requestLines = text.split('\n').filter((l) => l.includes('"request served"') || l.includes('"request refused"'));
    expect(requestLines.length).toBeGreaterThan(4);
    for (const l of requestLines) expect(JSON.parse(l).request_id).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
