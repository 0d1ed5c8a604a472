// Standard Webhooks signing (webhook-id / webhook-timestamp / webhook-signature) next to the legacy
// X-Signature, checked against the specification's own test vector so the published verifier
// libraries accept what we send.
import { afterEach, describe, expect, it } from 'vitest';
import { sendCallback, fetchAuthToken } from '#adapters/callbackSender.ts';
import {
  computeStandardSignature,
  newWebhookSecret,
  standardWebhookHeaders,
  standardWebhookKey,
  verifyCallbackSignature,
  verifyStandardWebhook,
} from '#core/callbacks/signature.ts';
import { startServer, type LocalServer } from './localServer.ts';

// The test vector of the Standard Webhooks specification and its reference libraries.
const SPEC = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signature', () => {
  it('reproduces the specification test vector', () => {
    const headers = standardWebhookHeaders(SPEC);
    expect(headers).toEqual({ 'webhook-id': SPEC.id, 'webhook-timestamp': String(SPEC.timestamp), 'webhook-signature': SPEC.signature });
  });

  it('keys whsec_ secrets with their base64-decoded bytes, older secrets with their UTF-8 bytes', () => {
    expect(standardWebhookKey(SPEC.secret)).toEqual(Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'));
    expect(standardWebhookKey('AbC-_legacy')).toEqual(Buffer.from('AbC-_legacy', 'utf8'));
    // Not valid base64 after the prefix: no silent lenient decoding.
    expect(standardWebhookKey('whsec_not-base64_!')).toEqual(Buffer.from('whsec_not-base64_!', 'utf8'));
  });

  it('issues secrets in the whsec_<base64 of 32 bytes> form, each different', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(standardWebhookKey(a)).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(a);
  });

  it('verifies its own headers and rejects tampering, other secrets, stale timestamps, missing headers', () => {
    const headers = standardWebhookHeaders(SPEC);
    const now = SPEC.timestamp + 10;
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers, body: SPEC.body, now })).toEqual({ ok: true, timestamp: SPEC.timestamp });
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers, body: `${SPEC.body} `, now }).ok).toBe(false);
    expect(verifyStandardWebhook({ secret: newWebhookSecret(), headers, body: SPEC.body, now }).ok).toBe(false);
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers: { ...headers, 'webhook-id': 'msg_other' }, body: SPEC.body, now }).ok).toBe(false);
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers, body: SPEC.body, now: SPEC.timestamp + 301 })).toEqual({ ok: false, reason: 'EXPIRED' });
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers: {}, body: SPEC.body, now })).toEqual({ ok: false, reason: 'MALFORMED' });
  });

  it('accepts any of several space-separated signatures (secret rotation) and ignores other versions', () => {
    const headers = standardWebhookHeaders(SPEC);
    const rotated = { ...headers, 'webhook-signature': `v1a,abc v1,${computeStandardSignature({ ...SPEC, secret: newWebhookSecret() })} ${headers['webhook-signature']}` };
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers: rotated, body: SPEC.body, now: SPEC.timestamp }).ok).toBe(true);
    expect(verifyStandardWebhook({ secret: SPEC.secret, headers: { ...headers, 'webhook-signature': 'v2,' + headers['webhook-signature'].slice(3) }, body: SPEC.body, now: SPEC.timestamp }).ok).toBe(false);
  });

  it('gives a token request without an event id a fresh message id', () => {
    const a = standardWebhookHeaders({ secret: SPEC.secret, timestamp: 1, body: '{}' });
    const b = standardWebhookHeaders({ secret: SPEC.secret, timestamp: 1, body: '{}' });
    expect(a['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(a['webhook-id']).not.toBe(b['webhook-id']);
  });
});

describe('deliveries carry both header sets', () => {
  const servers: LocalServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  it('signs the callback and the token request with the legacy and the Standard Webhooks headers', async () => {
    const secret = newWebhookSecret();
    const seen: { url?: string; legacy: boolean; standard: boolean; id?: string }[] = [];
    const s = await startServer((req, res, raw) => {
      seen.push({
        url: req.url,
        legacy: verifyCallbackSignature({ secret, header: req.headers['x-signature'] as string, body: raw }).ok,
        standard: verifyStandardWebhook({ secret, headers: req.headers as Record<string, string>, body: raw }).ok,
        id: req.headers['webhook-id'] as string | undefined,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(req.url === '/auth' ? JSON.stringify({ access_token: 'tok_1' }) : '');
    });
    servers.push(s);
    const r = await sendCallback({
      url: `${s.url}/hook`, authUrl: `${s.url}/auth`, body: { flow_uuid: 'f-1' }, secret, eventId: 'evt-42', allowLoopback: true,
    });
    expect(r.ok).toBe(true);
    expect(seen).toEqual([
      { url: '/auth', legacy: true, standard: true, id: 'evt-42' },
      { url: '/hook', legacy: true, standard: true, id: 'evt-42' },
    ]);
    await fetchAuthToken(`${s.url}/auth`, { secret, allowLoopback: true });
    expect(seen[2]).toMatchObject({ legacy: true, standard: true });
    expect(seen[2].id).toMatch(/^msg_/);
  });
});
