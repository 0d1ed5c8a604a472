import { afterEach, describe, expect, it } from 'vitest';
import { sendCallback, fetchAuthToken, AuthTokenError } from '#adapters/callbackSender.ts';
import { SafeFetchError } from '#adapters/safeFetch.ts';
import { verifyCallbackSignature } from '#core/callbacks/signature.ts';
import { startServer, type LocalServer } from './localServer.ts';

const SECRET = 'whsec_unit_test_only';
const TOKEN = 'tok_abc.DEF-123';

interface Seen {
  auth: { body: unknown; eventId?: string; signatureOk: boolean }[];
  callbacks: { body: string; eventId?: string; authorization?: string; signatureOk: boolean; timestampHeader?: string }[];
}

/** An integrator: /auth hands out a token to signed requests; /hook accepts signed calls with it. */
async function integrator(opts: { hookStatus?: number; authStatus?: number; authBody?: string } = {}) {
  const seen: Seen = { auth: [], callbacks: [] };
  const s = await startServer((req, res, raw) => {
    const signatureOk = verifyCallbackSignature({ secret: SECRET, header: req.headers['x-signature'] as string, body: raw }).ok;
    const eventId = req.headers['x-event-id'] as string | undefined;
    if (req.url === '/auth') {
      seen.auth.push({ body: JSON.parse(raw.toString()), eventId, signatureOk });
      res.writeHead(opts.authStatus ?? 200, { 'content-type': 'application/json' });
      return void res.end(opts.authBody ?? JSON.stringify({ access_token: TOKEN, expires_in: 3600 }));
    }
    seen.callbacks.push({
      body: raw.toString(),
      eventId,
      authorization: req.headers.authorization,
      signatureOk,
      timestampHeader: req.headers['x-timestamp'] as string | undefined,
    });
    const authorised = !!req.headers.authorization && req.headers.authorization === `Bearer ${TOKEN}`;
    res.statusCode = opts.hookStatus ?? (authorised && signatureOk ? 200 : 401);
    res.end();
  });
  servers.push(s);
  return { s, seen };
}

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const payload = { flow_uuid: 'flow-1', ocr_data: [{ document_id: 'd1' }], cross_checks: [] };

