/**
 * Every failure becomes `{"error": "..."}`: a domain error (app/errors.ts) or an HttpError with the
 * spec's status and its own message; anything else a logged 500 that never echoes internals.
 */
import {
  ConflictError, DomainError, GoneError, InvalidRequestError, NotAuthenticatedError, NotFoundError, NotPermittedError,
  RetryLaterError, TooBusyError, UnavailableError, UnprocessableError,
} from '../../app/errors.ts';
import { logger } from '../../adapters/logger.ts';
import { HttpError } from './errors.ts';
import { json } from './response.ts';
import type { RouteMiddleware } from './state.ts';

/** The spec's status of each kind of refusal (an unknown flow is 409 in the spec, not 404). */
const STATUS = new Map<unknown, number>([
  [InvalidRequestError, 400],
  [NotAuthenticatedError, 401],
  [NotPermittedError, 403],
  [NotFoundError, 409],
  [ConflictError, 409],
  [GoneError, 410],
  [UnprocessableError, 422],
  [TooBusyError, 429],
  [UnavailableError, 503],
]);

export interface Refusal {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** What the caller is told of `err`, or undefined when it is not meant for the caller (a 500). */
export function refusalOf(err: unknown): Refusal | undefined {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  if (!(err instanceof DomainError)) return undefined;
  // The nearest kind with a status (a subclass answers like its parent); none is a programming
  // error, answered as a 500 rather than guessed.
  let status: number | undefined;
  for (let kind = err.constructor; kind && kind !== DomainError && status === undefined; kind = Object.getPrototypeOf(kind)) status = STATUS.get(kind);
  if (status === undefined) return undefined;
  const headers: Record<string, string> = err instanceof RetryLaterError && err.retryAfterSeconds !== undefined
    ? { 'retry-after': String(err.retryAfterSeconds) }
    : {};
  return { status, message: err.message, headers };
}

export const errorMapping = (): RouteMiddleware => ({
  onError: (request) => {
    const refusal = refusalOf(request.error);
    if (refusal) {
      request.response = json(refusal.status, { error: refusal.message }, refusal.headers);
      return;
    }
    const err = request.error as Error;
    logger.error('request failed', { error: err?.name, message: err?.message, stack: err?.stack });
    request.response = json(500, { error: 'Internal error; quote this request id to support: ' + request.context.state?.requestId });
    // No return value: the middlewares outside this one (log, metrics, tracing) still see the answer.
  },
});
