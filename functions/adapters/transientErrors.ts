/**
 * The one list of transient failures. Step Functions retries only what it can name, so every task
 * rethrows a passing failure under one of these names (task.ts does it for all of them), and
 * every Task state of statemachines/pipeline.asl.json lists them all in its Retry (a test checks).
 */
export const TRANSIENT_ERRORS = [
  /** Any retryable AWS SDK failure of ours: throttling, 5xx, S3 SlowDown / InternalError, timeouts. */
  'TransientError',
  /** The caller's file server: timeouts, resets, 5xx, 429 (safeFetch). */
  'TransientFetchError',
  /** Failures of the Lambda service itself, named by Step Functions. */
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
  'Lambda.Unknown',
  'Sandbox.Timedout',
] as const;

/** A retryable failure of a service we call; the original name stays in the message for the logs. */
export class TransientError extends Error {
  name = 'TransientError';
}

/** Error names the AWS services we call use for throttling and passing server trouble. */
const RETRYABLE_NAMES = new Set([
  'ThrottlingException', 'Throttling', 'ThrottledException', 'TooManyRequestsException', 'RequestLimitExceeded',
  'ProvisionedThroughputExceededException', 'LimitExceededException', 'SlowDown', 'InternalError',
  'InternalServerError', 'InternalServerException', 'InternalFailure', 'ServiceUnavailable',
  'ServiceUnavailableException', 'RequestTimeout', 'RequestTimeoutException', 'TimeoutError',
  'TransactionInProgressException', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE',
]);

const NAMED = new Set<string>(TRANSIENT_ERRORS);

interface SdkLike {
  name?: string;
  code?: string;
  $retryable?: unknown;
  $metadata?: { httpStatusCode?: number };
}

export function isTransient(err: unknown): boolean {
  const e = (err ?? {}) as SdkLike;
  const status = e.$metadata?.httpStatusCode ?? 0;
  return NAMED.has(e.name ?? '') || RETRYABLE_NAMES.has(e.name ?? '') || RETRYABLE_NAMES.has(e.code ?? '') ||
    Boolean(e.$retryable) || status === 429 || status >= 500;
}

/** The error as the state machine should see it: transient ones under a listed name, others as they are. */
export function asTransient(err: unknown): unknown {
  if (!isTransient(err)) return err;
  const e = err as Error;
  if (NAMED.has(e.name)) return err;
  return new TransientError(`${e.name}: ${e.message}`.slice(0, 500), { cause: err });
}