describe('sendCallback', () => {
  it('gets a token from auth_url, then POSTs the signed body with it', async () => {
    const { s, seen } = await integrator();
    const r = await sendCallback({
      url: `${s.url}/hook`,
      authUrl: `${s.url}/auth`,
      body: payload,
      secret: SECRET,
      eventId: 'evt-1',
      applicationId: 'app-9',
      allowLoopback: true,
    });
    expect(r).toMatchObject({ ok: true, status: 200, stage: 'callback' });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
    expect(seen.auth).toEqual([{ body: { grant_type: 'client_credentials', application_id: 'app-9' }, eventId: 'evt-1', signatureOk: true }]);
    expect(seen.callbacks).toHaveLength(1);
    const cb = seen.callbacks[0];
    expect(cb).toMatchObject({ eventId: 'evt-1', authorization: `Bearer ${TOKEN}`, signatureOk: true });
    expect(JSON.parse(cb.body)).toEqual(payload);
    expect(cb.timestampHeader).toMatch(/^\d+$/);
  });

  it('sends a pre-serialised body byte for byte and without auth_url sends no Authorization', async () => {
    const { s, seen } = await integrator({ hookStatus: 204 });
    const body = '{"b":2,  "a":1}';
    const r = await sendCallback({ url: `${s.url}/hook`, body, secret: SECRET, eventId: 'evt-2', allowLoopback: true });
    expect(r).toMatchObject({ ok: true, status: 204 });
    expect(seen.auth).toHaveLength(0);
    expect(seen.callbacks[0]).toMatchObject({ body, authorization: undefined, signatureOk: true });
  });

  it('the receiver rejects a signature made with another secret', async () => {
    const { s } = await integrator();
    const r = await sendCallback({ url: `${s.url}/hook`, authUrl: `${s.url}/auth`, body: payload, secret: 'wrong', eventId: 'e', allowLoopback: true });
    expect(r).toMatchObject({ ok: false, status: 401, stage: 'callback', retryable: true });
  });

  it('reports a non-2xx callback answer as ok:false with its status', async () => {
    const { s } = await integrator({ hookStatus: 503 });
    const r = await sendCallback({ url: `${s.url}/hook`, authUrl: `${s.url}/auth`, body: payload, secret: SECRET, eventId: 'e', allowLoopback: true });
    expect(r).toMatchObject({ ok: false, status: 503, stage: 'callback', retryable: true });
    expect(r.error).toMatch(/^HTTP_STATUS: /);
  });

  it('stops at the auth stage when auth_url fails, without calling the callback', async () => {
    const { s, seen } = await integrator({ authStatus: 500 });
    const r = await sendCallback({ url: `${s.url}/hook`, authUrl: `${s.url}/auth`, body: payload, secret: SECRET, eventId: 'e', allowLoopback: true });
    expect(r).toMatchObject({ ok: false, status: 500, stage: 'auth' });
    expect(seen.callbacks).toHaveLength(0);
  });

  it('refuses internal callback URLs as permanent failures', async () => {
    const r = await sendCallback({ url: 'http://169.254.169.254/latest/meta-data/', body: payload, secret: SECRET, eventId: 'e', allowLoopback: true });
    expect(r).toMatchObject({ ok: false, stage: 'callback', retryable: false });
    expect(r.error).toMatch(/^ADDRESS_NOT_ALLOWED: /);
    const local = await sendCallback({ url: 'http://127.0.0.1:9/hook', body: payload, secret: SECRET, eventId: 'e' });
    expect(local).toMatchObject({ ok: false, retryable: false });
  });

  it('never puts the token or query strings into the error', async () => {
    const { s } = await integrator({ hookStatus: 500 });
    const r = await sendCallback({
      url: `${s.url}/hook?api_key=qsecret`,
      authUrl: `${s.url}/auth?client_secret=qsecret2`,
      body: payload,
      secret: SECRET,
      eventId: 'e',
      allowLoopback: true,
    });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r)).not.toMatch(/qsecret|tok_abc|whsec/);
  });
});

describe('fetchAuthToken', () => {
  it('returns the token and expiry', async () => {
    const { s } = await integrator();
    expect(await fetchAuthToken(`${s.url}/auth`, { allowLoopback: true })).toEqual({ accessToken: TOKEN, expiresIn: 3600 });
  });

  it.each([
    ['not json', 'hello'],
    ['no token', '{"token":"x"}'],
    ['empty token', '{"access_token":""}'],
    ['token with a newline', '{"access_token":"a\\r\\nX-Evil: 1"}'],
    ['token not a string', '{"access_token":42}'],
  ])('throws AuthTokenError on %s', async (_label, authBody) => {
    const { s } = await integrator({ authBody });
    const err = await fetchAuthToken(`${s.url}/auth`, { allowLoopback: true }).catch((e) => e);
    expect(err).toBeInstanceOf(AuthTokenError);
    expect(err.name).toBe('FetchRejectedError');
  });

  it('throws SafeFetchError on an unreachable or refused auth_url', async () => {
    const closed = await startServer(() => undefined);
    await closed.close();
    const down = await fetchAuthToken(`${closed.url}/auth`, { allowLoopback: true }).catch((e) => e);
    expect(down).toBeInstanceOf(SafeFetchError);
    expect(down.code).toBe('CONNECTION_FAILED');
    const internal = await fetchAuthToken('http://10.0.0.5/auth').catch((e) => e);
    expect(internal.code).toBe('ADDRESS_NOT_ALLOWED');
  });
});

describe('sendCallback: oversized answers', () => {
  it('counts a 2xx with a huge answer body as delivered', async () => {
    const s = await startServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      res.write('x');
    });
    servers.push(s);
    const r = await sendCallback({ url: `${s.url}/hook`, body: payload, secret: SECRET, eventId: 'e', allowLoopback: true });
    expect(r).toMatchObject({ ok: true, status: 200 });
  });
});
