// The verification snippet integrators copy from docs/callbacks.md must agree with our signer.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signCallback } from '#core/callbacks/signature.ts';

type Verify = (rawBody: string | Buffer, header: string | undefined, secret: string, nowSeconds?: number) => boolean;

function loadSnippet(): Verify {
  const doc = readFileSync(fileURLToPath(new URL('../../../../docs/callbacks.md', import.meta.url)), 'utf8');
  const block = /### The original `X-Signature`[\s\S]*?```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('verification snippet not found in docs/callbacks.md');
  const code = block.replace(/^import .*$/m, '');
  return new Function('createHmac', 'timingSafeEqual', `${code}\nreturn isValidCallback;`)(createHmac, timingSafeEqual) as Verify;
}

describe('docs/callbacks.md verification snippet', () => {
  const isValidCallback = loadSnippet();
  const secret = 'whsec_docs_test';
  const body = '{"flow_uuid":"f-1","status":"COMPLETED"}';
  const t = 1_767_225_600;
  const header = signCallback({ secret, timestamp: t, body });

  it('accepts what we sign', () => {
    expect(isValidCallback(body, header, secret, t + 5)).toBe(true);
    expect(isValidCallback(Buffer.from(body), header, secret, t)).toBe(true);
  });

  it('rejects tampering, wrong secrets, stale timestamps and missing headers', () => {
    expect(isValidCallback(body + ' ', header, secret, t)).toBe(false);
    expect(isValidCallback(body, header, 'other', t)).toBe(false);
    expect(isValidCallback(body, header, secret, t + 301)).toBe(false);
    expect(isValidCallback(body, undefined, secret, t)).toBe(false);
  });
});
