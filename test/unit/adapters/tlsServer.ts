// A throwaway HTTPS server on 127.0.0.1 with a self-signed certificate for one host name (openssl
// makes it), for outbound-fetch tests that go through a pinned address.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export interface TlsServer {
  port: number;
  /** The certificate, to pass as the trusted CA. */
  cert: Buffer;
  close(): Promise<void>;
}

export async function startTlsServer(hostName: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TlsServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tls-server-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', `/CN=${hostName}`,
      '-addext', `subjectAltName=DNS:${hostName}`, '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cert,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
