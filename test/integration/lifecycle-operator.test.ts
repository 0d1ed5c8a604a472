/**
 * Operator side of issue 12 items 5 and 9, through the real CLI against a running local service:
 * address-matching secrets (issued, rotated, valid only on address matching, the client secret
 * accepted there until one is issued), per-client retention, and the audit trail.
 */
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
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-lifecycle-'));
  service = await startService({ dataDir });
  a = api(service);
});
afterAll(async () => {
  await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const body = { application_id: 'APP-1', source_address: '12 MG Road, Bengaluru 560001', target_addresses: [{ address: '12 M.G. Road, Bangalore 560001', index: 1 }] };
const match = (client_id: string, client_secret: string) => a.call('POST', '/v1/address/match/batch', { json: body, headers: { client_id, client_secret } });

describe('address-matching credentials', () => {
  it('are issued and rotated by the operator, open address matching only, and retire the client secret there', async () => {
    const { clientId, clientSecret } = JSON.parse((await operator('client', 'create', '--name', 'addr', '--interfaces', 'main,addressMatch')).out);
    // This release still accepts the client secret on address matching, until a secret of its own is issued.
    expect((await match(clientId, clientSecret)).status).toBe(200);

    const issued = await operator('client', 'issue-address-secret', clientId);
    expect(issued.code).toBe(0);
    const first = JSON.parse(issued.out);
    expect(first).toMatchObject({ client_id: clientId, validFor: 'POST /v1/address/match/batch only' });
    expect(first.client_secret).not.toBe(clientSecret);
    expect((await match(clientId, first.client_secret)).status).toBe(200);
    expect((await match(clientId, clientSecret)).body).toEqual({ error: 'Invalid client_id or client_secret' });
    // Valid only there: no token of any interface for the address-matching secret.
    const login = await a.call('POST', '/v3/verification/authtoken', { headers: { 'Client-Id': clientId, 'Client-Secret': first.client_secret } });
    expect(login.status).toBe(401);
    expect(await a.token('main', { clientId, clientSecret })).toBeTruthy();

    const second = JSON.parse((await operator('client', 'issue-address-secret', clientId)).out);
    expect((await match(clientId, first.client_secret)).status).toBe(401);
    expect((await match(clientId, second.client_secret)).status).toBe(200);
    // Rotating the client secret leaves the address-matching one alone.
    expect((await operator('client', 'rotate-secret', clientId)).code).toBe(0);
    expect((await match(clientId, second.client_secret)).status).toBe(200);
    expect((await operator('client', 'disable', clientId)).code).toBe(0);
    expect((await match(clientId, second.client_secret)).status).toBe(401);

    const listed = (await operator('client', 'list')).out;
    expect(listed).not.toContain(second.client_secret);
    const noAddress = JSON.parse((await operator('client', 'create', '--name', 'no-addr', '--interfaces', 'main')).out);
    const refused = await operator('client', 'issue-address-secret', noAddress.clientId);
    expect(refused).toMatchObject({ code: 1 });
    expect(refused.out).toContain('not enabled for addressMatch');
  }, 120_000);
});

describe('retention and the audit trail', () => {
  it('sets a client\'s retention, and lists client changes, rotations and erasures', async () => {
    const { clientId, clientSecret } = JSON.parse((await operator('client', 'create', '--name', 'audited', '--interfaces', 'main')).out);
    expect(JSON.parse((await operator('client', 'set-retention', clientId, '30')).out)).toEqual({ clientId, retentionDays: 30 });
    expect((await operator('client', 'set-retention', clientId, '0')).code).toBe(1);
    expect((await operator('client', 'set-retention', clientId, 'forever')).out).toContain('whole number of days');
    expect((await operator('client', 'list')).out).toMatch(new RegExp(`${clientId}.*30`));
    const rotated = JSON.parse((await operator('client', 'rotate-secret', clientId)).out);

    const token = await a.token('main', { clientId, clientSecret: rotated.clientSecret });
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: { product_type: 'CONSUMER_DURABLE_LOAN', application_id: 'APP-1', auth_url: 'http://127.0.0.1:9/auth', callback_url: 'http://127.0.0.1:9/cb', flow_params: {} },
      headers: { Token: token },
    })).body.flow_uuid;
    expect((await a.call('DELETE', `/v3/verification/flow?flow_uuid=${flow}`, { headers: { Token: token } })).status).toBe(204);
    expect(JSON.parse((await operator('client', 'set-retention', clientId, 'default')).out).retentionDays).toBe('stage');

    const listed = await operator('audit', 'list', '--client', clientId);
    expect(listed.code).toBe(0);
    for (const expected of ['CLIENT_CHANGED', 'SECRET_ROTATED', 'ERASE', `flow:${flow}`, '"retentionDays":30']) expect(listed.out).toContain(expected);
    expect(listed.out).not.toContain(rotated.clientSecret);
    const erasures = await operator('audit', 'list', '--action', 'erase', '--days', '1');
    expect(erasures.out).toContain(`flow:${flow}`);
    expect(erasures.out).not.toContain('SECRET_ROTATED');
    expect((await operator('audit', 'list', '--action', 'nope')).out).toContain('unknown action');
    const swept = await operator('erasure', 'sweep', '--days', '1');
    expect(swept.code).toBe(0);
    expect(swept.out).toContain(`flow:${flow}`);
  }, 120_000);
});
