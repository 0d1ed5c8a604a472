/** Callbacks go over https only (http to loopback only under the local setting) and never follow a redirect. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendCallback, fetchAuthToken } from '#adapters/callbackSender.ts';
import { SafeFetchError, type LookupAll } from '#adapters/safeFetch.ts';
import { startServer, type LocalServer } from './localServer.ts';
import { hasOpenssl, startTlsServer, type TlsServer } from './tlsServer.ts';

const SECRET = 'whsec_unit_test_only';
const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(handler: Parameters<typeof startServer>[0]) {
  const s = await startServer(handler);
  servers.push(s);
  return s;
}

/** A DNS that answers one public address and records what it was asked. */
function publicDns() {
  const asked: string[] = [];
  const lookup: LookupAll = async (hostname) => {
    asked.push(hostname);
    return [{ address: '93.184.216.34', family: 4 }];
  };
  return { asked, lookup };
}

describe('callbacks: https only', () => {
  it('refuses an http callback_url in an AWS stage (no loopback setting), permanently and before connecting', async () => {
    const dns = publicDns();
    const r = await sendCallback({ url: 'http://receiver.example/hook', body: {}, secret: SECRET, eventId: 'e1', lookup: dns.lookup });
    expect(r).toMatchObject({ ok: false, stage: 'callback', retryable: false });
    expect(r.error).toMatch(/^SCHEME_NOT_ALLOWED: .*only https/);
    expect(dns.asked).toEqual(['receiver.example']);
  });

  it('refuses an http auth_url the same way, without calling the callback', async () => {
    const { lookup } = publicDns();
    const r = await sendCallback({ url: 'https://receiver.example/hook', authUrl: 'http://receiver.example/auth', body: {}, secret: SECRET, eventId: 'e2', lookup });
    expect(r).toMatchObject({ ok: false, stage: 'auth', retryable: false });
    expect(r.error).toMatch(/^SCHEME_NOT_ALLOWED/);
    await expect(fetchAuthToken('http://receiver.example/auth', { lookup })).rejects.toMatchObject({ code: 'SCHEME_NOT_ALLOWED' });
  });

  it('under the local setting, http reaches loopback only: a public address over http is still refused', async () => {
    const s = await server((_req, res) => res.end());
    expect(await sendCallback({ url: `${s.url}/hook`, body: {}, secret: SECRET, eventId: 'e3', allowLoopback: true })).toMatchObject({ ok: true, status: 200 });
    const dns = publicDns();
    const r = await sendCallback({ url: 'http://receiver.example/hook', body: {}, secret: SECRET, eventId: 'e4', allowLoopback: true, lookup: dns.lookup });
    expect(r).toMatchObject({ ok: false, retryable: false });
    expect(r.error).toMatch(/^SCHEME_NOT_ALLOWED/);
  });
});

describe('callbacks: redirects are failed attempts', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a ${status} from callback_url is not followed: the body never reaches the other origin`, async () => {
      const elsewhere = await server((_req, res) => res.end('took it'));
      const receiver = await server((_req, res) => {
        res.writeHead(status, { location: `${elsewhere.url}/steal` });
        res.end();
      });
      const r = await sendCallback({ url: `${receiver.url}/hook`, body: { secret: 'personal data' }, secret: SECRET, eventId: `r${status}`, allowLoopback: true });
      expect(r).toMatchObject({ ok: false, status, stage: 'callback', retryable: true });
      expect(r.error).toMatch(/^REDIRECT_NOT_FOLLOWED/);
      expect(receiver.requests).toHaveLength(1);
      expect(elsewhere.requests).toHaveLength(0);
    });
  }

  it('a redirect from auth_url fails the auth stage', async () => {
    const elsewhere = await server((_req, res) => res.end(JSON.stringify({ access_token: 'stolen' })));
    const auth = await server((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/auth` });
      res.end();
    });
    const err = await fetchAuthToken(`${auth.url}/auth`, { allowLoopback: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SafeFetchError);
    expect(err).toMatchObject({ code: 'REDIRECT_NOT_FOLLOWED', status: 307 });
    expect(elsewhere.requests).toHaveLength(0);
  });
});

describe.skipIf(!hasOpenssl)('callbacks: https delivery', () => {
  let tls: TlsServer;
  const seen: string[] = [];

  beforeAll(async () => {
    tls = await startTlsServer('hooks.receiver.test', (req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end();
    });
  });
  afterAll(() => tls?.close());

  it('delivers over https', async () => {
    const lookup: LookupAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const r = await sendCallback({ url: `https://hooks.receiver.test:${tls.port}/hook`, body: {}, secret: SECRET, eventId: 'tls', allowLoopback: true, lookup, ca: tls.cert });
    expect(r).toMatchObject({ ok: true, status: 200 });
    expect(seen).toEqual(['POST /hook']);
  });
});
