/** Input that cannot hurt, over HTTP: nesting, prototype names, address lengths, files per flow. */
import { describe, expect, it, test } from './fixtures.ts';
import { flowInitBody, type Api } from './harness.ts';
import type { Integrator } from './integrator.ts';
import { MAX_FILES_PER_FLOW, MAX_FILES_PER_UPLOAD } from '#http/schemas/common.ts';
import { MAX_ADDRESS_LENGTH } from '#http/schemas/address.ts';
import { DEMO } from './harness.ts';

let integrator: Integrator;
let a: Api;
const tokens: Record<'main' | 'bulk' | 'sandbox', string> = { main: '', bulk: '', sandbox: '' };
test.beforeAll(async ({ api, integrator: started }) => {
  a = api;
  integrator = started;
  for (const k of ['main', 'bulk', 'sandbox'] as const) tokens[k] = await a.token(k);
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
});

const expectError = (res: { status: number; body: any }, status: number) => {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error).toBe('string');
};

describe('nesting', () => {
  const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);

  it('flow_params nested 150,000 levels (a body under 1 MB) is a 400, not a stack overflow', async () => {
    const raw = `{"product_type":"CONSUMER_DURABLE_LOAN","application_id":"A","auth_url":"http://127.0.0.1:9/a","callback_url":"http://127.0.0.1:9/c","flow_params":${deep(150_000)}}`;
    expect(Buffer.byteLength(raw)).toBeLessThan(1024 * 1024);
    const res = await a.call('POST', '/v3/verification/flow/init', { raw, headers: { Token: tokens.main, 'content-type': 'application/json' } });
    expectError(res, 400);
    expect(res.body.error).toContain('flow_params');
    expect(res.body.error).toContain('nested deeper than 10 levels');
  });

  it('deep nesting anywhere else in a body is a 4xx too', async () => {
    for (const raw of ['['.repeat(150_000) + ']'.repeat(150_000), `{"x":${deep(150_000)},"product_type":"MSME_LOAN","file_urls":[]}`]) {
      for (const [path, token] of [['/v3/verification/flow/init', tokens.main], ['/v1/bulk/multiupload', tokens.bulk], ['/v2/verification/flow/init', tokens.main]]) {
        const res = await a.call('POST', path, { raw, headers: { Token: token, 'content-type': 'application/json' } });
        expectError(res, 400);
      }
    }
  });

  it('flow_params of 10 levels and 16 KB is accepted, one more level or byte is not', async () => {
    let nested: unknown = 1;
    for (let i = 0; i < 9; i++) nested = { n: nested };
    const ok = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ flow_params: nested }), headers: { Token: tokens.main } });
    expect(ok.status).toBe(201);
    const tooDeep = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ flow_params: { n: nested } }), headers: { Token: tokens.main } });
    expectError(tooDeep, 400);
    const big = await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ flow_params: { s: 'x'.repeat(16 * 1024) } }), headers: { Token: tokens.main } });
    expectError(big, 400);
  });
});

describe('product types are looked up safely', () => {
  for (const productType of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    it(`product_type ${productType} is unknown everywhere (400)`, async () => {
      const files = [{ file_url: `${integrator.url}/note.txt`, document_id: 'd1' }];
      expectError(await a.call('POST', '/v1/bulk/multiupload', { json: { product_type: productType, file_urls: files }, headers: { Token: tokens.bulk } }), 400);
      expectError(await a.call('POST', '/v1/docstream/multiupload', { json: { product_type: productType, file_urls: files }, headers: { Token: tokens.sandbox } }), 400);
      expectError(await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ product_type: productType }), headers: { Token: tokens.main } }), 400);
    });
  }
});

describe('address matching', () => {
  const match = (body: unknown) => a.call('POST', '/v1/address/match/batch', { json: body, headers: { client_id: DEMO.clientId, client_secret: DEMO.clientSecret } });
  const body = (source: string, target = 'Flat 2, MG Road, Bengaluru 560001') => ({ application_id: 'A', source_address: source, target_addresses: [{ address: target, index: 0 }] });

  it(`source and target addresses longer than ${MAX_ADDRESS_LENGTH} characters are a 400`, async () => {
    const long = 'Flat 2, MG Road, Bengaluru 560001 '.repeat(20).slice(0, MAX_ADDRESS_LENGTH + 1);
    const res = await match(body(long));
    expectError(res, 400);
    expect(res.body.error).toContain('source_address');
    expectError(await match(body('Flat 2, MG Road, Bengaluru 560001', long)), 400);
    expect((await match(body(long.slice(0, MAX_ADDRESS_LENGTH)))).status).toBe(200);
  });

  it('control characters and lone surrogates are a 400 (they would echo as 6-byte escapes)', async () => {
    expectError(await match(body('Flat 2\u0001 MG Road')), 400);
    expectError(await match(body('Flat 2 \ud800 MG Road')), 400);
    expect((await match(body('Flat 2,\nMG Road,\tBengaluru 560001'))).status).toBe(200);
  });
});

describe('files per flow', () => {
  it(`a flow takes ${MAX_FILES_PER_FLOW} files, then answers 422 to the next upload`, async () => {
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: tokens.main },
    })).body.flow_uuid;
    const upload = (n: number, from: number) => a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: Array.from({ length: n }, (_, i) => ({ file_url: `${integrator.url}/note.txt`, document_id: `d${from + i}` })) },
      headers: { Token: tokens.main },
    });
    // Concurrent uploads cannot pass the cap together: exactly MAX / per-upload of them are admitted.
    const uploads = MAX_FILES_PER_FLOW / MAX_FILES_PER_UPLOAD + 2;
    const answers = await Promise.all(Array.from({ length: uploads }, (_, i) => upload(MAX_FILES_PER_UPLOAD, i * MAX_FILES_PER_UPLOAD)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_FILES_PER_FLOW / MAX_FILES_PER_UPLOAD);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expectError(r, 422);
      expect(r.body.error).toContain(`at most ${MAX_FILES_PER_FLOW} files`);
    }
    expectError(await upload(1, 10_000), 422);
  }, 120_000);
});
