// Callback signing, two schemes side by side for one release:
// - legacy: HMAC-SHA256 over `${timestamp}.${body}`, sent as X-Signature: t=<unix seconds>,v1=<hex>
// - Standard Webhooks (https://www.standardwebhooks.com/): webhook-id, webhook-timestamp and
//   webhook-signature: v1,<base64 HMAC-SHA256 over `${id}.${timestamp}.${body}`>, so the published
//   verifier libraries work unchanged.
// The timestamp is inside the signed bytes, so a captured callback cannot be replayed later
// with a fresh timestamp; receivers reject anything outside the tolerance window.
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Signature';
export const TIMESTAMP_HEADER = 'X-Timestamp';
export const EVENT_ID_HEADER = 'X-Event-Id';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export const WEBHOOK_ID_HEADER = 'webhook-id';
export const WEBHOOK_TIMESTAMP_HEADER = 'webhook-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'webhook-signature';
/** Standard Webhooks serialises a secret as this prefix + base64 of the key bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

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
 * The event id of a callback: a UUID-shaped digest of what the event is about (a flow or batch and its
 * set of files), so every execution, retry and replay of one event names it the same, and
 * receivers can de-duplicate on it.
 */
export function eventIdFor(subject: string): string {
  const h = createHash('sha256').update(subject).digest('hex');
  const variant = ((parseInt(h[16], 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A new webhook signing secret in the Standard Webhooks form: `whsec_` + base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The HMAC key of the Standard Webhooks scheme. A `whsec_` secret is base64 of the key bytes (as the
 * spec says). Secrets issued before that form (base64url, no prefix) key with their UTF-8 bytes, the
 * same key as the legacy X-Signature; a library takes them as `whsec_` + base64(secret).
 */
export function standardWebhookKey(secret: string): Buffer {
  if (secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
    const key = Buffer.from(encoded, 'base64');
    if (key.length > 0 && key.toString('base64').replace(/=+$/, '') === encoded.replace(/=+$/, '')) return key;
  }
  return Buffer.from(secret, 'utf8');
}

export interface StandardSignInput extends SignInput {
  /** The webhook-id: the event id, the same on every retry of one event. */
  id: string;
}

/** Base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` with the Standard Webhooks key. */
export function computeStandardSignature({ secret, id, timestamp, body }: StandardSignInput): string {
  return createHmac('sha256', standardWebhookKey(secret)).update(`${id}.${timestamp}.`, 'utf8').update(body).digest('base64');
}

/**
 * The three Standard Webhooks headers. Without an event id (a token request made outside a
 * delivery) a fresh message id is used: the spec requires one and it is inside the signed bytes.
 */
export function standardWebhookHeaders(input: Omit<StandardSignInput, 'id'> & { id?: string }): Record<string, string> {
  const id = input.id ?? `msg_${randomUUID()}`;
  return {
    [WEBHOOK_ID_HEADER]: id,
    [WEBHOOK_TIMESTAMP_HEADER]: String(input.timestamp),
    [WEBHOOK_SIGNATURE_HEADER]: `v1,${computeStandardSignature({ ...input, id })}`,
  };
}

export interface StandardVerifyInput {
  secret: string;
  /** Received headers; names are matched case-insensitively. */
  headers: Record<string, string | string[] | undefined>;
  body: string | Buffer;
  toleranceSeconds?: number;
  now?: number;
}

function headerValue(headers: StandardVerifyInput['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/** Verifies the Standard Webhooks headers (space-separated `v1,<base64>` entries, any one may match). */
export function verifyStandardWebhook({
  secret,
  headers,
  body,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  now = Math.floor(Date.now() / 1000),
}: StandardVerifyInput): VerifyResult {
  const id = headerValue(headers, WEBHOOK_ID_HEADER);
  const ts = headerValue(headers, WEBHOOK_TIMESTAMP_HEADER);
  const sig = headerValue(headers, WEBHOOK_SIGNATURE_HEADER);
  if (!id || !ts || !/^\d{1,12}$/.test(ts) || !sig) return { ok: false, reason: 'MALFORMED' };
  const timestamp = Number(ts);
  if (Math.abs(now - timestamp) > toleranceSeconds) return { ok: false, reason: 'EXPIRED' };
  const expected = Buffer.from(computeStandardSignature({ secret, id, timestamp, body }), 'base64');
  let match = false;
  for (const entry of sig.split(' ')) {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) continue;
    const candidate = Buffer.from(value, 'base64');
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) match = true;
  }
  return match ? { ok: true, timestamp } : { ok: false, reason: 'MISMATCH' };
}
