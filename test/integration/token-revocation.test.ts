/** Operator CLI actions end what was issued before them: access tokens and refresh-token families. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, operatorCli, startService, type Api } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';

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
    expect((await status(before.access_token)).status).toBe(401);
    expect((await refresh(before.refresh_token)).status).toBe(401);

    const after = await login(clientId, rotated.clientSecret);
    expect((await status(after.access_token)).status).toBe(409);
    expect((await refresh(after.refresh_token)).status).toBe(201);
  });

  it('client disable, then enable: nothing issued before the disable comes back', async () => {
    const { clientId, clientSecret } = await newClient();
    const before = await login(clientId, clientSecret);
    expect((await operator('client', 'disable', clientId)).code).toBe(0);
    expect((await status(before.access_token)).status).toBe(401);
    expect((await operator('client', 'enable', clientId)).code).toBe(0);
    expect((await status(before.access_token)).status).toBe(401);
    expect((await refresh(before.refresh_token)).status).toBe(401);
    expect((await status((await login(clientId, clientSecret)).access_token)).status).toBe(409);
  });
});
