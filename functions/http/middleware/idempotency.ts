/**
 * `Idempotency-Key` on the routes the table marks `creates`: the first request with a key does the work and
 * its success (status and body) is stored for 24 h; the same key with the same request answers that stored
 * response without doing the work again; with another request, 422; while the first is still running, 409.
 * Only successes are stored: a refusal (4xx) or a failure (our 503 "retry the upload") gives the key up, so
 * a retry with the same key does the work. Keys belong to the authenticated client.
 */
import { createHash } from 'node:crypto';
import type { Route } from '../routes.ts';
import { claimKey, completeKey, releaseKey, type StoredResponse } from '../../adapters/store/idempotency.ts';
import { logger } from '../../adapters/logger.ts';
import { HttpError } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as long as a UUID or a few; the caller chooses it. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Answered to a request that repeats a stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

export interface IdempotentReply extends StoredResponse {
  headers?: Record<string, string>;
}

/** JSON with object keys sorted, so key order and whitespace do not make two bodies differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What makes two requests "the same": the route, the validated body and query (v2 submit has both). */
export const fingerprintOf = (route: Pick<Route, 'method' | 'path'>, body: unknown, query: unknown = {}) =>
  createHash('sha256').update(`${route.method} ${route.path}\n${canonical(body)}\n${canonical(query)}`).digest('hex');

const isSuccess = (status: number) => status >= 200 && status < 300;

/**
 * Runs `work` at most once per client and key. Without the header (or on a route that creates nothing)
 * it simply runs it.
 */
export async function idempotent(
  route: Route,
  request: { clientId?: string; headers: Record<string, string | undefined>; body: unknown; query?: unknown; requestId: string },
  work: () => Promise<StoredResponse>,
): Promise<IdempotentReply> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (!route.creates || key === undefined || !request.clientId) return work();
  if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'Invalid Idempotency-Key: 1 to 255 printable ASCII characters without spaces');
  const fingerprint = fingerprintOf(route, request.body, request.query);
  const claim = await claimKey(request.clientId, key, fingerprint, request.requestId);
  if (claim.outcome !== 'claimed') {
    if (claim.fingerprint !== fingerprint) {
      throw new HttpError(422, 'Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    if (claim.outcome === 'inProgress') throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry later');
    return { ...claim.response, headers: { [REPLAYED_HEADER]: 'true' } };
  }
  let response: StoredResponse;
  try {
    response = await work();
  } catch (err) {
    await releaseKey(request.clientId, key, request.requestId).catch((e: Error) => logger.error('idempotency release failed', { error: e.name }));
    throw err;
  }
  if (!isSuccess(response.status)) await releaseKey(request.clientId, key, request.requestId);
  else if (!(await completeKey(request.clientId, key, request.requestId, response))) {
    // Only when the request outlived its claim (IN_PROGRESS_SECONDS): the work is done, just not recorded.
    logger.warn('idempotency claim lost before completion', { route: `${route.method} ${route.path}` });
  }
  return response;
}
