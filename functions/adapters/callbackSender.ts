// One callback delivery attempt: token from the integrator's auth_url, then a signed POST to
// callback_url. Retries are not made here: the state machine owns the schedule (DeliverCallback's
// Retry in statemachines/pipeline.asl.json) and calls this once per attempt with the same event id.
import { performance } from 'node:perf_hooks';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
  signCallback,
  standardWebhookHeaders,
} from '../core/callbacks/signature.ts';
import { SafeFetchError, describeUrl, safeFetch, type LookupAll } from './safeFetch.ts';

/** Callbacks are small JSON exchanges: tighter limits than document downloads. */
export const CALLBACK_FETCH_LIMITS = {
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 15_000,
  /** We never use the receiver's answer body; this only bounds what we read of it. */
  maxResponseBytes: 1024 * 1024,
  maxAuthResponseBytes: 64 * 1024,
} as const;

/**
 * Callback bodies (and the token that opens the receiver) carry personal data: https only (http
 * to loopback only under the local setting), and a redirect is a failed attempt, never followed.
 */
const CALLBACK_TRANSPORT = { httpsOnly: true, followRedirects: false } as const;

export interface OutboundOptions {
  /** Local mode only: lets auth_url / callback_url point at 127.0.0.0/8 or ::1. */
  allowLoopback?: boolean;
  /** Tests: stage DNS answers. */
  lookup?: LookupAll;
  /** Tests: shorten the limits. */
  totalTimeoutMs?: number;
  /** Extra TLS trust roots (tests, private deployments). */
  ca?: string | Buffer;
}

export interface AuthToken {
  accessToken: string;
  expiresIn?: number;
}

/** The auth_url answered 2xx but not with a usable token. */
export class AuthTokenError extends Error {
  readonly code = 'AUTH_TOKEN_INVALID';
  readonly transient = false;
  constructor(message: string) {
    super(message);
    this.name = 'FetchRejectedError';
  }
}

export interface FetchAuthTokenInput extends OutboundOptions {
  applicationId?: string;
  /** Sent as X-Event-Id so the integrator can tie the token request to the callback. */
  eventId?: string;
  /** When given, the token request is signed like a callback so the integrator can trust it. */
  secret?: string;
  /** Unix seconds; defaults to the clock. */
  now?: () => number;
}

const TOKEN_PATTERN = /^[\x21-\x7e]{1,4096}$/; // visible ASCII only: it goes into a header

function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

function signedHeaders(secret: string | undefined, eventId: string | undefined, body: string, now: () => number): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (eventId) headers[EVENT_ID_HEADER] = eventId;
  if (secret) {
    const timestamp = now();
    headers[TIMESTAMP_HEADER] = String(timestamp);
    headers[SIGNATURE_HEADER] = signCallback({ secret, timestamp, body });
    Object.assign(headers, standardWebhookHeaders({ secret, id: eventId, timestamp, body }));
  }
  return headers;
}

/**
 * POST {"grant_type":"client_credentials","application_id":…} to auth_url and read
 * {"access_token": "...", "expires_in"?: n}. Throws SafeFetchError (transport, status) or
 * AuthTokenError (unusable answer). Messages never carry the token or the URL's query.
 */
export async function fetchAuthToken(authUrl: string, input: FetchAuthTokenInput = {}): Promise<AuthToken> {
  const body = JSON.stringify({
    grant_type: 'client_credentials',
    ...(input.applicationId !== undefined ? { application_id: input.applicationId } : {}),
  });
  const res = await safeFetch(authUrl, {
    method: 'POST',
    body,
    headers: { ...signedHeaders(input.secret, input.eventId, body, input.now ?? unixNow), accept: 'application/json' },
    allowLoopback: input.allowLoopback,
    lookup: input.lookup,
    ca: input.ca,
    connectTimeoutMs: CALLBACK_FETCH_LIMITS.connectTimeoutMs,
    totalTimeoutMs: input.totalTimeoutMs ?? CALLBACK_FETCH_LIMITS.totalTimeoutMs,
    maxBytes: CALLBACK_FETCH_LIMITS.maxAuthResponseBytes,
    ...CALLBACK_TRANSPORT,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new AuthTokenError(`${describeUrl(authUrl)} did not answer with JSON`);
  }
  const token = (parsed as { access_token?: unknown })?.access_token;
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) {
    throw new AuthTokenError(`${describeUrl(authUrl)} answered without a usable access_token`);
  }
  const expiresIn = (parsed as { expires_in?: unknown }).expires_in;
  return { accessToken: token, ...(typeof expiresIn === 'number' && expiresIn > 0 ? { expiresIn } : {}) };
}

