/**
 * What a use case refuses, by kind. The message is safe to show to the caller as it is; the HTTP
 * layer maps each kind to the spec's status (http/middleware/errorMapping.ts), the operator CLI and
 * the benches read the message. Nothing else a use case throws is shown to anyone.
 */
export abstract class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request itself is wrong: a missing or invalid parameter, an unknown product or batch. */
export class InvalidRequestError extends DomainError {}

/** No valid credentials or token for this interface. */
export class NotAuthenticatedError extends DomainError {}

/** Authenticated, but this client may not do this (a product not enabled for it). */
export class NotPermittedError extends DomainError {}

/** The flow, applicant or other thing named does not exist for this client (the spec answers 409). */
export class NotFoundError extends DomainError {}

/** The thing exists but its state forbids the request (a completed flow, a duplicate). */
export class ConflictError extends DomainError {}

/** The thing existed and was deleted. */
export class GoneError extends DomainError {}

/** Well-formed, but cannot be processed: too many files, an auth_url that issues no token, an unreadable address. */
export class UnprocessableError extends DomainError {}

/** Something the request needs is busy or down for now; retrying later can succeed. */
export class RetryLaterError extends DomainError {
  constructor(
    message: string,
    /** Seconds the caller should wait, when known (the answer's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** This client has too much in flight already; retry when earlier work finishes. */
export class TooBusyError extends RetryLaterError {}

/** The service (or a part of it) is at capacity or unavailable. */
export class UnavailableError extends RetryLaterError {}
