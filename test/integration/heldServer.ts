/**
 * An integrator on loopback whose answers the test can hold: `/auth` (a token for the callback) and
 * `/doc-*.txt` (a document) wait while held, so a request or a file stays in flight as long as a test needs.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldServer {
  url: string;
  /** Hold (true) or answer at once (false); releasing answers everything waiting. */
  holdAuth(on: boolean): void;
  holdFiles(on: boolean): void;
  /** Requests waiting now. */
  waiting(): { auth: number; files: number };
  close(): Promise<void>;
}

export async function startHeldServer(): Promise<HeldServer> {
  const held = { auth: false, files: false };
  const queues = { auth: [] as (() => void)[], files: [] as (() => void)[] };
  const answer = (res: ServerResponse, path: string) => {
    if (path === '/auth') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ access_token: 'held-token', expires_in: 300 }));
    }
    if (path.startsWith('/doc-')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('plain text, not a document');
    }
    res.writeHead(200);
    res.end('ok');
  };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const queue = path === '/auth' ? 'auth' : path.startsWith('/doc-') ? 'files' : undefined;
      if (queue && held[queue]) queues[queue].push(() => answer(res, path));
      else answer(res, path);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const flush = (q: 'auth' | 'files') => queues[q].splice(0).forEach((f) => f());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdAuth(on) {
      held.auth = on;
      if (!on) flush('auth');
    },
    holdFiles(on) {
      held.files = on;
      if (!on) flush('files');
    },
    waiting: () => ({ auth: queues.auth.length, files: queues.files.length }),
    close: () =>
      new Promise<void>((resolve) => {
        flush('auth');
        flush('files');
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
