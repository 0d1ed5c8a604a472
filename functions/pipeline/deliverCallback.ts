/**
 * DeliverCallback: one attempt per task run. A failure throws CallbackDeliveryError, which the
 * ASL retries with backoff and jitter (no Lambda sleeps); a refused URL throws
 * CallbackRejectedError, which goes straight to the dead letter. A delivered event settles its
 * round, so the reconciler never sends it again.
 */
import { task } from './task.ts';
import { attemptDelivery } from '../app/callbacks.ts';
import { getOwner, settleRound } from '../adapters/store/owners.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import { countCallback } from '../adapters/metrics.ts';

export class CallbackDeliveryError extends Error {
  name = 'CallbackDeliveryError';
}
export class CallbackRejectedError extends Error {
  name = 'CallbackRejectedError';
}

export const handler = task(async (input: { callback: CallbackEvent }) => {
  const { callback } = input;
  // Delivered by an earlier run whose end was cut off: not sent twice.
  if (callback.round !== undefined) {
    const owner = await getOwner(callback.owner);
    if (owner?.callbackFor === callback.round && owner.callbackState === 'DELIVERED') return { delivered: true, attempt: 0 };
  }
  const result = await attemptDelivery(callback);
  if (result.ok) {
    if (callback.round !== undefined) await settleRound(callback.owner, callback.round, 'DELIVERED');
    countCallback('delivered');
    return { delivered: true, attempt: result.attempt };
  }
  const message = `attempt ${result.attempt}: ${result.error ?? `HTTP ${result.status}`}`;
  throw result.retryable === false ? new CallbackRejectedError(message) : new CallbackDeliveryError(message);
});
