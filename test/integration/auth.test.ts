import { vi } from 'vitest';
import { describe, expect, it, test } from './fixtures.ts';
import { SignJWT } from 'jose';
import { DEMO, makeClient, flowInitBody, type Api } from './harness.ts';
import { updateClient } from '#adapters/store/clients.ts';
import { signingKeys } from '#adapters/signingKey.ts';
import { audienceClaim } from '#core/auth/jwt.ts';
import { hashRefreshToken, hashSecret, newOpaqueSecret } from '#core/auth/credentials.ts';
import { putRefreshToken } from '#adapters/store/refreshTokens.ts';

let a: Api;
test.beforeAll(({ api }) => {
  a = api;
});

const status = (token: string) => a.call('GET', '/v3/verification/status?flow_uuid=x', { headers: { Token: token } });
const login = async () => (await a.call('POST', '/v1/docstream/authtoken', { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } })).body;
const refresh = (token: string) => a.call('POST', '/refresh-token', { headers: { Token: token } });

describe('token endpoints', () => {
  for (const [path, audience] of [['/v3/verification/authtoken', 'main'], ['/v1/docstream/authtoken', 'sandbox'], ['/bulk/authtoken', 'bulk']] as const) {
    it(`${path} issues a ${audience} token for valid credentials`, async () => {
      const res = await a.call('POST', path, { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } });
      expect(res.status).toBe(201);
      expect(res.body.expires_in).toBe(3600);
      expect(res.body.access_token.split('.')).toHaveLength(3);
      expect(typeof res.body.refresh_token).toBe('string');
      const claims = JSON.parse(Buffer.from(res.body.access_token.split('.')[1], 'base64url').toString());
      expect(claims.aud).toBe(audienceClaim(audience));
      expect(claims.exp - claims.iat).toBe(3600);
    });

    it(`${path} answers 400 when a header is missing and 401 for wrong credentials`, async () => {
      const missing = await a.call('POST', path, { headers: { 'Client-Id': DEMO.clientId } });
      expect(missing).toEqual({ status: 400, body: { error: 'Missing Client-Id or Client-Secret' } });
      const wrong = await a.call('POST', path, { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': 'nope' } });
      expect(wrong).toEqual({ status: 401, body: { error: 'Invalid Client-Id or Client-Secret' } });
      const unknown = await a.call('POST', path, { headers: { 'Client-Id': 'cli_unknown', 'Client-Secret': 'nope' } });
      expect(unknown.status).toBe(401);
    });
  }

  it('ignores a body sent to a token endpoint, whatever its content type', async () => {
    const res = await a.call('POST', '/v3/verification/authtoken', {
      raw: 'grant_type=client_credentials',
      headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(201);
  });

  it('refuses a client that is not enabled for the interface', async () => {
    const c = await makeClient({ interfaces: ['main'] });
    const res = await a.call('POST', '/v1/docstream/authtoken', { headers: { 'Client-Id': c.clientId, 'Client-Secret': c.clientSecret } });
    expect(res.status).toBe(401);
  });
});

describe('Token header', () => {
  it('opens main with a main token, and nothing on main with a sandbox or bulk token', async () => {
    expect((await status(await a.token('main'))).status).toBe(409);
    expect((await status(await a.token('sandbox'))).status).toBe(401);
    expect((await status(await a.token('bulk'))).status).toBe(401);
    const sandboxExtracts = await a.call('GET', '/v1/docstream/extracts?batch_id=x', { headers: { Token: await a.token('main') } });
    expect(sandboxExtracts.status).toBe(401);
  });

  it('answers 401 {"error"} for missing, malformed, expired, unsigned and foreign-signed tokens', async () => {
    expect(await a.call('GET', '/v3/verification/status?flow_uuid=x')).toEqual({ status: 401, body: { error: 'Invalid token' } });
    expect((await status('not.a.jwt')).status).toBe(401);
    const keys = await signingKeys();
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('docstream').setSubject(DEMO.clientId)
      .setAudience(audienceClaim('main')).setIssuedAt(past).setExpirationTime(past + 3600).sign(keys.privateKey);
    expect((await status(expired)).status).toBe(401);
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ iss: 'docstream', sub: DEMO.clientId, aud: audienceClaim('main'), iat: past, exp: past + 99999 })).toString('base64url');
    expect((await status(`${header}.${payload}.`)).status).toBe(401);
    const hs = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuer('docstream').setSubject(DEMO.clientId)
      .setAudience(audienceClaim('main')).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('guessable'));
    expect((await status(hs)).status).toBe(401);
  });

  it('stops working when the client is disabled (revocation)', async () => {
    const c = await makeClient();
    const token = await a.token('main', c);
    expect((await status(token)).status).toBe(409);
    await updateClient(c.clientId, { disabled: true });
    expect((await status(token)).status).toBe(401);
    // Enabling the client again does not bring back tokens issued before it was disabled.
    await updateClient(c.clientId, { disabled: false });
    expect((await status(token)).status).toBe(401);
    expect((await status(await a.token('main', c))).status).toBe(409);
  });

  it('stops working when the secret is rotated; tokens issued afterwards work', async () => {
    const c = await makeClient();
    const before = await a.token('main', c);
    expect((await status(before)).status).toBe(409);
    await updateClient(c.clientId, { secretHash: await hashSecret('the-new-secret') });
    const after = await a.token('main', { clientId: c.clientId, clientSecret: 'the-new-secret' });
    expect((await status(before)).status).toBe(401);
    expect((await status(after)).status).toBe(409);
  });
});

