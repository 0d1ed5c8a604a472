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
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-op-'));
  service = await startService({ dataDir });
  a = api(service);
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operator CLI against the local runtime', () => {
  it('creates a client whose credentials work, rotates its secret, lists and disables it', async () => {
    const created = await operator('client', 'create', '--name', 'acme', '--products', 'MSME_LOAN', '--interfaces', 'main,addressMatch');
    expect(created.code).toBe(0);
    const { clientId, clientSecret } = JSON.parse(created.out);
    expect(await a.token('main', { clientId, clientSecret })).toBeTruthy();
    await expect(a.token('sandbox', { clientId, clientSecret })).rejects.toThrow(/401/);

    const rotated = JSON.parse((await operator('client', 'rotate-secret', clientId)).out);
    await expect(a.token('main', { clientId, clientSecret })).rejects.toThrow(/401/);
    expect(await a.token('main', { clientId, clientSecret: rotated.clientSecret })).toBeTruthy();

    const listed = await operator('client', 'list');
    expect(listed.out).toContain(clientId);
    expect(listed.out).not.toContain(rotated.clientSecret);

    expect((await operator('client', 'disable', clientId)).code).toBe(0);
    await expect(a.token('main', { clientId, clientSecret: rotated.clientSecret })).rejects.toThrow(/401/);
  }, CLI_TIMEOUT);

  it('sets the account-level callback and refuses bad input with a message and exit code 1', async () => {
    const { clientId } = JSON.parse((await operator('client', 'create', '--name', 'cb')).out);
    const set = await operator('client', 'set-callback', clientId, '--callback-url', 'https://example.test/cb', '--auth-url', 'https://example.test/auth');
    expect(set.code).toBe(0);
    expect((await operator('client', 'list')).out).toContain('https://example.test/cb');
    const bad = await operator('client', 'set-callback', clientId, '--callback-url', 'ftp://x', '--auth-url', 'https://example.test/auth');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('callback-url');
    expect((await operator('client', 'disable', 'cli_nobody')).out).toContain('no client cli_nobody');
    expect((await operator('client', 'create', '--name', 'x', '--products', 'GOLD')).out).toContain('unknown product: GOLD');
  }, CLI_TIMEOUT);
});
