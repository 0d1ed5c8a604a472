import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startService, flowInitBody, type Api } from './harness.ts';
import { startIntegrator, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import { closeEngines } from '../../functions/pipeline/engines.ts';
import { useLocalPipeline } from '../../functions/adapters/pipelineStarter.ts';

const flags = { failProcessedAdd: false, failAddress: false };
vi.mock('../../functions/adapters/aws.ts', async (orig) => {
  const m: any = await orig();
  let wrapped: any;
  return { ...m, ddb: () => {
    const real = m.ddb();
    wrapped ??= { send: async (cmd: any) => {
      const ue = cmd?.input?.UpdateExpression;
      if (flags.failProcessedAdd && typeof ue === 'string' && ue.startsWith('ADD') && JSON.stringify(cmd.input.ExpressionAttributeNames ?? {}).includes('processed')) {
        flags.failProcessedAdd = false; const e = new Error('simulated'); e.name = 'ProvisionedThroughputExceededException'; throw e;
      }
      return real.send(cmd);
    } };
    return wrapped;
  } };
});
vi.mock('../../functions/core/address/index.ts', async (orig) => {
  const m: any = await orig();
  return { ...m, addressSimilarity: (a: string, b: string) => { if (flags.failAddress) throw new Error('address engine down'); return m.addressSimilarity(a, b); } };
});

let service: LocalService; let a: Api; let token: string; let integrator: Integrator;
beforeAll(async () => {
  [service, integrator] = await Promise.all([startService(), startIntegrator()]);
  a = api(service); token = await a.token();
  const corpus = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['PAN', 'INVOICE', 'DELIVERY_ORDER'] as any });
  for (const f of corpus) integrator.files.set(`/${f.type}`, { bytes: f.bytes, type: f.mime });
}, 180_000);
afterAll(async () => { await service.stop(); await integrator.close(); await closeEngines(); });

const status = async (flow: string) => (await a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } })).body;
async function newFlow() {
  return (await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token } })).body.flow_uuid;
}
const upload = (flow: string, types: string[]) => a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: types.map((t) => ({ file_url: `${integrator.url}/${t}`, document_id: t })) }, headers: { Token: token } });

describe('probes', () => {
  it('A: a lost counter ADD (retried ExtractFields) leaves the flow IN_PROGRESS forever', async () => {
    const flow = await newFlow();
    flags.failProcessedAdd = true;
    expect((await upload(flow, ['PAN'])).status).toBe(201);
    await service.pipeline.idle();
    console.log('A status after pipeline ended:', JSON.stringify(await status(flow)));
  }, 120_000);

  it('C: a failing CrossCheck leaves crossheck_status PENDING forever', async () => {
    const flow = await newFlow();
    flags.failAddress = true;
    expect((await upload(flow, ['INVOICE', 'DELIVERY_ORDER'])).status).toBe(201);
    await service.pipeline.idle();
    flags.failAddress = false;
    console.log('C status after pipeline ended:', JSON.stringify(await status(flow)), 'callbacks received:', integrator.callbacks.length);
  }, 120_000);

  it('B: a second upload whose pipeline cannot start leaves master IN_PROGRESS forever', async () => {
    const flow = await newFlow();
    expect((await upload(flow, ['PAN'])).status).toBe(201);
    await service.pipeline.idle();
    console.log('B status after first upload:', JSON.stringify(await status(flow)));
    useLocalPipeline(async () => { throw new Error('StartExecution failed'); });
    const r = await upload(flow, ['PAN']);
    console.log('B second upload http', r.status);
    console.log('B status after failed second upload:', JSON.stringify(await status(flow)));
  }, 120_000);
});