export interface SendCallbackInput extends OutboundOptions {
  url: string;
  authUrl?: string;
  /** A JSON string is sent as is (and signed as is); anything else is JSON.stringify'd. */
  body: unknown;
  secret: string;
  /** Same id on every retry of one event: receivers de-duplicate on it. */
  eventId: string;
  applicationId?: string;
  now?: () => number;
}

export interface DeliveryResult {
  ok: boolean;
  /** HTTP status of the callback (or of auth_url when `stage` is 'auth'). */
  status?: number;
  /** `CODE: message`, safe to log (no tokens, no query strings). */
  error?: string;
  durationMs: number;
  /** Which request failed. */
  stage?: 'auth' | 'callback';
  /**
   * False only when no later attempt can help (the URL itself is refused); the retry loop
   * dead-letters at once then. Every other failure follows the retry policy.
   */
  retryable?: boolean;
}

const PERMANENT = new Set(['INVALID_URL', 'SCHEME_NOT_ALLOWED', 'ADDRESS_NOT_ALLOWED']);

function failure(err: unknown, stage: 'auth' | 'callback', started: number): DeliveryResult {
  const durationMs = Math.round(performance.now() - started);
  if (err instanceof SafeFetchError || err instanceof AuthTokenError) {
    return {
      ok: false,
      stage,
      durationMs,
      error: `${err.code}: ${err.message}`,
      retryable: !PERMANENT.has(err.code),
      ...(err instanceof SafeFetchError && err.status !== undefined ? { status: err.status } : {}),
    };
  }
  // Unknown errors: report the kind only, the message could echo anything.
  return { ok: false, stage, durationMs, error: `INTERNAL: ${(err as Error)?.name ?? 'Error'}`, retryable: true };
}

export async function sendCallback(input: SendCallbackInput): Promise<DeliveryResult> {
  const started = performance.now();
  const now = input.now ?? unixNow;
  let token: AuthToken | undefined;
  if (input.authUrl) {
    try {
      token = await fetchAuthToken(input.authUrl, { ...input, now });
    } catch (err) {
      return failure(err, 'auth', started);
    }
  }
  const body = typeof input.body === 'string' ? input.body : JSON.stringify(input.body);
  const headers = signedHeaders(input.secret, input.eventId, body, now);
  if (token) headers.authorization = `Bearer ${token.accessToken}`;
  try {
    const res = await safeFetch(input.url, {
      method: 'POST',
      body,
      headers,
      allowLoopback: input.allowLoopback,
      lookup: input.lookup,
      ca: input.ca,
      connectTimeoutMs: CALLBACK_FETCH_LIMITS.connectTimeoutMs,
      totalTimeoutMs: input.totalTimeoutMs ?? CALLBACK_FETCH_LIMITS.totalTimeoutMs,
      maxBytes: CALLBACK_FETCH_LIMITS.maxResponseBytes,
      ...CALLBACK_TRANSPORT,
    });
    return { ok: true, status: res.status, durationMs: Math.round(performance.now() - started), stage: 'callback' };
  } catch (err) {
    // The receiver accepted the event; only its (unused) answer body was oversized.
    if (err instanceof SafeFetchError && err.code === 'TOO_LARGE' && err.status !== undefined && err.status >= 200 && err.status < 300) {
      return { ok: true, status: err.status, durationMs: Math.round(performance.now() - started), stage: 'callback' };
    }
    return failure(err, 'callback', started);
  }
}
