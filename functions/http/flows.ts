import { getOwner, type OwnerKind, type OwnerRecord } from '../adapters/store/owners.ts';
import { deriveStatuses } from '../core/flow/status.ts';
import type { ClientRecord } from '../adapters/store/clients.ts';
import { conflict } from './middleware/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client's own flow or batch; another client's id, or one that cannot be an id at all,
 * reads exactly like an unknown one.
 */
export async function ownedBy(client: ClientRecord, kind: OwnerKind, id: string, notFound: () => Error): Promise<OwnerRecord> {
  if (kind === 'flow' && !UUID.test(id)) throw notFound();
  const owner = await getOwner({ kind, clientId: client.clientId, id });
  if (!owner) throw notFound();
  return owner;
}

export const flowNotFound = () => conflict('Flow not found for the given flow_uuid');

export const statusesOf = (owner: OwnerRecord) =>
  deriveStatuses(owner, owner.crossCheckStatus, { crossChecks: owner.kind === 'flow' });
