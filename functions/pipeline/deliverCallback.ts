/**
 * DeliverCallback: one attempt per task run. A failure throws CallbackDeliveryError, which the
 * ASL retries with backoff and jitter (no Lambda sleeps); a refused URL throws
 * CallbackRejectedError, which goes straight to the dead letter.
 */
import { task } from './task.ts';
import { attemptDelivery } from '../callbacks/deliver.ts';
import type { CallbackEvent } from '../adapters/store/callbacks.ts';

export class CallbackDeliveryError extends Error {
  name = 'CallbackDeliveryError';
}
export class CallbackRejectedError extends Error {
  name = 'CallbackRejectedError';
}

export const handler = task(async (input: { callback: CallbackEvent }) => {
  const result = await attemptDelivery(input.callback);
  if (result.ok) return { delivered: true, attempt: result.attempt };
  const message = `attempt ${result.attempt}: ${result.error ?? `HTTP ${result.status}`}`;
  throw result.retryable === false ? new CallbackRejectedError(message) : new CallbackDeliveryError(message);
});
