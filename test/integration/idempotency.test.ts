/** Idempotency-Key over HTTP (issue 12 item 7): replay, 422 on another body, 409 while in progress, 503 retried. */
import { describe, expect, it, test } from './fixtures.ts';
import { DEMO, flowInitBody, makeClient, type Api } from './harness.ts';
import { startHeldServer, type HeldServer } from './heldServer.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { useLocalPipeline } from '#adapters/pipelineStarter.ts';
import { getFlowOrBatch } from '#adapters/store/flowsAndBatches.ts';
import { routes } from '#http/routes.ts';

let service: LocalService;
let held: HeldServer;
let a: Api;
const tokens: Record<'main' | 'bulk' | 'sandbox', string> = { main: '', bulk: '', sandbox: '' };

test.beforeAll(async ({ service: running, api }) => {
  [service, a] = [running, api];
  held = await startHeldServer();
  for (const k of ['main', 'bulk', 'sandbox'] as const) tokens[k] = await a.token(k);
});
test.afterAll(() => held.close());

/** A POST that keeps the response headers. */
async function post(path: string, token: string, body: unknown, key?: string) {
  const res = await fetch(service.url + path, {
    method: 'POST',
    headers: { Token: token, 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any, replayed: res.headers.get('idempotent-replayed') };
}

const uniqueKey = () => `key-${crypto.randomUUID()}`;
const flowOf = (flowUuid: string) => ({ kind: 'flow' as const, clientId: DEMO.clientId, id: flowUuid });
const files = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ file_url: `${held.url}/doc-${tag}-${i}.txt`, document_id: `d${i}` }));

async function newFlow() {
  const res = await post('/v3/verification/flow/init', tokens.main, flowInitBody({ auth_url: `${held.url}/auth`, callback_url: `${held.url}/callback` }));
  expect(res.status).toBe(201);
  return res.body.flow_uuid as string;
}

describe('the route table', () => {
  it('marks every POST that creates something, and nothing else', () => {
    const creating = routes.filter((r) => r.creates).map((r) => r.path).sort();
    expect(creating).toEqual([
      '/v1/bulk/multiupload', '/v1/docstream/multiupload', '/v2/verification/chat', '/v2/verification/flow/coapplicant',
      '/v2/verification/flow/init', '/v2/verification/flow/submit', '/v2/verification/multiupload',
      '/v3/verification/flow/init', '/v3/verification/multiupload',
    ]);
    expect(routes.filter((r) => r.creates).every((r) => r.method === 'POST')).toBe(true);
  });
});

describe('flow/init', () => {
  it('the same key and body answer the stored response; no second flow is made', async () => {
    const key = uniqueKey();
    const body = flowInitBody({ application_id: 'APP-IDEM' });
    const first = await post('/v3/verification/flow/init', tokens.main, body, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    // Key order and whitespace do not make it another request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await post('/v3/verification/flow/init', tokens.main, reordered, key);
    expect(again).toEqual({ status: 201, body: first.body, replayed: 'true' });
    // Without a key, each request does the work.
    const unkeyed = await post('/v3/verification/flow/init', tokens.main, body);
    expect(unkeyed.body.flow_uuid).not.toBe(first.body.flow_uuid);
  });

  it('the same key with another body is a 422 naming the key', async () => {
    const key = uniqueKey();
    expect((await post('/v3/verification/flow/init', tokens.main, flowInitBody({ application_id: 'A-1' }), key)).status).toBe(201);
    const other = await post('/v3/verification/flow/init', tokens.main, flowInitBody({ application_id: 'A-2' }), key);
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: expect.stringContaining('Idempotency-Key') });
  });

  it('keys belong to their client: another client with the same key gets its own flow', async () => {
    const key = uniqueKey();
    const mine = await post('/v3/verification/flow/init', tokens.main, flowInitBody(), key);
    const other = await makeClient();
    const theirs = await post('/v3/verification/flow/init', await a.token('main', other), flowInitBody(), key);
    expect(theirs.status).toBe(201);
    expect(theirs.replayed).toBeNull();
    expect(theirs.body.flow_uuid).not.toBe(mine.body.flow_uuid);
  });

  it('a malformed key is a 400; a refused request is not stored', async () => {
    const bad = await post('/v3/verification/flow/init', tokens.main, flowInitBody(), 'has spaces in it');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('Idempotency-Key');
    const key = uniqueKey();
    expect((await post('/v3/verification/flow/init', tokens.main, flowInitBody({ product_type: 'NO_SUCH_PRODUCT' }), key)).status).toBe(400);
    expect((await post('/v3/verification/flow/init', tokens.main, flowInitBody({ product_type: 'NO_SUCH_PRODUCT' }), key)).status).toBe(400);
  });
});

