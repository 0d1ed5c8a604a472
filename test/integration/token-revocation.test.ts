/** Operator CLI actions end what was issued before them: access tokens and refresh-token families. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, operatorCli, startService, type Api } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';

// Each operator call is a CLI process start (seconds each; tens of seconds on a loaded machine), not a timing under test.
const CLI_TIMEOUT = 120_000;

let service: LocalService;
let a: Api;
let dataDir: string;

const operator = (...args: string[]) => operatorCli(dataDir, ...args);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-revoke-'));
  service = await startService({ dataDir });
  a = api(service);
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const status = (token: string) => a.call('GET', '/v3/verification/status?flow_uuid=x', { headers: { Token: token } });
const login = async (clientId: string, clientSecret: string) =>
  (await a.call('POST', '/v3/verification/authtoken', { headers: { 'Client-Id': clientId, 'Client-Secret': clientSecret } })).body;
const refresh = (token: string) => a.call('POST', '/refresh-token', { headers: { Token: token } });

/**
 * The operator CLI writes from another process: this service may serve a client record it read
 * within the documented cache window (CLIENT_CACHE_SECONDS, 5 s by default; docs/decisions.md), and
 * must answer as the write says by the end of it.
 */
async function withinCacheWindow(request: () => Promise<{ status: number }>, expected: number) {
  const until = Date.now() + 5_000 + 1_500;
  let last = await request();
  while (last.status !== expected && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    last = await request();
  }
  return last.status;
}
const refusedWithinCacheWindow = (request: () => Promise<{ status: number }>) => withinCacheWindow(request, 401);

async function newClient() {
  const created = await operator('client', 'create', '--name', 'revoke', '--interfaces', 'main');
  expect(created.code).toBe(0);
  return JSON.parse(created.out) as { clientId: string; clientSecret: string };
}

describe('operator CLI revocation', () => {
  it('client rotate-secret: access and refresh tokens issued before stop working', async () => {
    const { clientId, clientSecret } = await newClient();
    const before = await login(clientId, clientSecret);
    expect((await status(before.access_token)).status).toBe(409);

    const rotated = JSON.parse((await operator('client', 'rotate-secret', clientId)).out);
    expect(await refusedWithinCacheWindow(() => status(before.access_token))).toBe(401);
    expect(await refusedWithinCacheWindow(() => refresh(before.refresh_token))).toBe(401);

    const after = await login(clientId, rotated.clientSecret);
    expect((await status(after.access_token)).status).toBe(409);
    expect((await refresh(after.refresh_token)).status).toBe(201);
  }, CLI_TIMEOUT);

  it('client disable, then enable: nothing issued before the disable comes back', async () => {
    const { clientId, clientSecret } = await newClient();
    const before = await login(clientId, clientSecret);
    expect((await operator('client', 'disable', clientId)).code).toBe(0);
    expect(await refusedWithinCacheWindow(() => status(before.access_token))).toBe(401);
    expect((await operator('client', 'enable', clientId)).code).toBe(0);
    expect((await status(before.access_token)).status).toBe(401);
    expect((await refresh(before.refresh_token)).status).toBe(401);
    const fresh = (await login(clientId, clientSecret)).access_token;
    expect(await withinCacheWindow(() => status(fresh), 409)).toBe(409);
  }, CLI_TIMEOUT);
});
