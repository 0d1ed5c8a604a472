/**
 * Aadhaar numbers at rest: sealed for clients enabled for full numbers (and opened only for them),
 * masked everywhere else, and never left in the table or the bucket, whatever the document's verdict.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { api, makeClient, startService, flowInitBody, type Api } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { updateClient } from '../../functions/adapters/store/clients.ts';
import { ddb, objects, tableName, bucketName } from '../../functions/adapters/aws.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '../../functions/pipeline/engines.ts';

let service: LocalService;
let a: Api;
let integrator: Integrator;
let aadhaar: Fixture;
let digits: string;

beforeAll(async () => {
  [service, integrator, [aadhaar]] = await Promise.all([startService(), startIntegrator(), generateCorpus({ seed: 9, perType: 1, pdfs: false, types: ['AADHAAR'] })]);
  a = api(service);
  integrator.files.set('/aadhaar.png', { bytes: aadhaar.bytes, type: aadhaar.mime });
  digits = String(aadhaar.truth.aadhaar_number).replace(/\D/g, '');
}, 60_000);
afterAll(async () => {
  await service.stop();
  await integrator.close();
  await closeEngines();
});

async function nothingStoredInPlain() {
  const items = await ddb().send(new ScanCommand({ TableName: tableName() }));
  expect(JSON.stringify(items.Items)).not.toContain(digits.slice(0, 8));
  const listed = await objects().send(new ListObjectsV2Command({ Bucket: bucketName() }));
  const keys = (listed.Contents ?? []).map((o) => o.Key!);
  expect(keys.filter((k) => k.endsWith('/original'))).toEqual([]);
  for (const key of keys.filter((k) => k.endsWith('.json'))) {
    const body = await (await objects().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }))).Body!.transformToString();
    expect(body.replace(/\s/g, ''), key).not.toContain(digits.slice(0, 8));
  }
}

describe('Aadhaar numbers at rest', () => {
  it('are returned in full only to a client the operator enabled, and stored only sealed', async () => {
    const full = await makeClient();
    await updateClient(full.clientId, { fullAadhaar: true });
    const fullToken = await a.token('main', full);
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: fullToken },
    })).body.flow_uuid;
    await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/aadhaar.png`, document_id: 'a' }] }, headers: { Token: fullToken } });
    const done = await waitFor(() => a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: fullToken } }), (r) => r.body.ocr_data[0]?.data.aadhaar_number);
    const number = done.body.ocr_data[0].data.aadhaar_number;
    expect(number.value.replace(/\D/g, '')).toBe(digits);
    expect(number.sealed).toBeUndefined();
    expect(number.redact_url).toMatch(/redacted\.png/);
    await service.pipeline.idle();
    await nothingStoredInPlain();
  }, 120_000);

  it('are masked and removed from storage when the card is not a document of the flow\'s product', async () => {
    const token = await a.token('bulk');
    const up = await a.call('POST', '/v1/bulk/multiupload', { json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/aadhaar.png`, document_id: 'a' }] }, headers: { Token: token } });
    const page = await waitFor(
      () => a.call('GET', `/v1/bulk/extracts?batch_id=${up.body[0].batch_id}`, { headers: { Token: token } }),
      (r) => Boolean(r.body.data[0]?.file_data.error_code),
    );
    expect(page.body.data[0].file_data).toMatchObject({ error_code: 'UNRECOGNISED', error_reason: 'AADHAAR is not a supported document type for MSME_LOAN' });
    await service.pipeline.idle();
    await nothingStoredInPlain();
  }, 120_000);
});
