/**
 * The crash test: the whole local service (`npm start`'s entry, its own process) is killed with
 * SIGKILL in the middle of processing, at several points in turn, each time started again on the
 * same data folder. Every file must get its result, every flow finalise once, and every callback arrive
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

/** Flows uploaded, each with every document of `documents`. */
const FLOWS = 3;

/**
 * Kill points, in turn: a Task state and which of its starts in that process is cut off. The first
 * process takes the uploads and dies at a download of the last flow; each later one dies while
 * resuming what the previous kill left, so recovery itself is interrupted.
 */
const KILL_POINTS = ['DownloadFile:7', 'RecogniseText:3', 'ExtractFields:2', 'Finalise:1', 'DeliverCallback:1'];

describe('a service killed mid-processing', () => {
  it(`killed at ${KILL_POINTS.join(', ')} in turn, restarted on the same data: nothing lost, nothing stuck, one callback per flow`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docstream-crash-'));
    dirs.push(dataDir);
    const flows: string[] = [];
    let headers: Record<string, string> = {};
    const kills: Record<string, unknown>[] = [];
    for (const [i, killAt] of KILL_POINTS.entries()) {
      const proc = startProcess(dataDir, { LOCAL_KILL_AT: killAt });
      if (i === 0) {
        // No task runs before the first upload, so nothing cuts these requests off.
        const a = api({ url: await proc.url });
        headers = { Token: await a.token() };
        for (let f = 0; f < FLOWS; f++) {
          const init = await a.call('POST', '/v3/verification/flow/init', {
            json: flowInitBody({ application_id: `CRASH-${f}`, auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }),
            headers,
          });
          expect(init.status).toBe(201);
          flows.push(init.body.flow_uuid);
        }
        for (const flow of flows) {
          // The last upload's answer may be cut off by the kill (its downloads start as it is
          // stored): its files are stored all the same, which the checks below prove.
          const up = await a.call('POST', '/v3/verification/multiupload', {
            json: { flow_uuid: flow, file_urls: documents.map((d, k) => ({ file_url: `${integrator.url}/${d.type}.png`, document_id: `doc-${k}` })) },
            headers,
          }).catch((err: Error) => ({ status: 0, body: { cutOff: (err.cause as Error | undefined)?.message ?? err.message } }));
          expect([0, 201], JSON.stringify(up.body)).toContain(up.status);
        }
      }
      const killed = await Promise.race([proc.exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 180_000))]);
      expect(killed?.signal, `not killed at ${killAt}: ${proc.output().slice(-1000)}`).toBe('SIGKILL');
      kills.push({ killAt, callbacksSoFar: integrator.callbacks.length });
    }

    // The last process logs, so that a flow left unfinished shows why.
    const last = startProcess(dataDir, { LOG_LEVEL: 'INFO' });
    try {
      const a = api({ url: await last.url });
      for (const flow of flows) {
        const status = await waitFor(
          () => a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers }),
          (r) => r.body.master_status === 'SUCCESS' || r.body.master_status === 'FAILED',
          120_000,
        ).catch(async (err: Error) => {
          const files = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers })).body;
          const log = last.output().split('\n').filter((l) => !l.includes('"request served"')).join('\n');
          throw new Error(`${err.message}\nfiles: ${JSON.stringify(files).slice(0, 1500)}\nlog: ${log.slice(-8000)}`);
        });
        expect(status.body).toMatchObject({ processing_status: 'SUCCESS', crossheck_status: 'COMPLETED', master_status: 'SUCCESS' });
        const extracts = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers })).body;
        expect(extracts.ocr_data).toHaveLength(documents.length);
        for (const item of extracts.ocr_data) expect(item.data.document_type ?? item.error_code, JSON.stringify(item)).toBeTruthy();
      }
      const ofFlow = (flow: string) => integrator.callbacks.filter((c) => c.body.includes(flow));
      await waitFor(async () => flows.map((f) => ofFlow(f).length), (n) => n.every((k) => k >= 1), 60_000);
      // Time for a duplicate to show, were one on its way.
      await new Promise((r) => setTimeout(r, 1_500));
      const deliveries = flows.map((f) => ofFlow(f).length);
      const eventIds = flows.map((f) => new Set(ofFlow(f).map((c) => c.headers['x-event-id'])).size);
      console.log(JSON.stringify({ crashTest: { flows: flows.length, files: flows.length * documents.length, kills, deliveries, eventIds } }));
      expect(eventIds, 'one event per flow').toEqual(flows.map(() => 1));
      expect(deliveries, 'one delivery per flow').toEqual(flows.map(() => 1));

      // A second service on the same folder is refused, naming the folder and the process.
      const intruder = startProcess(dataDir);
      const refused = await intruder.exited;
      expect(refused.code).toBe(1);
      expect(intruder.output()).toContain(`data folder ${dataDir} is in use by process ${last.child.pid}`);
    } finally {
      // SIGTERM stops the service within seconds.
      const asked = Date.now();
      last.child.kill('SIGTERM');
      const stopped = await last.exited;
      expect(stopped.code).toBe(0);
      expect(Date.now() - asked).toBeLessThan(10_000);
    }
  }, 600_000);
});
