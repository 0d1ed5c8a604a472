/**
 * `Idempotency-Key` on the routes the table marks `creates`: the first request with a key does the work and
 * its success (status and body) is stored for 24 h; the same key with the same request answers that stored
 * response without doing the work again; with another request, 422; while the first is still running, 409.
 * Only successes are stored: a refusal (4xx) or a failure (our 503 "retry the upload") gives the key up, so
 * a retry with the same key does the work. Keys belong to the authenticated client.
 */
import { createHash } from 'node:crypto';
import type { Route } from '../routeTable/types.ts';
import { claimKey, completeKey, releaseKey } from '../../adapters/store/idempotency.ts';
import { logger } from '../../adapters/logger.ts';
import { HttpError } from './errors.ts';
import type { RouteMiddleware, RouteState } from './state.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII without spaces, as long as a UUID or a few; the caller chooses it. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** Answered to a request that repeats a stored one. */
export const REPLAYED_HEADER = 'idempotent-replayed';

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

/** The key this request claimed, for after and onError (only a request that claimed one has it). */
const claimed = new WeakMap<RouteState, string>();

/**
 * Runs the route at most once per client and key. Without the header (or on a route that creates
 * nothing) it does nothing. A replay is put in `state.reply`, which the handler answers instead of
 * running the use case: an early return from `before` would skip the log and metrics of the
 * middlewares outside this one.
 */
export const idempotency = (): RouteMiddleware => ({
  before: async ({ context: { state } }) => {
    const key = state.headers[IDEMPOTENCY_HEADER];
    const clientId = state.client?.clientId;
    if (!state.route.creates || key === undefined || !clientId) return;
    if (!KEY_PATTERN.test(key)) throw new HttpError(400, 'Invalid Idempotency-Key: 1 to 255 printable ASCII characters without spaces');
    const fingerprint = fingerprintOf(state.route, state.body, state.query);
    const claim = await claimKey(clientId, key, fingerprint, state.requestId);
    if (claim.outcome === 'claimed') {
      claimed.set(state, key);
      return;
    }
    if (claim.fingerprint !== fingerprint) {
      throw new HttpError(422, 'Idempotency-Key was already used with a different request; use a new key for a new request');
    }
    if (claim.outcome === 'inProgress') throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; retry later');
    state.reply = { ...claim.response, headers: { [REPLAYED_HEADER]: 'true' } };
  },
  after: async ({ context: { state } }) => {
    const key = claimed.get(state);
    if (key === undefined || !state.reply || !state.client) return;
    const { clientId } = state.client;
    // Only successes are stored: anything else gives the key up.
    if (!isSuccess(state.reply.status)) await releaseKey(clientId, key, state.requestId);
    else if (!(await completeKey(clientId, key, state.requestId, { status: state.reply.status, body: state.reply.body }))) {
      // Only when the request outlived its claim (IN_PROGRESS_SECONDS): the work is done, just not recorded.
      logger.warn('idempotency claim lost before completion', { route: `${state.route.method} ${state.route.path}` });
    }
  },
  onError: async ({ context: { state } }) => {
    const key = claimed.get(state);
    if (key === undefined || !state.client) return;
    await releaseKey(state.client.clientId, key, state.requestId).catch((e: Error) => logger.error('idempotency release failed', { error: e.name }));
  },
});
