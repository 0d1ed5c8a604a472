/**
 * The Postman collection's pre-request script, run against the local service with a stand-in for
 * Postman's `pm` API: it fetches the token of the request's interface once, caches it, and the
 * request then succeeds with it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, test } from './fixtures.ts';
import { DEMO, type Api } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';

const collection = JSON.parse(readFileSync(new URL('../../docs/postman/docstream.postman_collection.json', import.meta.url), 'utf8'));
const script: string = collection.event.find((e: { listen: string }) => e.listen === 'prerequest').script.exec.join('\n');

let service: LocalService;
let a: Api;
test.beforeAll(({ service: started, api }) => {
  service = started;
  a = api;
});

/** The part of Postman's sandbox the script uses; sendRequest runs over real HTTP. */
function postman(vars: Record<string, string>, collectionVars: Map<string, string>, request: { path: string; headers: Record<string, string> }) {
  const pending: Promise<void>[] = [];
  const tokenRequests: string[] = [];
  const pm = {
    variables: { replaceIn: (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? collectionVars.get(k) ?? '') },
    collectionVariables: { get: (k: string) => collectionVars.get(k), set: (k: string, v: string) => void collectionVars.set(k, v) },
    request: {
      url: { getPath: () => request.path },
      headers: {
        has: (k: string) => k in request.headers,
        upsert: ({ key, value }: { key: string; value: string }) => void (request.headers[key] = value),
      },
    },
    sendRequest(req: { url: string; method: string; header: { key: string; value: string }[] }, cb: (err: Error | null, res?: unknown) => void) {
      tokenRequests.push(req.url);
      pending.push(
        fetch(req.url, { method: req.method, headers: Object.fromEntries(req.header.map((h) => [h.key, h.value])) }).then(async (res) => {
          const text = await res.text();
          cb(null, { code: res.status, text: () => text, json: () => JSON.parse(text) });
        }, (err: Error) => cb(err)),
      );
    },
  };
  return { pm, pending, tokenRequests };
}

async function runScript(path: string, vars: Record<string, string>, collectionVars: Map<string, string>) {
  const request = { path, headers: { Token: 'filled in by the collection pre-request script' } as Record<string, string> };
  const { pm, pending, tokenRequests } = postman(vars, collectionVars, request);
  new Function('pm', 'console', script)(pm, console);
  await Promise.all(pending);
  return { request, tokenRequests };
}

describe('Postman collection pre-request script', () => {
  it('fetches a token for the interface once, caches it, and the request succeeds with it', async () => {
    const vars = { baseUrl: service.url, clientId: DEMO.clientId, clientSecret: DEMO.clientSecret };
    const cache = new Map<string, string>();
    const first = await runScript('/v3/verification/status', vars, cache);
    expect(first.tokenRequests).toEqual([`${service.url}/v3/verification/authtoken`]);
    const res = await a.call('GET', '/v3/verification/status?flow_uuid=00000000-0000-4000-8000-000000000000', { headers: first.request.headers });
    expect(res).toEqual({ status: 409, body: { error: 'Flow not found for the given flow_uuid' } }); // authenticated: not 401
    expect(cache.get('refreshToken')).toBeTruthy();

    const second = await runScript('/v3/verification/extracts', vars, cache);
    expect(second.tokenRequests).toEqual([]);
    expect(second.request.headers.Token).toBe(first.request.headers.Token);

    // Another interface gets its own token (tokens are per audience).
    const sandbox = await runScript('/v1/docstream/extracts', vars, cache);
    expect(sandbox.tokenRequests).toEqual([`${service.url}/v1/docstream/authtoken`]);
    const page = await a.call('GET', '/v1/docstream/extracts?batch_id=none', { headers: sandbox.request.headers });
    expect(page.status).not.toBe(401);
  });

  it('fetches again once the cached token is about to expire, and leaves token endpoints alone', async () => {
    const vars = { baseUrl: service.url, clientId: DEMO.clientId, clientSecret: DEMO.clientSecret };
    const cache = new Map([['token_main', 'stale'], ['token_main_expires_at', String(Date.now() - 1)]]);
    const run = await runScript('/v3/verification/status', vars, cache);
    expect(run.tokenRequests).toHaveLength(1);
    expect(run.request.headers.Token).not.toBe('stale');
    expect((await runScript('/v3/verification/authtoken', vars, new Map())).tokenRequests).toEqual([]);
  });

  it('logs and leaves the request alone when the credentials are wrong', async () => {
    const errors: string[] = [];
    const request = { path: '/v3/verification/status', headers: { Token: 'x' } as Record<string, string> };
    const { pm, pending } = postman({ baseUrl: service.url, clientId: DEMO.clientId, clientSecret: 'wrong' }, new Map(), request);
    new Function('pm', 'console', script)(pm, { error: (m: string) => errors.push(m) });
    await Promise.all(pending);
    expect(request.headers.Token).toBe('x');
    expect(errors.join()).toMatch(/token request failed: 401/);
  });

  it('passes the new flow_uuid on: flow init keeps it, and the flow requests use it', async () => {
    const requests = collection.item.flatMap((f: { item: unknown[] }) => f.item) as { event?: { listen: string; script: { exec: string[] } }[]; request: { url: { raw: string; path: string[] }; body?: { raw: string } } }[];
    const byPath = (p: string) => requests.find((r) => r.request.url.path.join('/') === p)!;
    const init = byPath('v3/verification/flow/init');
    const test = init.event!.find((e) => e.listen === 'test')!.script.exec.join('\n');
    const vars = new Map<string, string>();
    const answer = await a.call('POST', '/v3/verification/flow/init', {
      headers: { Token: await a.token() }, json: JSON.parse(init.request.body!.raw),
    });
    expect(answer.status).toBe(201);
    new Function('pm', test)({
      response: { code: answer.status, json: () => answer.body },
      collectionVariables: { set: (k: string, v: string) => void vars.set(k, v) },
    });
    expect(vars.get('flow_uuid')).toBe(answer.body.flow_uuid);
    expect(JSON.parse(byPath('v3/verification/multiupload').request.body!.raw).flow_uuid).toBe('{{flow_uuid}}');
    expect(byPath('v3/verification/status').request.url.raw).toBe('{{baseUrl}}/v3/verification/status?flow_uuid={{flow_uuid}}');
  });
});
