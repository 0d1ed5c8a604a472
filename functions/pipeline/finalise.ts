/**
 * Finalise: after every file of an execution, decide whether a callback is due. Statuses need no
 * write here: they derive from the counters. The callback of a round is claimed by one
 * conditional write, so two uploads finishing together still call back once, and its event id
 * derives from that round, so whoever claims it names it the same. A round with no callback due
 * is settled here; one with a callback is settled when delivery ends (deliverCallback.ts).
 */
import { task } from './task.ts';
import { claimCallback, completeCrossChecks, getOwner, ownerPk, settleRound } from '../adapters/store/owners.ts';
import type { OwnerRecord, OwnerRef } from '#core/domain/flows.ts';
import { getClient } from '../adapters/store/clients.ts';
import { allFilesFinished } from '../core/flow/status.ts';
import { eventIdFor } from '../core/callbacks/signature.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import { onboardingCallbackTarget } from '../app/onboarding/results.ts';
import { notifyOwner } from '../app/onboarding/notifications.ts';

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

export const handler = task(async (input: FinaliseInput): Promise<CallbackEvent | Record<string, never>> => {
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
});
