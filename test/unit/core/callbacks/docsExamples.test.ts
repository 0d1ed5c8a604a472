// The Standard Webhooks verification examples integrators copy from docs/callbacks.md (Node, Python,
// Java) must accept what we sign and reject what we would not. Each example runs as written in its
// own runtime; Python and Java are skipped (with the reason) only when the runtime is absent.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { computeStandardSignature, newWebhookSecret, standardWebhookHeaders } from '#core/callbacks/signature.ts';

const doc = readFileSync(fileURLToPath(new URL('../../../../docs/callbacks.md', import.meta.url)), 'utf8');

function example(heading: string, lang: string): string {
  const block = new RegExp(`### ${heading}[^\\n]*\\n[\\s\\S]*?\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(doc)?.[1];
  if (!block) throw new Error(`${heading} example (${lang}) not found in docs/callbacks.md`);
  return block;
}

function has(cmd: string, args: string[]): boolean {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

interface Case {
  name: string;
  body: string;
  headers: Record<string, string>;
  secret: string;
  now: number;
  expected: boolean;
}

const t = 1_767_225_600;
const secret = newWebhookSecret();
const legacySecret = 'Zx9-legacy_base64url_secret_0123456789abcdef'; // issued before whsec_ secrets
const body = '{"flow_uuid":"f-1","status":"COMPLETED","name":"सविता ₹"}'; // non-ASCII: bytes, not chars
const signed = standardWebhookHeaders({ secret, id: 'evt-1', timestamp: t, body });

const cases: Case[] = [
  { name: 'what we sign', body, headers: signed, secret, now: t + 5, expected: true },
  { name: 'a pre-whsec secret', body, headers: standardWebhookHeaders({ secret: legacySecret, id: 'evt-1', timestamp: t, body }), secret: legacySecret, now: t, expected: true },
  {
    name: 'a rotation with two signatures, ours second',
    body,
    headers: { ...signed, 'webhook-signature': `v1,${computeStandardSignature({ secret: newWebhookSecret(), id: 'evt-1', timestamp: t, body })} ${signed['webhook-signature']}` },
    secret, now: t, expected: true,
  },
  { name: 'a tampered body', body: `${body} `, headers: signed, secret, now: t, expected: false },
  { name: 'another secret', body, headers: signed, secret: newWebhookSecret(), now: t, expected: false },
  { name: 'another webhook-id', body, headers: { ...signed, 'webhook-id': 'evt-2' }, secret, now: t, expected: false },
  { name: 'a stale timestamp', body, headers: signed, secret, now: t + 301, expected: false },
  { name: 'a future timestamp', body, headers: signed, secret, now: t - 301, expected: false },
  { name: 'no signature header', body, headers: { 'webhook-id': 'evt-1', 'webhook-timestamp': String(t) }, secret, now: t, expected: false },
  { name: 'a non-v1 version', body, headers: { ...signed, 'webhook-signature': signed['webhook-signature'].replace('v1,', 'v2,') }, secret, now: t, expected: false },
  { name: 'garbage signature', body, headers: { ...signed, 'webhook-signature': 'v1,%%%not-base64' }, secret, now: t, expected: false },
];

/** One case per line, tab-separated, body in base64 (its bytes), empty string for a missing header. */
function casesAsLines(): string {
  return cases
    .map((c) => [Buffer.from(c.body, 'utf8').toString('base64'), c.headers['webhook-id'] ?? '', c.headers['webhook-timestamp'] ?? '', c.headers['webhook-signature'] ?? '', c.secret, String(c.now)].join('\t'))
    .join('\n');
}

const expectedLines = cases.map((c) => String(c.expected));
const dir = mkdtempSync(join(tmpdir(), 'webhook-examples-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('docs/callbacks.md Standard Webhooks examples', () => {
  it('Node: the example accepts what we sign and rejects the rest', () => {
    const code = example('Node', 'js').replace(/^import .*$/m, '');
    type Verify = (raw: string | Buffer, headers: Record<string, string>, secret: string, now?: number) => boolean;
    const verify = new Function('createHmac', 'timingSafeEqual', `${code}\nreturn verifyWebhook;`)(createHmac, timingSafeEqual) as Verify;
    expect(cases.map((c) => String(verify(Buffer.from(c.body), c.headers, c.secret, c.now)))).toEqual(expectedLines);
    expect(verify(body, signed, secret, t)).toBe(true); // a string body works too
  });

  const python = has('python3', ['--version']);
  it.skipIf(!python)(`Python: the example accepts what we sign and rejects the rest${python ? '' : ' (skipped: python3 is not installed)'}`, () => {
    const harness = `${example('Python', 'python')}
import sys
for line in sys.stdin.read().splitlines():
    b, i, ts, sig, sec, now = line.split("\\t")
    headers = {k: v for k, v in (("webhook-id", i), ("webhook-timestamp", ts), ("webhook-signature", sig)) if v}
    print("true" if verify_webhook(base64.b64decode(b), headers, sec, float(now)) else "false")
`;
    writeFileSync(join(dir, 'verify.py'), harness);
    const out = execFileSync('python3', [join(dir, 'verify.py')], { input: casesAsLines(), encoding: 'utf8', timeout: 30_000 });
    expect(out.trim().split('\n')).toEqual(expectedLines);
  });

  const java = has('javac', ['-version']) && has('java', ['-version']);
  it.skipIf(!java)(`Java: the example accepts what we sign and rejects the rest${java ? '' : ' (skipped: a JDK is not installed)'}`, () => {
    writeFileSync(join(dir, 'WebhookVerifier.java'), example('Java', 'java'));
    writeFileSync(join(dir, 'Harness.java'), `
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Base64;
public class Harness {
  public static void main(String[] args) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, "UTF-8"));
    for (String line; (line = in.readLine()) != null; ) {
      String[] f = line.split("\\t", -1);
      System.out.println(WebhookVerifier.verify(Base64.getDecoder().decode(f[0]), f[1].isEmpty() ? null : f[1],
          f[2].isEmpty() ? null : f[2], f[3].isEmpty() ? null : f[3], f[4], Long.parseLong(f[5])));
    }
  }
}
`);
    execFileSync('javac', ['-d', dir, join(dir, 'WebhookVerifier.java'), join(dir, 'Harness.java')], { timeout: 60_000 });
    const out = execFileSync('java', ['-cp', dir, 'Harness'], { input: casesAsLines(), encoding: 'utf8', timeout: 30_000 });
    expect(out.trim().split('\n')).toEqual(expectedLines);
  }, 120_000);
});
