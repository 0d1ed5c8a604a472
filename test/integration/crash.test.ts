/**
 * The crash test: the whole local service (`npm start`'s entry, its own process) is killed with
 * SIGKILL in the middle of processing, at several points, then started again on the same data
 * folder. Every file must get its result, every flow finalise once, and every callback arrive
 * once; SIGTERM must stop the service within seconds; a second service on the folder is refused.
 * The kill points use the runtime's fault injection (LOCAL_KILL_AT, bin/local.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO, flowInitBody } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';

interface Proc {
  child: ChildProcess;
  url: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: () => string;
}

function startProcess(dataDir: string, env: Record<string, string> = {}): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    env: {
      ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'SILENT',
      DEMO_CLIENT_ID: DEMO.clientId, DEMO_CLIENT_SECRET: DEMO.clientSecret, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', () => reject(new Error(`service exited before listening: ${out.slice(-2000)}`)));
  });
  url.catch(() => undefined);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, url, exited, output: () => out };
}

let integrator: Integrator;
let documents: Fixture[];
const dirs: string[] = [];

beforeAll(async () => {
  integrator = await startIntegrator();
  // Small, quick documents of three kinds; one flow is three of them.
  documents = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['PAN', 'AADHAAR', 'INVOICE'] });
  for (const d of documents) integrator.files.set(`/${d.type}.png`, { bytes: d.bytes, type: d.mime });
}, 120_000);

afterAll(async () => {
  await integrator?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const FLOWS = 2;

/** Kill points: a Task state and which of its starts (across the whole run) is cut off. */
const KILL_POINTS = ['DownloadFile:3', 'RecogniseText:4', 'ExtractFields:2', 'Finalise:1', 'DeliverCallback:1'];

const figures: Record<string, unknown>[] = [];

describe('a service killed mid-processing', () => {
  it.each(KILL_POINTS)('killed at %s, restarted on the same data: nothing lost, nothing stuck, one callback per flow', async (killAt) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docstream-crash-'));
    dirs.push(dataDir);
    const first = startProcess(dataDir, { LOCAL_KILL_AT: killAt });
    const a1 = api({ url: await first.url });
    const token = await a1.token();
    const headers = { Token: token };
    const flows: string[] = [];
    for (let i = 0; i < FLOWS; i++) {
      const init = await a1.call('POST', '/v3/verification/flow/init', {
        json: flowInitBody({ application_id: `CRASH-${i}`, auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }),
        headers,
      });
      expect(init.status).toBe(201);
      flows.push(init.body.flow_uuid);
    }
    for (const flow of flows) {
      const up = await a1.call('POST', '/v3/verification/multiupload', {
        json: { flow_uuid: flow, file_urls: documents.map((d, k) => ({ file_url: `${integrator.url}/${d.type}.png`, document_id: `doc-${k}` })) },
        headers,
      });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
    }
    const killed = await Promise.race([first.exited, new Promise<undefined>((r) => setTimeout(r, 120_000))]);
    expect(killed?.signal, `not killed at ${killAt}: ${first.output().slice(-1000)}`).toBe('SIGKILL');
    const callbacksBefore = integrator.callbacks.length;

    const second = startProcess(dataDir);
    try {
      const a2 = api({ url: await second.url });
      for (const flow of flows) {
        const status = await waitFor(
          () => a2.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers }),
          (r) => r.body.master_status === 'SUCCESS' || r.body.master_status === 'FAILED',
          120_000,
        );
        expect(status.body, killAt).toMatchObject({ processing_status: 'SUCCESS', crossheck_status: 'COMPLETED', master_status: 'SUCCESS' });
        const extracts = (await a2.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers })).body;
        expect(extracts.ocr_data).toHaveLength(documents.length);
        for (const item of extracts.ocr_data) expect(item.data.document_type ?? item.error_code, JSON.stringify(item)).toBeTruthy();
      }
      const ofFlow = (flow: string) => integrator.callbacks.filter((c) => c.body.includes(flow));
      await waitFor(async () => flows.map((f) => ofFlow(f).length), (n) => n.every((k) => k >= 1), 60_000);
      // Time for a duplicate to show, were one on its way.
      await new Promise((r) => setTimeout(r, 1_500));
      const deliveries = flows.map((f) => ofFlow(f).length);
      const eventIds = flows.map((f) => new Set(ofFlow(f).map((c) => c.headers['x-event-id'])).size);
      figures.push({ killAt, flows: FLOWS, files: FLOWS * documents.length, callbacksBeforeKill: callbacksBefore, deliveries, eventIds });
      expect(eventIds, `one event per flow (${killAt})`).toEqual(flows.map(() => 1));
      expect(deliveries, `one delivery per flow (${killAt})`).toEqual(flows.map(() => 1));

      // A second service on the same folder is refused, naming the folder and the process.
      const intruder = startProcess(dataDir);
      const refused = await intruder.exited;
      expect(refused.code).toBe(1);
      expect(intruder.output()).toContain(`data folder ${dataDir} is in use by process ${second.child.pid}`);
    } finally {
      const asked = Date.now();
      second.child.kill('SIGTERM');
      const stopped = await second.exited;
      figures.push({ killAt, sigtermStopMs: Date.now() - asked, exit: stopped.code });
      expect(stopped.code).toBe(0);
      expect(Date.now() - asked).toBeLessThan(10_000);
    }
  }, 300_000);

  afterAll(() => {
    // The crash-test figures, for the issue note.
    console.log(JSON.stringify(figures));
  });
});
