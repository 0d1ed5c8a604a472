import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startService, flowInitBody, DEMO, type Api } from './harness.ts';
import { startIntegrator, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import { closeEngines } from '../../functions/pipeline/engines.ts';
import { updateClient } from '../../functions/adapters/store/clients.ts';

let service: LocalService; let a: Api; let token: string; let integrator: Integrator; let digits: string;
beforeAll(async () => {
  [service, integrator] = await Promise.all([startService(), startIntegrator()]);
  a = api(service); token = await a.token();
  const corpus = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['AADHAAR'] as any });
  const f = corpus[0];
  digits = String((f.truth as any).aadhaar_number).replace(/\D/g, '');
  integrator.files.set(`/AADHAAR`, { bytes: f.bytes, type: f.mime });
}, 180_000);
afterAll(async () => { await service.stop(); await integrator.close(); await closeEngines(); });

async function scan() {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ListObjectsV2Command, GetObjectCommand } = await import('@aws-sdk/client-s3');
  const { ddb, objects, tableName, bucketName } = await import('../../functions/adapters/aws.ts');
  const items = await ddb().send(new ScanCommand({ TableName: tableName() }));
  const inTable = JSON.stringify(items.Items).replace(/\s/g, '').includes(digits.slice(0, 8));
  const listed = await objects().send(new ListObjectsV2Command({ Bucket: bucketName() }));
  const keys = (listed.Contents ?? []).map((o) => o.Key!);
  const leaky: string[] = [];
  for (const key of keys.filter((k) => k.endsWith('.json'))) {
    const body = await (await objects().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }))).Body!.transformToString();
    if (body.replace(/\s/g, '').includes(digits.slice(0, 8))) leaky.push(key);
  }
  return { inTable, leaky, keys };
}

const status = async (flow: string) => (await a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } })).body;
describe('aadhaar probes', () => {
  it('D: Aadhaar uploaded to an MSME_LOAN flow', async () => {
    const init = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ product_type: 'MSME_LOAN', auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token } });
    console.log('D init', init.status);
    const flow = init.body.flow_uuid;
    const up = await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/AADHAAR`, document_id: 'A' }] }, headers: { Token: token } });
    console.log('D upload', up.status);
    await service.pipeline.idle();
    console.log('D status', JSON.stringify(await status(flow)));
    const ex = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } })).body;
    console.log('D extracts', JSON.stringify(ex.ocr_data));
    console.log('D scan', JSON.stringify(await scan()));
  }, 120_000);
  it('E: fullAadhaar client', async () => {
    await updateClient(DEMO.clientId, { fullAadhaar: true });
    const flow = (await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token } })).body.flow_uuid;
    await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/AADHAAR`, document_id: 'A' }] }, headers: { Token: token } });
    await service.pipeline.idle();
    const s = await scan();
    console.log('E scan inTable', s.inTable, 'leaky json', JSON.stringify(s.leaky));
  }, 120_000);
});
