/** Callbacks over real HTTP: signed, retried by the state machine, dead-lettered and replayed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, DEMO, operatorCli, startService, flowInitBody, type Api } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { getClient } from '#adapters/store/clients.ts';
import { listAttempts, listDeadLetters } from '#adapters/store/callbacks.ts';
import { verifyCallbackSignature } from '#core/callbacks/signature.ts';
import { setCallbackCommand } from '../../functions/operator/commands.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';

let service: LocalService;
let a: Api;
let token: string;
let integrator: Integrator;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-cb-'));
  // Persisted, so the operator CLI (its own process) reaches the same table.
  [service, integrator] = await Promise.all([startService({ dataDir }), startIntegrator()]);
  a = api(service);
  token = await a.token();
  const [pan] = await generateCorpus({ seed: 5, perType: 1, pdfs: false, types: ['PAN'] });
  integrator.files.set('/pan.png', { bytes: pan.bytes, type: pan.mime });
  // Files that need no OCR keep the delivery tests fast: they end as UNRECOGNISED results.
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
}, 120_000);

afterAll(async () => {
  await service.stop();
  await integrator.close();
  await closeEngines();
  rmSync(dataDir, { recursive: true, force: true });
});

async function flowWith(files: string[], over: Record<string, unknown> = {}) {
  const flow = (await a.call('POST', '/v3/verification/flow/init', {
    json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback`, ...over }),
    headers: { Token: token },
  })).body.flow_uuid as string;
  const upload = await a.call('POST', '/v3/verification/multiupload', {
    json: { flow_uuid: flow, file_urls: files.map((f, i) => ({ file_url: `${integrator.url}${f}`, document_id: `doc-${i}` })) },
    headers: { Token: token },
  });
  return { flow, upload };
}

const callbacksFor = (flow: string) => integrator.callbacks.filter((c) => JSON.parse(c.body).flow_uuid === flow);

describe('v3 callbacks', () => {
  it('POSTs the extracts payload, signed with the client webhook secret, with a bearer token from auth_url', async () => {
    const { flow, upload } = await flowWith(['/pan.png', '/note.txt']);
    expect(upload.status).toBe(201);
    const [cb] = await waitFor(async () => callbacksFor(flow), (c) => c.length > 0);
    const secret = (await getClient(DEMO.clientId))!.webhookSecret!;
    expect(verifyCallbackSignature({ secret, header: String(cb.headers['x-signature']), body: cb.body })).toMatchObject({ ok: true });
    expect(verifyCallbackSignature({ secret: 'another', header: String(cb.headers['x-signature']), body: cb.body })).toMatchObject({ ok: false });
    expect(cb.headers['x-event-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(cb.headers['content-type']).toContain('application/json');

    const payload = JSON.parse(cb.body);
    expect(payload.application_id).toBe('APP-1');
    const extracts = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } })).body;
    expect(payload.cross_checks).toEqual(extracts.cross_checks);
    expect(payload.ocr_data.map((o: any) => o.document_id)).toEqual(extracts.ocr_data.map((o: any) => o.document_id));
    expect(payload.ocr_data[0].data.pan_number).toEqual(extracts.ocr_data[0].data.pan_number);
    expect(payload.ocr_data[1]).toEqual(extracts.ocr_data[1]);
    const status = (await a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } })).body;
    expect(status.master_status).toBe('SUCCESS');
  }, 120_000);

  it('retries a receiver that fails twice, with the same event id, and records every attempt', async () => {
    integrator.failNextCallbacks(2);
    const { flow } = await flowWith(['/note.txt']);
    const received = await waitFor(async () => callbacksFor(flow), (c) => c.length >= 3);
    await service.pipeline.idle();
    expect(callbacksFor(flow)).toHaveLength(3);
    expect(new Set(received.map((c) => c.headers['x-event-id'])).size).toBe(1);
    const eventId = String(received[0].headers['x-event-id']);
    const attempts = await listAttempts({ flowOrBatch: { kind: 'flow', clientId: DEMO.clientId, id: flow }, eventId });
    expect(attempts.map((x) => x.ok)).toEqual([false, false, true]);
    expect((await listDeadLetters()).find((d) => d.eventId === eventId)).toBeUndefined();
  }, 60_000);

  it('dead-letters an event whose receiver is down for good; the operator replays it', async () => {
    integrator.failNextCallbacks(Number.POSITIVE_INFINITY);
    const { flow } = await flowWith(['/note.txt']);
    const dead = await waitFor(async () => (await listDeadLetters()).filter((d) => d.flowOrBatch.id === flow), (d) => d.length === 1);
    // The flow's results are untouched by the failed delivery.
    const extracts = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } })).body;
    expect(extracts.ocr_data).toEqual([{ data: {}, document_id: 'doc-0', error_code: 'UNRECOGNISED', error_reason: 'file is not a JPEG, PNG or PDF' }]);
    const attempts = callbacksFor(flow);
    expect(attempts.length).toBe(7);
    const listed = await operatorCli(dataDir, 'callbacks', 'dead-letters');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(dead[0].eventId);

    integrator.failNextCallbacks(0);
    const replay = await operatorCli(dataDir, 'callbacks', 'replay', dead[0].eventId);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.out)).toMatchObject({ delivered: true, attempt: 8 });
    const last = callbacksFor(flow).at(-1)!;
    expect(last.headers['x-event-id']).toBe(dead[0].eventId);
    expect((await listDeadLetters()).find((d) => d.eventId === dead[0].eventId)).toBeUndefined();
  }, 60_000);

  it('applies the safe-fetch rules to callback URLs: a private address is refused, not retried, and dead-lettered', async () => {
    // flow/init refuses a literal private address up front (400); an account-level callback set by
    // the operator is refused when used.
    const refused = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ callback_url: 'http://10.1.2.3/callback' }), headers: { Token: token } });
    expect(refused.status).toBe(400);
    await setCallbackCommand(DEMO.clientId, { callbackUrl: 'http://10.1.2.3/callback', authUrl: `${integrator.url}/auth` });
    const up = await a.call('POST', '/v1/docstream/multiupload', {
      json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'n0' }] },
      headers: { Token: await a.token('sandbox') },
    });
    const [dead] = await waitFor(async () => (await listDeadLetters()).filter((d) => d.flowOrBatch.id === up.body.batch_id), (d) => d.length === 1);
    expect(dead.reason).toMatch(/CallbackRejectedError/);
    expect(dead.reason).toMatch(/ADDRESS_NOT_ALLOWED/);
    const attempts = await listAttempts({ flowOrBatch: dead.flowOrBatch, eventId: dead.eventId });
    expect(attempts).toHaveLength(1);
  });

  it('answers 422 and stores nothing when auth_url cannot issue a token', async () => {
    const { flow, upload } = await flowWith(['/note.txt'], { auth_url: 'http://127.0.0.1:1/auth' });
    expect(upload.status).toBe(422);
    expect(upload.body.error).toMatch(/External service failure/);
    const status = (await a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } })).body;
    expect(status).toMatchObject({ upload_status: 'NOT_STARTED', master_status: 'NOT_STARTED' });
    expect((await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } })).body.ocr_data).toEqual([]);
  });
});

describe('sandbox and bulk callbacks', () => {
  it('sandbox batches call the account-level callback with the extracts payload; bulk sends none', async () => {
    await setCallbackCommand(DEMO.clientId, { callbackUrl: `${integrator.url}/callback`, authUrl: `${integrator.url}/auth` });
    const sandboxToken = await a.token('sandbox');
    const up = await a.call('POST', '/v1/docstream/multiupload', {
      json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'n1' }] },
      headers: { Token: sandboxToken },
    });
    expect(up.status).toBe(201);
    const batchId = up.body.batch_id;
    const [cb] = await waitFor(async () => integrator.callbacks.filter((c) => JSON.parse(c.body).batch_id === batchId), (c) => c.length > 0);
    const payload = JSON.parse(cb.body);
    const extracts = (await a.call('GET', `/v1/docstream/extracts?batch_id=${batchId}`, { headers: { Token: sandboxToken } })).body;
    expect(payload.data).toEqual(extracts.data);
    expect(payload.total_items).toBe(1);

    const bulkToken = await a.token('bulk');
    const before = integrator.callbacks.length;
    const bulk = await a.call('POST', '/v1/bulk/multiupload', {
      json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'b1' }] },
      headers: { Token: bulkToken },
    });
    expect(bulk.status).toBe(201);
    await service.pipeline.idle();
    expect(integrator.callbacks.slice(before).map((c) => c.body)).toEqual([]);
  }, 60_000);
});
