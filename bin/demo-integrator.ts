/**
 * `npm run demo:integrator`: a stand-in for an integrator on http://127.0.0.1:8080 for the README's
 * quick start: POST /auth answers a token, POST /callback prints what it receives, and GET /<TYPE>.png
 * serves a synthetic document of each CONSUMER_DURABLE_LOAN type (plus /open-box.jpg).
 * WEBHOOK_SECRET (the client's webhook secret, printed by `npm start` at first start): every /auth and
 * /callback request is verified the Standard Webhooks way and the result printed; unverified ones get 401,
 * as a real integrator should answer.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyStandardWebhook } from '#core/callbacks/signature.ts';
import { generateCorpus } from '../test/fixtures/documents/generate.ts';

const port = Number(process.env.INTEGRATOR_PORT ?? 8080);
const webhookSecret = process.env.WEBHOOK_SECRET;
const files = new Map<string, { bytes: Buffer; type: string }>();
for (const f of await generateCorpus({ seed: 5, perType: 1, pdfs: false, types: ['INVOICE', 'IMEI_CLOSEUP_IMAGE', 'AADHAAR', 'PAN', 'DELIVERY_ORDER'] })) {
  files.set(`/${f.type}.${f.mime === 'image/png' ? 'png' : 'jpg'}`, { bytes: f.bytes, type: f.mime });
}
files.set('/open-box.jpg', { bytes: readFileSync(new URL('../test/fixtures/faces/scene-box-one.jpg', import.meta.url)), type: 'image/jpeg' });

/** Prints the verification result; false when a secret is set and the request does not verify. */
function checkSignature(what: string, headers: Record<string, string | string[] | undefined>, body: Buffer): boolean {
  const id = headers['webhook-id'];
  if (!webhookSecret) {
    console.log(`${what} ${id}: signature not checked (set WEBHOOK_SECRET to verify)`);
    return true;
  }
  const result = verifyStandardWebhook({ secret: webhookSecret, headers, body });
  console.log(result.ok ? `${what} ${id}: signature verified (webhook-signature)` : `${what} ${id}: signature NOT verified (${result.reason}): answering 401`);
  return result.ok;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'POST' && (path === '/auth' || path === '/callback') && !checkSignature(path.slice(1), req.headers, Buffer.concat(chunks))) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'signature not verified' }));
    }
    if (req.method === 'POST' && path === '/auth') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ access_token: 'demo-integrator-token', expires_in: 300 }));
    }
    if (req.method === 'POST' && path === '/callback') {
      console.log(`callback ${req.headers['x-event-id']}: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}…`);
      res.writeHead(200);
      return res.end('ok');
    }
    const file = files.get(path);
    if (req.method === 'GET' && file) {
      res.writeHead(200, { 'content-type': file.type });
      return res.end(file.bytes);
    }
    res.writeHead(404);
    res.end();
  });
});
server.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address() as AddressInfo;
  console.log(`demo integrator on http://127.0.0.1:${actual}: ${[...files.keys()].join(' ')}`);
});
