/**
 * Erasure over HTTP (issue 12 item 9): a flow or batch answers 204 and then reads as unknown; no
 * table item, object, sealed number, callback attempt or dead letter of it is left; erasing while
 * the pipeline still works on it leaves nothing once the sweep has run, and the pipeline goes on
 * with everyone else's work. Unseals and erasures are in the audit trail.
 */
import { describe, expect, it, test } from './fixtures.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { makeClient, flowInitBody, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { updateClient } from '#adapters/store/clients.ts';
import { ddb, objects, tableName, bucketName } from '#adapters/aws.ts';
import { flowOrBatchPk, type FlowOrBatchRef } from '#adapters/store/flowsAndBatches.ts';
import { listDeadLetters } from '#adapters/store/callbacks.ts';
import { FlowOrBatch } from '#adapters/store/entities.ts';
import { listAudit } from '#adapters/store/audit.ts';
import { eventIdFor } from '#core/callbacks/signature.ts';
import { flowOrBatchPrefix, sweepErased } from '../../functions/app/erasure.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';

let service: LocalService;
let a: Api;
let integrator: Integrator;
let aadhaar: Fixture;
let digits: string;

test.beforeAll(async ({ service: running, api, integrator: started }) => {
  [service, a, integrator] = [running, api, started];
  [aadhaar] = await generateCorpus({ seed: 9, perType: 1, pdfs: false, types: ['AADHAAR'] });
  integrator.files.set('/aadhaar.png', { bytes: aadhaar.bytes, type: aadhaar.mime });
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
  digits = String(aadhaar.truth.aadhaar_number).replace(/\D/g, '');
}, 60_000);
// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

