/**
 * A stand-in for an integrator's systems on loopback: serves document files, answers auth_url
 * with a token, and records the callbacks it receives (optionally failing the first N).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Integrator {
  url: string;
  files: Map<string, { bytes: Buffer; type: string }>;
  callbacks: ReceivedCallback[];
  /** Every token request made to /auth, as received. */
  authCalls: ReceivedCallback[];
  /** Answer the next N callbacks with 503 (then 200); Infinity: down for good. */
  failNextCallbacks(n: number): void;
  authRequests: number;
  close(): Promise<void>;
}

export async function startIntegrator(): Promise<Integrator> {
  const files = new Map<string, { bytes: Buffer; type: string }>();
  const callbacks: ReceivedCallback[] = [];
  const authCalls: ReceivedCallback[] = [];
  let failures = 0;
  const state = { authRequests: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'POST' && path === '/auth') {
        state.authRequests++;
        authCalls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ access_token: 'integrator-issued-token', expires_in: 300 }));
      }
      if (req.method === 'POST' && path === '/callback') {
        if (req.headers.authorization !== 'Bearer integrator-issued-token') {
          res.writeHead(401);
          return res.end();
        }
        callbacks.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (failures > 0) {
          failures--;
          res.writeHead(503);
          return res.end();
        }
        res.writeHead(200);
        return res.end('ok');
      }
      const file = files.get(path);
      if (req.method === 'GET' && file) {
        res.writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length });
        return res.end(file.bytes);
      }
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url, files, callbacks, authCalls,
    failNextCallbacks(n) {
      failures = n;
    },
    get authRequests() {
      return state.authRequests;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Polls until `done` holds or the time runs out (the pipeline is asynchronous). */
export async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting; last value: ${JSON.stringify(v).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
