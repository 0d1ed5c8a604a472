// Callback signing: HMAC-SHA256 over `${timestamp}.${body}`, sent as
//   X-Signature: t=<unix seconds>,v1=<hex>
// The timestamp is inside the signed bytes, so a captured callback cannot be replayed later
// with a fresh timestamp; receivers reject anything outside the tolerance window.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Signature';
export const TIMESTAMP_HEADER = 'X-Timestamp';
export const EVENT_ID_HEADER = 'X-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export interface SignInput {
  secret: string;
  /** Unix seconds. */
  timestamp: number;
  /** The exact bytes sent as the request body. */
  body: string | Buffer;
}

/** Hex HMAC-SHA256 of `${timestamp}.${body}`. */
export function computeSignature({ secret, timestamp, body }: SignInput): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(body).digest('hex');
}

/** The X-Signature header value: `t=<timestamp>,v1=<hex>`. */
export function signCallback(input: SignInput): string {
  return `t=${input.timestamp},v1=${computeSignature(input)}`;
}

export interface ParsedSignatureHeader {
  timestamp: number;
  /** Every v1 value; more than one appears while a secret is being rotated. */
  signatures: string[];
}

export function parseSignatureHeader(header: string): ParsedSignatureHeader | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'MALFORMED' | 'EXPIRED' | 'MISMATCH' };

export interface VerifyInput {
  secret: string;
  /** The X-Signature header value as received. */
  header: string | undefined;
  /** The raw body as received (before any JSON parsing). */
  body: string | Buffer;
  toleranceSeconds?: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}

export function verifyCallbackSignature({
  secret,
  header,
  body,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now = Math.floor(Date.now() / 1000),
}: VerifyInput): VerifyResult {
  const parsed = header ? parseSignatureHeader(header) : undefined;
  if (!parsed) return { ok: false, reason: 'MALFORMED' };
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'EXPIRED' };
  const expected = Buffer.from(computeSignature({ secret, timestamp: parsed.timestamp, body }), 'hex');
  // Check every candidate (no early exit) with a constant-time compare of equal-length buffers.
  let match = false;
  for (const candidate of parsed.signatures) {
    if (timingSafeEqual(Buffer.from(candidate, 'hex'), expected)) match = true;
  }
  return match ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: 'MISMATCH' };
}

/**
 * The event id of a callback: a UUID-shaped digest of what the event is about (an owner and its
 * set of files), so every execution, retry and replay of one event names it the same, and
 * receivers can de-duplicate on it.
 */
export function eventIdFor(subject: string): string {
  const h = createHash('sha256').update(subject).digest('hex');
  const variant = ((parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