describe('v3 multiupload', () => {
  it('a retried upload answers the same files and stores none twice', async () => {
    const flow = await newFlow();
    const key = uniqueKey();
    const body = { flow_uuid: flow, file_urls: files(2, 'retry') };
    const first = await post('/v3/verification/multiupload', tokens.main, body, key);
    expect(first.status).toBe(201);
    const again = await post('/v3/verification/multiupload', tokens.main, body, key);
    expect(again).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect((await getFlowOrBatch(flowOf(flow)))!.filesTotal).toBe(2);
  });

  it('answers 409 while the first request with the key is still running, then the stored response', async () => {
    const flow = await newFlow();
    const key = uniqueKey();
    const body = { flow_uuid: flow, file_urls: files(1, 'slow') };
    held.holdAuth(true);
    const pending = post('/v3/verification/multiupload', tokens.main, body, key);
    try {
      await expect.poll(() => held.waiting().auth, { timeout: 5000 }).toBe(1);
      const during = await post('/v3/verification/multiupload', tokens.main, body, key);
      expect(during.status).toBe(409);
      expect(during.body.error).toContain('still in progress');
    } finally {
      held.holdAuth(false);
    }
    const first = await pending;
    expect(first.status).toBe(201);
    const after = await post('/v3/verification/multiupload', tokens.main, body, key);
    expect(after).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect((await getFlowOrBatch(flowOf(flow)))!.filesTotal).toBe(1);
  });

  it('our own 503 "retry the upload" is retried with the same key and succeeds once', async () => {
    const flow = await newFlow();
    const key = uniqueKey();
    const body = { flow_uuid: flow, file_urls: files(2, 'down') };
    useLocalPipeline({ run: async () => { throw new Error('pipeline down'); }, isRunning: () => false });
    let refused;
    try {
      refused = await post('/v3/verification/multiupload', tokens.main, body, key);
    } finally {
      useLocalPipeline(service.pipeline);
    }
    expect(refused.status).toBe(503);
    expect(refused.body.error).toContain('retry the upload');
    const retried = await post('/v3/verification/multiupload', tokens.main, body, key);
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBeNull();
    expect(retried.body).toHaveLength(2);
    const again = await post('/v3/verification/multiupload', tokens.main, body, key);
    expect(again).toEqual({ status: 201, body: retried.body, replayed: 'true' });
    // The 503's files were released: the flow holds the retry's two.
    expect((await getFlowOrBatch(flowOf(flow)))!.filesTotal).toBe(2);
  });
});

describe('bulk and sandbox multiupload', () => {
  for (const [path, audience] of [['/v1/bulk/multiupload', 'bulk'], ['/v1/docstream/multiupload', 'sandbox']] as const) {
    it(`${path}: the same key answers the same batch; another body is a 422`, async () => {
      const key = uniqueKey();
      const body = { product_type: 'CONSUMER_DURABLE_LOAN', file_urls: files(2, audience) };
      const first = await post(path, tokens[audience], body, key);
      expect(first.status).toBe(201);
      const again = await post(path, tokens[audience], body, key);
      expect(again).toEqual({ status: 201, body: first.body, replayed: 'true' });
      const other = await post(path, tokens[audience], { ...body, file_urls: files(1, audience) }, key);
      expect(other.status).toBe(422);
    });
  }

  it('a key used on one route is another request on a different route (422)', async () => {
    const key = uniqueKey();
    const body = { product_type: 'CONSUMER_DURABLE_LOAN', file_urls: files(1, 'cross') };
    expect((await post('/v1/bulk/multiupload', tokens.bulk, body, key)).status).toBe(201);
    expect((await post('/v1/docstream/multiupload', tokens.sandbox, body, key)).status).toBe(422);
  });
});

describe('v2 onboarding routes pick the middleware up from the route table', () => {
  const v2Init = () => ({
    product_type: 'MSME_LOAN', application_id: `APP-${crypto.randomUUID()}`, external_reference_id: 'CUST-1', username: 'Asha Verma', flow_params: {},
  });

  it('flow/init replays the same flow; submit with another query under the same key is a 422', async () => {
    const key = uniqueKey();
    const body = v2Init();
    const first = await post('/v2/verification/flow/init', tokens.main, body, key);
    expect(first.status).toBe(201);
    expect(await post('/v2/verification/flow/init', tokens.main, body, key)).toEqual({ status: 201, body: first.body, replayed: 'true' });

    const submitKey = uniqueKey();
    const flow = first.body.flow_id as string;
    const submitted = await post(`/v2/verification/flow/submit?flow_id=${flow}&close_flow=no`, tokens.main, {}, submitKey);
    expect(submitted.status).toBe(200);
    expect(await post(`/v2/verification/flow/submit?flow_id=${flow}&close_flow=no`, tokens.main, {}, submitKey)).toMatchObject({ status: 200, replayed: 'true' });
    const closing = await post(`/v2/verification/flow/submit?flow_id=${flow}&close_flow=yes`, tokens.main, {}, submitKey);
    expect(closing.status).toBe(422);
    expect(closing.body.error).toContain('Idempotency-Key');
  });
});