describe('POST /refresh-token', () => {
  it('rotates: the new pair works, the old refresh token is spent', async () => {
    const first = await a.call('POST', '/v1/docstream/authtoken', { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } });
    const refreshed = await a.call('POST', '/refresh-token', { headers: { Token: first.body.refresh_token } });
    expect(refreshed.status).toBe(201);
    expect(refreshed.body.expires_in).toBe(3600);
    expect(refreshed.body.refresh_token).not.toBe(first.body.refresh_token);
    // The refreshed access token keeps the sandbox audience.
    const ok = await a.call('GET', '/v1/docstream/extracts?batch_id=BATCH-000000-AAAAAA-20260101000000', { headers: { Token: refreshed.body.access_token } });
    expect(ok.status).not.toBe(401);
    expect((await status(refreshed.body.access_token)).status).toBe(401);
    const again = await a.call('POST', '/refresh-token', { headers: { Token: refreshed.body.refresh_token } });
    expect(again.status).toBe(201);
    expect((await refresh(again.body.refresh_token)).status).toBe(201);
  });

  it('reuse of a spent token revokes the whole family; other sessions live on', async () => {
    const first = (await login()).refresh_token;
    const other = (await login()).refresh_token;
    const second = await refresh(first);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(201);
    // Someone presents the first, spent token (a thief, or the client after a thief used it).
    expect(await refresh(first)).toEqual({ status: 401, body: { error: 'Invalid refresh token' } });
    // Every token descended from that login is dead now, the newest included.
    expect((await refresh(third.body.refresh_token)).status).toBe(401);
    expect((await refresh(second.body.refresh_token)).status).toBe(401);
    // Another login's family is untouched.
    expect((await refresh(other)).status).toBe(201);
  });

  it('two concurrent uses of one token: at most one answer, and the family ends', async () => {
    const token = (await login()).refresh_token;
    const answers = await Promise.all([refresh(token), refresh(token)]);
    const won = answers.filter((r) => r.status === 201);
    expect(won.length).toBeLessThanOrEqual(1);
    expect(answers.filter((r) => r.status === 401).length).toBeGreaterThanOrEqual(1);
    for (const r of won) expect((await refresh(r.body.refresh_token)).status).toBe(401);
  });

  it('a refresh token from before families is accepted once, then continues as a family', async () => {
    const legacy = newOpaqueSecret();
    await putRefreshToken({ tokenHash: hashRefreshToken(legacy), clientId: DEMO.clientId, audience: 'main', expiresAt: Math.floor(Date.now() / 1000) + 3600, revoked: false });
    const first = await refresh(legacy);
    expect(first.status).toBe(201);
    expect((await status(first.body.access_token)).status).toBe(409);
    expect((await refresh(legacy)).status).toBe(401);
    const next = await refresh(first.body.refresh_token);
    expect(next.status).toBe(201);
    // It is a family now: reusing its spent token ends it.
    expect((await refresh(first.body.refresh_token)).status).toBe(401);
    expect((await refresh(next.body.refresh_token)).status).toBe(401);
  });

  it('ends a session 30 days after its login, however often it was rotated', async () => {
    const day = 24 * 3600 * 1000;
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      let token = (await login()).refresh_token;
      for (const d of [10, 20, 29]) {
        vi.setSystemTime(start + d * day);
        const r = await refresh(token);
        expect(r.status, `day ${d}`).toBe(201);
        token = r.body.refresh_token;
      }
      // Rotated a day ago, but the session began 30 days ago: it is over.
      vi.setSystemTime(start + 30 * day + 1000);
      expect((await refresh(token)).status).toBe(401);
      // A new login starts a new session.
      expect((await refresh((await login()).refresh_token)).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 400 without a Token header and 401 for an unknown or access token', async () => {
    expect((await a.call('POST', '/refresh-token')).status).toBe(400);
    expect((await a.call('POST', '/refresh-token', { headers: { Token: 'unknown' } })).status).toBe(401);
    expect((await a.call('POST', '/refresh-token', { headers: { Token: await a.token() } })).status).toBe(401);
  });
});

describe('static address-match credentials', () => {
  it('answers 401 for missing or wrong client_id/client_secret', async () => {
    const body = { application_id: 'a', source_address: 'x', target_addresses: [{ address: 'y', index: 0 }] };
    expect((await a.call('POST', '/v1/address/match/batch', { json: body })).status).toBe(401);
    const wrong = await a.call('POST', '/v1/address/match/batch', { json: body, headers: { client_id: DEMO.clientId, client_secret: 'nope' } });
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid client_id or client_secret' } });
  });
});

describe('flow/init reaches the core only when authenticated', () => {
  it('401 without token even with a valid body', async () => {
    expect((await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody() })).status).toBe(401);
  });
});
