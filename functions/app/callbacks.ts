/**
 * The results callback of a round, from decision to dead letter:
 * - finaliseRound (Finalise): after every file of an execution, decide whether a callback is due.
 *   Statuses need no write here: they derive from the counters. The callback of a round is claimed
 *   by one conditional write, so two uploads finishing together still call back once, and its event
 *   id derives from that round, so whoever claims it names it the same. A round with no callback
 *   due is settled here; one with a callback is settled when delivery ends.
 * - deliverCallback (DeliverCallback): one attempt (callbackAttempts.ts) per task run, throwing a
 *   name the ASL retries or dead-letters; a delivered event settles its round, so the reconciler
 *   never sends it again.
 * - deadLetterCallback (DeadLetterCallback): keep an undeliverable event where the operator can
 *   list and replay it.
 */
import { claimCallback, completeCrossChecks, getFlowOrBatch, flowOrBatchPk, settleRound } from '../adapters/store/flowsAndBatches.ts';
import { getClient } from '../adapters/store/clients.ts';
import { putDeadLetter } from '../adapters/store/callbacks.ts';
import { logger } from '../adapters/logger.ts';
import { countCallback } from '../adapters/metrics.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import type { FlowOrBatch, FlowOrBatchRef } from '#core/domain/flows.ts';
import { allFilesFinished } from '#core/flow/status.ts';
import { eventIdFor } from '#core/callbacks/signature.ts';
import { attemptDelivery } from './callbackAttempts.ts';
import { onboardingCallbackTarget } from './onboarding/results.ts';
import { notifyPipelineFlow } from './onboarding/notifications.ts';

export interface FinaliseInput {
  flowOrBatch: FlowOrBatchRef;
  crossCheckFailure?: unknown;
  /**
   * Set by the reconciler once no execution of the flow or batch is running: a callback claimed for the
   * current round but never settled was cut off, and is sent again (same event id).
   */
  resume?: boolean;
}

async function callbackTarget(flowOrBatch: FlowOrBatch): Promise<{ url: string; authUrl?: string } | undefined> {
  if (flowOrBatch.kind === 'flow' && flowOrBatch.callbackUrl) return { url: flowOrBatch.callbackUrl, authUrl: flowOrBatch.authUrl };
  if (flowOrBatch.kind === 'onboarding') return onboardingCallbackTarget(flowOrBatch);
  // Sandbox batches call the account-level callback; bulk sends none.
  if (flowOrBatch.channel === 'sandbox') {
    const client = await getClient(flowOrBatch.clientId);
    if (client?.callbackUrl) return { url: client.callbackUrl, authUrl: client.authUrl };
  }
  return undefined;
}

export async function finaliseRound(input: FinaliseInput): Promise<CallbackEvent | Record<string, never>> {
  let flowOrBatch = await getFlowOrBatch(input.flowOrBatch);
  if (flowOrBatch?.kind === 'onboarding') await notifyPipelineFlow(flowOrBatch); // chat_notification_url events, best effort (never throws)
  if (!flowOrBatch || !allFilesFinished(flowOrBatch)) return {};
  // CrossCheck itself failed (caught by the ASL): complete the round without items rather than
  // leave the flow PENDING for ever; the failure is in the logs and alarms.
  if (input.crossCheckFailure && flowOrBatch.kind === 'flow' && flowOrBatch.crossCheckStatus !== 'COMPLETED') {
    await completeCrossChecks(flowOrBatch, flowOrBatch.round, []);
    flowOrBatch = (await getFlowOrBatch(input.flowOrBatch))!;
  }
  const ref = { kind: flowOrBatch.kind, clientId: flowOrBatch.clientId, id: flowOrBatch.id };
  const target = await callbackTarget(flowOrBatch);
  if (!target) {
    await settleRound(ref, flowOrBatch.round);
    return {};
  }
  const claimed = await claimCallback(ref, flowOrBatch.round);
  const cutOff = input.resume && flowOrBatch.callbackFor === flowOrBatch.round && flowOrBatch.callbackState === 'PENDING';
  if (!claimed && !cutOff) return {};
  return { eventId: eventIdFor(`${flowOrBatchPk(ref)}:${flowOrBatch.round}`), flowOrBatch: ref, round: flowOrBatch.round, ...target };
}

/** A failed attempt: the ASL retries it with backoff and jitter (no Lambda sleeps). */
class CallbackDeliveryError extends Error {
  name = 'CallbackDeliveryError';
}
/** A refused URL or event: straight to the dead letter. */
class CallbackRejectedError extends Error {
  name = 'CallbackRejectedError';
}

export async function deliverCallback(input: { callback: CallbackEvent }) {
  const { callback } = input;
  // Delivered by an earlier run whose end was cut off: not sent twice.
  if (callback.round !== undefined) {
    const flowOrBatch = await getFlowOrBatch(callback.flowOrBatch);
    if (flowOrBatch?.callbackFor === callback.round && flowOrBatch.callbackState === 'DELIVERED') return { delivered: true, attempt: 0 };
  }
  const result = await attemptDelivery(callback);
  if (result.ok) {
    if (callback.round !== undefined) await settleRound(callback.flowOrBatch, callback.round, 'DELIVERED');
    countCallback('delivered');
    return { delivered: true, attempt: result.attempt };
  }
  const message = `attempt ${result.attempt}: ${result.error ?? `HTTP ${result.status}`}`;
  throw result.retryable === false ? new CallbackRejectedError(message) : new CallbackDeliveryError(message);
}

export async function deadLetterCallback(input: { callback: CallbackEvent; callbackFailure?: { Error?: string; Cause?: string } }) {
  const reason = `${input.callbackFailure?.Error ?? 'Error'}: ${input.callbackFailure?.Cause ?? ''}`.slice(0, 500);
  await putDeadLetter({ ...input.callback, reason, deadAt: new Date().toISOString() });
  // The round is over for the pipeline; replaying it is the operator's move now.
  if (input.callback.round !== undefined) await settleRound(input.callback.flowOrBatch, input.callback.round, 'DEAD');
  logger.warn('callback dead-lettered', { eventId: input.callback.eventId, flowOrBatch: input.callback.flowOrBatch.id });
  countCallback('deadLettered');
  return {};
}
