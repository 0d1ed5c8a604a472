import { describe, expect, it, test } from './fixtures.ts';
import { makeClient, flowInitBody, type Api } from './harness.ts';

let a: Api;
let token: string;
test.beforeAll(({ api, token: mainToken }) => {
  a = api;
  token = mainToken;
});

const init = (json: unknown, headers: Record<string, string> = {}) =>
  a.call('POST', '/v3/verification/flow/init', { json, headers: { Token: token, ...headers } });

describe('POST /v3/verification/flow/init and GET /v3/verification/status', () => {
  it('creates a flow whose four statuses are NOT_STARTED', async () => {
    const res = await init(flowInitBody());
    expect(res.status).toBe(201);
    expect(res.body.flow_uuid).toMatch(/^[0-9a-f-]{36}$/);
    const st = await a.call('GET', `/v3/verification/status?flow_uuid=${res.body.flow_uuid}`, { headers: { Token: token } });
    expect(st).toEqual({
      status: 200,
      body: { upload_status: 'NOT_STARTED', processing_status: 'NOT_STARTED', crossheck_status: 'NOT_STARTED', master_status: 'NOT_STARTED' },
    });
  });

  it("answers another client's flow exactly like an unknown one", async () => {
    const mine = (await init(flowInitBody())).body.flow_uuid;
    const other = await makeClient();
    const otherToken = await a.token('main', other);
    const theirs = await a.call('GET', `/v3/verification/status?flow_uuid=${mine}`, { headers: { Token: otherToken } });
    const unknown = await a.call('GET', '/v3/verification/status?flow_uuid=00000000-0000-4000-8000-000000000000', { headers: { Token: otherToken } });
    expect(theirs).toEqual(unknown);
    expect(theirs.status).toBe(409);
    const extracts = await a.call('GET', `/v3/verification/extracts?flow_uuid=${mine}`, { headers: { Token: otherToken } });
    expect(extracts.status).toBe(409);
  });

  it('answers 400 naming the missing status parameter', async () => {
    const res = await a.call('GET', '/v3/verification/status', { headers: { Token: token } });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain('flow_uuid');
  });

  it('refuses a product the client is not enabled for with 403', async () => {
    const c = await makeClient({ products: ['MSME_LOAN'] });
    const res = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody(), headers: { Token: await a.token('main', c) } });
    expect(res.status).toBe(403);
    expect(res.body.error).toContain('CONSUMER_DURABLE_LOAN');
  });
});

describe('bad input gets a 4xx {"error"} naming the problem, and the server stays up', () => {
  const cases: [string, () => Promise<{ status: number; body: any }>, number, RegExp][] = [
    ['missing fields', () => init({ product_type: 'CONSUMER_DURABLE_LOAN' }), 400, /application_id, auth_url, callback_url/],
    ['empty field', () => init(flowInitBody({ application_id: '  ' })), 400, /application_id/],
    ['wrongly typed field', () => init(flowInitBody({ application_id: 42 })), 400, /^Invalid parameters: application_id/],
    ['an over-long identifier', () => init(flowInitBody({ application_id: 'x'.repeat(500_000) })), 400, /application_id/],
    ['an unsafe number in flow_params', () => a.call('POST', '/v3/verification/flow/init', { raw: JSON.stringify(flowInitBody()).replace('"flow_params":{}', '"flow_params":{"a":1e400}'), headers: { Token: token, 'content-type': 'application/json' } }), 400, /flow_params/],
    ['a too-large number in flow_params', () => init(flowInitBody({ flow_params: { a: 1e21 } })), 400, /flow_params/],
    ['flow_params nested too deep', () => init(flowInitBody({ flow_params: { a: JSON.parse('['.repeat(40) + ']'.repeat(40)) } })), 400, /flow_params/],
    ['an over-long flow_uuid', () => a.call('GET', `/v3/verification/status?flow_uuid=${'f'.repeat(3000)}`, { headers: { Token: token } }), 400, /flow_uuid/],
    ['a flow_uuid that is not a UUID', () => a.call('GET', '/v3/verification/status?flow_uuid=abc%23FLOW%23x', { headers: { Token: token } }), 409, /Flow not found/],
    ['an over-long document_id', () => a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: '00000000-0000-4000-8000-000000000000', file_urls: [{ file_url: 'https://example.org/a.png', document_id: 'd'.repeat(450_000) }] }, headers: { Token: token } }), 400, /document_id/],
    ['an over-long Client-Id', () => a.call('POST', '/v3/verification/authtoken', { headers: { 'Client-Id': 'c'.repeat(3000), 'Client-Secret': 'x' } }), 401, /Invalid Client-Id/],
    ['an over-long static client_id', () => a.call('POST', '/v1/address/match/batch', { json: { application_id: 'a', source_address: 'x y', target_addresses: [{ address: 'x', index: 0 }] }, headers: { client_id: 'c'.repeat(3000), client_secret: 'x' } }), 401, /client_id/],
    ['wrongly typed flow_params', () => init(flowInitBody({ flow_params: 'x' })), 400, /flow_params/],
    ['unknown product_type', () => init(flowInitBody({ product_type: 'GOLD_LOAN' })), 400, /GOLD_LOAN/],
    ['auth_url not a URL', () => init(flowInitBody({ auth_url: 'not a url' })), 400, /auth_url/],
    ['callback_url not http(s)', () => init(flowInitBody({ callback_url: 'file:///etc/passwd' })), 400, /callback_url/],
    ['a JSON array body', () => init([1, 2]), 400, /body|product_type/],
    ['malformed JSON', () => a.call('POST', '/v3/verification/flow/init', { raw: '{"product_type":', headers: { Token: token, 'content-type': 'application/json' } }), 400, /Malformed JSON/],
    ['wrong content type', () => a.call('POST', '/v3/verification/flow/init', { raw: 'product_type=X', headers: { Token: token, 'content-type': 'application/x-www-form-urlencoded' } }), 415, /Content-Type/],
    ['a 5 MB body', () => a.call('POST', '/v3/verification/flow/init', { raw: Buffer.alloc(5 * 1024 * 1024, 0x61), headers: { Token: token, 'content-type': 'application/json' } }), 413, /too large/],
    ['unknown path', () => a.call('GET', '/v9/nothing', { headers: { Token: token } }), 404, /No such endpoint/],
    ['wrong method', () => a.call('GET', '/v3/verification/flow/init', { headers: { Token: token } }), 405, /not allowed/],
  ];
  for (const [name, run, expected, message] of cases) {
    it(name, async () => {
      const res = await run();
      expect(res.status).toBe(expected);
      expect(Object.keys(res.body)).toEqual(['error']);
      expect(res.body.error).toMatch(message);
    });
  }

  it('still serves after all of that', async () => {
    expect((await init(flowInitBody())).status).toBe(201);
  });
});
