/** DeadLetterCallback: keep an undeliverable event where the operator can list and replay it. */
import { task } from './task.ts';
import { putDeadLetter } from '../adapters/store/callbacks.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import { settleRound } from '../adapters/store/owners.ts';
import { logger } from '../adapters/logger.ts';
import { countCallback } from '../adapters/metrics.ts';

export const handler = task(async (input: { callback: CallbackEvent; callbackFailure?: { Error?: string; Cause?: string } }) => {
  const reason = `${input.callbackFailure?.Error ?? 'Error'}: ${input.callbackFailure?.Cause ?? ''}`.slice(0, 500);
  await putDeadLetter({ ...input.callback, reason, deadAt: new Date().toISOString() });
  // The round is over for the pipeline; replaying it is the operator's move now.
  if (input.callback.round !== undefined) await settleRound(input.callback.owner, input.callback.round, 'DEAD');
  logger.warn('callback dead-lettered', { eventId: input.callback.eventId, owner: input.callback.owner.id });
  countCallback('deadLettered');
  return {};
});
