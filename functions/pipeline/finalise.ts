/**
 * Finalise: after every file of an execution, decide whether a callback is due. Statuses need no
 * write here: they derive from the counters. The callback of a set of files is claimed by one
 * conditional write, so two uploads finishing together still call back once, and its event id
 * derives from that set, so whoever claims it names it the same.
 */
import { task } from './task.ts';
import { claimCallback, completeCrossChecks, getOwner, ownerPk, type OwnerRef } from '../adapters/store/owners.ts';
import { getClient } from '../adapters/store/clients.ts';
import { allFilesFinished } from '../core/flow/status.ts';
import { eventIdFor } from '../core/callbacks/signature.ts';

export const handler = task(async (input: { owner: OwnerRef; crossCheckFailure?: unknown }) => {
  let owner = await getOwner(input.owner);
  if (!owner || !allFilesFinished(owner)) return {};
  // CrossCheck itself failed (caught by the ASL): complete the round without items rather than
  // leave the flow PENDING for ever; the failure is in the logs and alarms.
  if (input.crossCheckFailure && owner.kind === 'flow' && owner.crossCheckStatus !== 'COMPLETED') {
    await completeCrossChecks(owner, owner.filesTotal, []);
    owner = (await getOwner(input.owner))!;
  }
  const ref = { kind: owner.kind, clientId: owner.clientId, id: owner.id };
  let target: { url: string; authUrl?: string } | undefined;
  if (owner.kind === 'flow' && owner.callbackUrl) target = { url: owner.callbackUrl, authUrl: owner.authUrl };
  // Sandbox batches call the account-level callback; bulk sends none.
  if (owner.channel === 'sandbox') {
    const client = await getClient(owner.clientId);
    if (client?.callbackUrl) target = { url: client.callbackUrl, authUrl: client.authUrl };
  }
  if (!target || !(await claimCallback(ref, owner.filesTotal))) return {};
  return { eventId: eventIdFor(`${ownerPk(ref)}:${owner.filesTotal}`), owner: ref, ...target };
});
