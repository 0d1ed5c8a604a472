/**
 * Finalise: after every file of an execution, decide whether a callback is due. Statuses need no
 * write here: they derive from the counters. Only the execution that sees every file of its
 * owner finished sends the callback, so a flow with two uploads in flight calls back once.
 */
import { task } from './task.ts';
import { randomUUID } from 'node:crypto';
import { getOwner, type OwnerRef } from '../adapters/store/owners.ts';
import { getClient } from '../adapters/store/clients.ts';
import { allFilesFinished } from '../core/flow/status.ts';

export const handler = task(async (input: { owner: OwnerRef }) => {
  const owner = await getOwner(input.owner);
  if (!owner || !allFilesFinished(owner)) return {};
  const ref = { kind: owner.kind, clientId: owner.clientId, id: owner.id };
  if (owner.kind === 'flow' && owner.callbackUrl) {
    return { eventId: randomUUID(), owner: ref, url: owner.callbackUrl, authUrl: owner.authUrl };
  }
  // Sandbox batches call the account-level callback; bulk sends none.
  if (owner.channel === 'sandbox') {
    const client = await getClient(owner.clientId);
    if (client?.callbackUrl) return { eventId: randomUUID(), owner: ref, url: client.callbackUrl, authUrl: client.authUrl };
  }
  return {};
});
