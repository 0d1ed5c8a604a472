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
import { claimCallback, completeCrossChecks, getOwner, ownerPk, settleRound } from '../adapters/store/owners.ts';
import { getClient } from '../adapters/store/clients.ts';
import { putDeadLetter } from '../adapters/store/callbacks.ts';
import { logger } from '../adapters/logger.ts';
import { countCallback } from '../adapters/metrics.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import type { OwnerRecord, OwnerRef } from '#core/domain/flows.ts';
import { allFilesFinished } from '#core/flow/status.ts';
import { eventIdFor } from '#core/callbacks/signature.ts';
import { attemptDelivery } from './callbackAttempts.ts';
import { onboardingCallbackTarget } from './onboarding/results.ts';
import { notifyOwner } from './onboarding/notifications.ts';

export interface FinaliseInput {
  owner: OwnerRef;
  crossCheckFailure?: unknown;
  /**
   * Set by the reconciler once no execution of the owner is running: a callback claimed for the
   * current round but never settled was cut off, and is sent again (same event id).
   */
  resume?: boolean;
}

async function callbackTarget(owner: OwnerRecord): Promise<{ url: string; authUrl?: string } | undefined> {
  if (owner.kind === 'flow' && owner.callbackUrl) return { url: owner.callbackUrl, authUrl: owner.authUrl };
  if (owner.kind === 'onboarding') return onboardingCallbackTarget(owner);
  // Sandbox batches call the account-level callback; bulk sends none.
  if (owner.channel === 'sandbox') {
    const client = await getClient(owner.clientId);
    if (client?.callbackUrl) return { url: client.callbackUrl, authUrl: client.authUrl };
  }
  return undefined;
}

export async function finaliseRound(input: FinaliseInput): Promise<CallbackEvent | Record<string, never>> {
  let owner = await getOwner(input.owner);
  if (owner?.kind === 'onboarding') await notifyOwner(owner); // chat_notification_url events, best effort (never throws)
  if (!owner || !allFilesFinished(owner)) return {};
  // CrossCheck itself failed (caught by the ASL): complete the round without items rather than
  // leave the flow PENDING for ever; the failure is in the logs and alarms.
  if (input.crossCheckFailure && owner.kind === 'flow' && owner.crossCheckStatus !== 'COMPLETED') {
    await completeCrossChecks(owner, owner.round, []);
    owner = (await getOwner(input.owner))!;
  }
  const ref = { kind: owner.kind, clientId: owner.clientId, id: owner.id };
  const target = await callbackTarget(owner);
  if (!target) {
    await settleRound(ref, owner.round);
    return {};
  }
  const claimed = await claimCallback(ref, owner.round);
  const cutOff = input.resume && owner.callbackFor === owner.round && owner.callbackState === 'PENDING';
  if (!claimed && !cutOff) return {};
  return { eventId: eventIdFor(`${ownerPk(ref)}:${owner.round}`), owner: ref, round: owner.round, ...target };
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
}

export async function deadLetterCallback(input: { callback: CallbackEvent; callbackFailure?: { Error?: string; Cause?: string } }) {
  const reason = `${input.callbackFailure?.Error ?? 'Error'}: ${input.callbackFailure?.Cause ?? ''}`.slice(0, 500);
  await putDeadLetter({ ...input.callback, reason, deadAt: new Date().toISOString() });
  // The round is over for the pipeline; replaying it is the operator's move now.
  if (input.callback.round !== undefined) await settleRound(input.callback.owner, input.callback.round, 'DEAD');
  logger.warn('callback dead-lettered', { eventId: input.callback.eventId, owner: input.callback.owner.id });
  countCallback('deadLettered');
  return {};
}
