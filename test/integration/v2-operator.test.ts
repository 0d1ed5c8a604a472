/** The operator's applicant deletion, through the real CLI process against a persisted local service. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, DEMO, operatorCli, startService, type Api } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';

let service: LocalService;
let a: Api;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-v2op-'));
  service = await startService({ dataDir });
  a = api(service);
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run operator -- applicant delete', () => {
  it('marks the applicant deleted (410 afterwards), and says so when it cannot', async () => {
    const token = await a.token();
    const headers = { Token: token };
    const flow = (await a.call('POST', '/v2/verification/flow/init', {
      json: { product_type: 'MSME_LOAN', application_id: 'APP-OP-1', external_reference_id: 'CUST-1', username: 'Asha Verma' }, headers,
    })).body.flow_id;
    await a.call('POST', '/v2/verification/flow/coapplicant', { json: { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-1', username: 'Ravi Kumar' }] }, headers });

    const deleted = await operatorCli(dataDir, 'applicant', 'delete', DEMO.clientId, flow, 'CO-1');
    expect(deleted).toEqual({ code: 0, out: `deleted applicant CO-1 (coApplicant) of flow ${flow}\n` });
    expect(await a.call('GET', `/v2/verification/docs?flow_id=${flow}&external_reference_id=CO-1`, { headers })).toEqual({ status: 410, body: { error: 'Applicant already deleted' } });
    expect((await a.call('GET', `/v2/verification/docs?flow_id=${flow}&external_reference_id=CUST-1`, { headers })).status).toBe(200);

    // Each CLI run is a process start (seconds): the refusals' wording is covered in-process (v2-errors.test.ts).
    const unknown = await operatorCli(dataDir, 'applicant', 'delete', DEMO.clientId, flow, 'NOBODY');
    expect([unknown.code, unknown.out]).toEqual([1, expect.stringContaining(`no applicant NOBODY in flow ${flow}`)]);
  }, 60_000);
});
