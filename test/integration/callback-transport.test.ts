/** Over HTTP: callback and auth URLs are https in AWS stages, and a redirecting receiver never gets the body moved elsewhere. */
import { afterAll, beforeAll } from 'vitest';
import { describe, expect, it, test } from './fixtures.ts';
import { flowInitBody, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import { startServer, type LocalServer } from '../unit/adapters/localServer.ts';

let a: Api;
let integrator: Integrator;
let token: string;
test.beforeAll(({ api, token: mainToken, integrator: started }) => {
  [a, token, integrator] = [api, mainToken, started];
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
});

const init = (over: Record<string, unknown>) => a.call('POST', '/v3/verification/flow/init', { json: flowInitBody(over), headers: { Token: token } });

describe('https only outside the local setting', () => {
  it('flow/init refuses http auth_url and callback_url when loopback is not allowed (AWS stages), and takes https', async () => {
    process.env.ALLOW_LOOPBACK_URLS = 'false';
    try {
      for (const field of ['auth_url', 'callback_url']) {
        const res = await init({ auth_url: 'https://lender.example/auth', callback_url: 'https://lender.example/cb', [field]: `http://lender.example/${field}` });
        expect(res.status, field).toBe(400);
        expect(res.body).toEqual({ error: `Invalid parameters: ${field} (must be an https URL)` });
      }
      expect((await init({ auth_url: 'https://lender.example/auth', callback_url: 'https://lender.example/cb' })).status).toBe(201);
    } finally {
      process.env.ALLOW_LOOPBACK_URLS = 'true';
    }
  });
});

describe('redirects are not followed', () => {
  let elsewhere: LocalServer;
  let redirecting: LocalServer;
  beforeAll(async () => {
    elsewhere = await startServer((_req, res) => res.end(JSON.stringify({ access_token: 'stolen' })));
    redirecting = await startServer((req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}${req.url}` });
      res.end();
    });
  });
  afterAll(async () => {
    await elsewhere.close();
    await redirecting.close();
  });

  it('an auth_url answering 307 makes multiupload a 422; the redirect target hears nothing', async () => {
    const flow = (await init({ auth_url: `${redirecting.url}/auth`, callback_url: `${integrator.url}/callback` })).body.flow_uuid;
    const res = await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'd1' }] }, headers: { Token: token },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/REDIRECT_NOT_FOLLOWED/);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('a callback_url answering 307 is a failed attempt (retried), and the body never reaches the other origin', async () => {
    const flow = (await init({ auth_url: `${integrator.url}/auth`, callback_url: `${redirecting.url}/callback` })).body.flow_uuid;
    const res = await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/note.txt`, document_id: 'd1' }] }, headers: { Token: token },
    });
    expect(res.status).toBe(201);
    await waitFor(async () => redirecting.requests.filter((r) => r.url === '/callback').length, (n) => n >= 2, 60_000);
    expect(elsewhere.requests).toHaveLength(0);
  });
});