async function allItems() {
  const items: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(new ScanCommand({ TableName: tableName(), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function objectKeys(prefix: string) {
  const out = await objects().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

/** What is left of a flow or batch: items naming it (but its bare tombstone), its objects, its callback records. */
async function leftOf(o: FlowOrBatchRef, rounds: number) {
  const events = Array.from({ length: rounds }, (_, i) => eventIdFor(`${flowOrBatchPk(o)}:${i + 1}`));
  const record = FlowOrBatch.key(o);
  const items = (await allItems()).filter((item) => {
    const text = JSON.stringify(item);
    if (String(item.pk).startsWith('AUDIT#')) return false; // ids and actions only, kept on purpose
    if (item.pk === record.pk && item.sk === record.sk) return Object.keys(item).some((k) => !['pk', 'sk', 'erasedAt', 'expiresAt', 'downloadedSeqs', 'processedSeqs', 'processingFailedSeqs', 'downloadFailedSeqs'].includes(k));
    return text.includes(o.id) || events.some((e) => text.includes(e));
  });
  return { items, objects: await objectKeys(flowOrBatchPrefix(o)) };
}

const initBody = () => flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` });
const fileUrls = (n: number, path = '/note.txt') => Array.from({ length: n }, (_, i) => ({ file_url: `${integrator.url}${path}`, document_id: `doc-${i}` }));

describe('erasure of a v3 flow', () => {
  it('erases files, results, the sealed number, callback attempts and the dead letter, answers 204, then reads as unknown', async () => {
    const client = await makeClient();
    await updateClient(client.clientId, { fullAadhaar: true });
    const token = await a.token('main', client);
    integrator.failNextCallbacks(Infinity);
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token },
    })).body.flow_uuid as string;
    const up = await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: [...fileUrls(1, '/aadhaar.png'), { file_url: `${integrator.url}/note.txt`, document_id: 'note' }] }, headers: { Token: token } });
    expect(up.status).toBe(201);
    const ref: FlowOrBatchRef = { kind: 'flow', clientId: client.clientId, id: flow };
    const done = await waitFor(() => a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } }), (r) => Boolean(r.body.ocr_data?.[0]?.data.aadhaar_number));
    expect(done.body.ocr_data[0].data.aadhaar_number.value.replace(/\D/g, '') === digits, 'full number opened for the client').toBe(true);
    await waitFor(() => listDeadLetters(), (dead) => dead.some((d) => d.flowOrBatch.id === flow));
    await service.pipeline.idle();
    integrator.failNextCallbacks(0);
    const before = await leftOf(ref, 2);
    expect(before.items.some((i) => JSON.stringify(i).includes('v2.'))).toBe(true); // the sealed number, in the file's result
    expect(before.objects.length).toBeGreaterThan(0);

    const other = await a.token('main', await makeClient());
    expect((await a.call('DELETE', `/v3/verification/flow?flow_uuid=${flow}`, { headers: { Token: other } })).status).toBe(409);
    expect((await a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } })).status).toBe(200);

    const res = await fetch(`${a.url}/v3/verification/flow?flow_uuid=${flow}`, { method: 'DELETE', headers: { Token: token } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    for (const path of ['status', 'extracts']) {
      const r = await a.call('GET', `/v3/verification/${path}?flow_uuid=${flow}`, { headers: { Token: token } });
      expect(r.status).toBe(409);
      expect(r.body).toEqual({ error: 'Flow not found for the given flow_uuid' });
    }
    expect((await a.call('DELETE', `/v3/verification/flow?flow_uuid=${flow}`, { headers: { Token: token } })).status).toBe(409);
    expect((await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: fileUrls(1) }, headers: { Token: token } })).status).toBe(409);
    expect(await leftOf(ref, 2)).toEqual({ items: [], objects: [] });
    expect((await listDeadLetters()).some((d) => d.flowOrBatch.id === flow)).toBe(false);
    expect(JSON.stringify(await allItems())).not.toContain(digits.slice(0, 8));

    const trail = await listAudit({ since: new Date(Date.now() - 3600_000), clientId: client.clientId });
    expect(trail.filter((r) => r.action === 'UNSEAL').map((r) => r.subject)).toContain(`file:${up.body[0].file_uuid}`);
    expect(trail.find((r) => r.action === 'ERASE')).toMatchObject({ actor: client.clientId, subject: `flow:${flow}`, detail: { kind: 'flow', rounds: 2 } });
    expect(JSON.stringify(trail)).not.toContain(digits.slice(0, 8));
  }, 180_000);

  it('refuses a missing or malformed flow_uuid with the spec\'s errors', async () => {
    const token = await a.token('main');
    expect((await a.call('DELETE', '/v3/verification/flow', { headers: { Token: token } })).status).toBe(400);
    expect((await a.call('DELETE', '/v3/verification/flow?flow_uuid=nope', { headers: { Token: token } })).status).toBe(409);
    expect((await a.call('DELETE', '/v3/verification/flow?flow_uuid=nope', {})).status).toBe(401);
  });

  it('while the pipeline is still processing: 204 at once, nothing left after the sweep, other work finishes', async () => {
    const token = await a.token('main');
    const since = new Date();
    const mk = async () => (await a.call('POST', '/v3/verification/flow/init', { json: initBody(), headers: { Token: token } })).body.flow_uuid as string;
    const [erased, kept] = [await mk(), await mk()];
    const files = [...fileUrls(2, '/aadhaar.png'), ...fileUrls(10)].map((f, i) => ({ ...f, document_id: `d${i}` }));
    await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: kept, file_urls: fileUrls(3) }, headers: { Token: token } });
    expect((await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: erased, file_urls: files }, headers: { Token: token } })).status).toBe(201);
    const res = await a.call('DELETE', `/v3/verification/flow?flow_uuid=${erased}`, { headers: { Token: token } });
    expect(res.status).toBe(204);
    await service.pipeline.idle();
    const ref: FlowOrBatchRef = { kind: 'flow', clientId: 'cli_test_demo', id: erased };
    expect((await a.call('GET', `/v3/verification/status?flow_uuid=${erased}`, { headers: { Token: token } })).status).toBe(409);
    await sweepErased(since);
    expect(await leftOf(ref, 12)).toEqual({ items: [], objects: [] });
    const status = await waitFor(() => a.call('GET', `/v3/verification/extracts?flow_uuid=${kept}`, { headers: { Token: token } }), (r) => r.body.ocr_data?.every((o: any) => o.error_code));
    expect(status.body.ocr_data).toHaveLength(3);
  }, 180_000);
});

describe('erasure of bulk and sandbox batches', () => {
  for (const [name, upload, extracts, erase, other] of [
    ['bulk', '/v1/bulk/multiupload', '/v1/bulk/extracts', '/v1/bulk/batch', '/v1/docstream/batch'],
    ['sandbox', '/v1/docstream/multiupload', '/v1/docstream/extracts', '/v1/docstream/batch', '/v1/bulk/batch'],
  ] as const) {
    it(`${name}: 204, then the batch is unknown; the other interface cannot erase it`, async () => {
      const audience = name === 'bulk' ? 'bulk' : 'sandbox';
      const token = await a.token(audience);
      const otherToken = await a.token(audience === 'bulk' ? 'sandbox' : 'bulk');
      const up = await a.call('POST', upload, { json: { product_type: 'MSME_LOAN', file_urls: fileUrls(3) }, headers: { Token: token } });
      const batchId = (name === 'bulk' ? up.body[0].batch_id : up.body.batch_id) as string;
      await waitFor(() => a.call('GET', `${extracts}?batch_id=${batchId}`, { headers: { Token: token } }), (r) => r.body.data?.every((d: any) => d.file_data.error_code));
      await service.pipeline.idle();
      expect((await a.call('DELETE', `${other}?batch_id=${batchId}`, { headers: { Token: otherToken } })).body).toEqual({ error: 'Invalid batch_id: no such batch' });
      expect((await a.call('DELETE', `${erase}?batch_id=${batchId}`, { headers: { Token: token } })).status).toBe(204);
      const after = await a.call('GET', `${extracts}?batch_id=${batchId}`, { headers: { Token: token } });
      expect(after).toEqual({ status: 400, body: { error: 'Invalid batch_id: no such batch' } });
      expect((await a.call('DELETE', `${erase}?batch_id=${batchId}`, { headers: { Token: token } })).status).toBe(400);
      expect((await a.call('DELETE', `${erase}?batch_id=BATCH-1`, { headers: { Token: token } })).body).toEqual({ error: 'Invalid batch_id' });
      expect(await leftOf({ kind: 'batch', clientId: 'cli_test_demo', id: batchId }, 1)).toEqual({ items: [], objects: [] });
    }, 120_000);
  }
});

describe('erasure of an onboarding (v2) flow', () => {
  it('erases applicants, uploads, files, chat and the uniqueness claim; 204, then "Flow not found"; the pair is free again', async () => {
    const token = await a.token('main');
    const post = (path: string, json: unknown) => a.call('POST', path, { json, headers: { Token: token } });
    const init = { product_type: 'MSME_LOAN', application_id: `APP-ERASE-${Date.now()}`, external_reference_id: 'CUST-1', username: 'Asha Verma', flow_params: {} };
    const flow = (await post('/v2/verification/flow/init', init)).body.flow_id as string;
    expect((await post('/v2/verification/flow/coapplicant', { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-1', username: 'Ravi Verma' }] })).status).toBe(201);
    expect((await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: `${integrator.url}/aadhaar.png`, document_id: 'a' }] })).status).toBe(201);
    expect((await post('/v2/verification/chat', { flow_id: flow, message: 'What documents are still missing?' })).status).toBe(200);
    await service.pipeline.idle();
    const ref: FlowOrBatchRef = { kind: 'onboarding', clientId: 'cli_test_demo', id: flow };
    expect((await leftOf(ref, 1)).items.length).toBeGreaterThan(4);
    expect(JSON.stringify(await allItems())).toContain(init.application_id);

    const res = await fetch(`${a.url}/v2/verification/flow?flow_id=${flow}`, { method: 'DELETE', headers: { Token: token } });
    expect(res.status).toBe(204);
    expect(await a.call('GET', `/v2/verification/chat-history?flow_id=${flow}`, { headers: { Token: token } })).toEqual({ status: 409, body: { error: 'Flow not found' } });
    expect((await a.call('DELETE', `/v2/verification/flow?flow_id=${flow}`, { headers: { Token: token } })).status).toBe(409);
    expect(await leftOf(ref, 1)).toEqual({ items: [], objects: [] });
    expect(JSON.stringify((await allItems()).filter((i) => !String(i.pk).startsWith('AUDIT#')))).not.toContain(init.application_id);
    expect((await post('/v2/verification/flow/init', init)).status).toBe(201);
  }, 120_000);
});

describe('per-client retention', () => {
  it('a client\'s own retention sets when its flows, batches and files expire; the stage\'s caps it', async () => {
    const client = await makeClient();
    await updateClient(client.clientId, { retentionDays: 2 });
    const token = await a.token('main', client);
    const flow = (await a.call('POST', '/v3/verification/flow/init', { json: initBody(), headers: { Token: token } })).body.flow_uuid as string;
    expect((await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: fileUrls(1) }, headers: { Token: token } })).status).toBe(201);
    const now = Date.now() / 1000;
    const items = (await allItems()).filter((i) => i.pk === flowOrBatchPk({ kind: 'flow', clientId: client.clientId, id: flow }));
    expect(items.length).toBe(2);
    for (const i of items) expect(Math.abs(i.expiresAt - (now + 2 * 86400))).toBeLessThan(120);

    await updateClient(client.clientId, { retentionDays: 5000 });
    const capped = (await a.call('POST', '/v3/verification/flow/init', { json: initBody(), headers: { Token: token } })).body.flow_uuid as string;
    const item = (await allItems()).find((i) => i.pk === flowOrBatchPk({ kind: 'flow', clientId: client.clientId, id: capped }))!;
    expect(Math.abs(item.expiresAt - (now + 90 * 86400))).toBeLessThan(120);
  });
});
