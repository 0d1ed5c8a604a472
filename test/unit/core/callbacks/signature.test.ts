import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  computeSignature,
  eventIdFor,
  parseSignatureHeader,
  signCallback,
  verifyCallbackSignature,
} from '#core/callbacks/signature.ts';

const secret = 'whsec_test_only_not_real';
const body = JSON.stringify({ flow_uuid: 'f-1', ocr_data: [], cross_checks: [] });
const t = 1_767_225_600; // 2026-01-01T00:00:00Z

describe('signCallback', () => {
  it('is HMAC-SHA256 hex over `${timestamp}.${body}` in the t=,v1= header form', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(computeSignature({ secret, timestamp: t, body })).toBe(expected);
    expect(signCallback({ secret, timestamp: t, body })).toBe(`t=${t},v1=${expected}`);
  });

  it('signs Buffers and strings identically', () => {
    expect(signCallback({ secret, timestamp: t, body: Buffer.from(body) })).toBe(signCallback({ secret, timestamp: t, body }));
  });
});

describe('verifyCallbackSignature', () => {
  const header = signCallback({ secret, timestamp: t, body });

  it('accepts a fresh, untouched callback', () => {
    expect(verifyCallbackSignature({ secret, header, body, now: t + 10 })).toEqual({ ok: true, timestamp: t });
  });

  it('rejects a tampered body, a tampered timestamp and a wrong secret', () => {
    expect(verifyCallbackSignature({ secret, header, body: body.replace('f-1', 'f-2'), now: t })).toEqual({ ok: false, reason: 'MISMATCH' });
    const moved = header.replace(`t=${t}`, `t=${t + 1}`);
    expect(verifyCallbackSignature({ secret, header: moved, body, now: t })).toEqual({ ok: false, reason: 'MISMATCH' });
    expect(verifyCallbackSignature({ secret: 'other', header, body, now: t })).toEqual({ ok: false, reason: 'MISMATCH' });
  });

  it('rejects timestamps outside the tolerance window, in either direction', () => {
    expect(verifyCallbackSignature({ secret, header, body, now: t + 300 }).ok).toBe(true);
    expect(verifyCallbackSignature({ secret, header, body, now: t + 301 })).toEqual({ ok: false, reason: 'EXPIRED' });
    expect(verifyCallbackSignature({ secret, header, body, now: t - 301 })).toEqual({ ok: false, reason: 'EXPIRED' });
    expect(verifyCallbackSignature({ secret, header, body, now: t + 1000, toleranceSeconds: 3600 }).ok).toBe(true);
  });

  it('rejects missing or malformed headers', () => {
    for (const h of [undefined, '', 'v1=abc', `t=${t}`, `t=abc,v1=${'0'.repeat(64)}`, `t=${t},v1=zz`, 'garbage']) {
      expect(verifyCallbackSignature({ secret, header: h, body, now: t }), String(h)).toEqual({ ok: false, reason: 'MALFORMED' });
    }
  });

  it('accepts any matching v1 among several (secret rotation)', () => {
    const old = computeSignature({ secret: 'old-secret', timestamp: t, body });
    const both = `t=${t},v1=${old},v1=${computeSignature({ secret, timestamp: t, body })}`;
    expect(verifyCallbackSignature({ secret, header: both, body, now: t }).ok).toBe(true);
    expect(verifyCallbackSignature({ secret: 'old-secret', header: both, body, now: t }).ok).toBe(true);
    expect(verifyCallbackSignature({ secret: 'third', header: both, body, now: t }).ok).toBe(false);
  });

  it('parses headers with spaces and upper-case hex', () => {
    const sig = computeSignature({ secret, timestamp: t, body });
    expect(parseSignatureHeader(` t=${t} , v1=${sig.toUpperCase()} `)).toEqual({ timestamp: t, signatures: [sig] });
  });
});

describe('eventIdFor', () => {
  it('is a UUID, the same for the same subject and different for another', () => {
    const a = eventIdFor('CLIENT#c#FLOW#f:3');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdFor('CLIENT#c#FLOW#f:3')).toBe(a);
    expect(eventIdFor('CLIENT#c#FLOW#f:4')).not.toBe(a);
  });
});
