/**
 * Erasing an owner's items: the owner becomes a bare tombstone (expired at once, so every reader
 * already treats it as unknown, and a late pipeline write lands on it instead of resurrecting a
 * flow), its files go, and so do its callback events' attempts and dead letters.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { ownerPk } from './owners.ts';
import { CallbackAttempt, DeadLetter, Owner, ttlAfter } from './entities.ts';
import { deleteAll, inPartition, queryAll } from './table.ts';
import type { TableKey } from './keys.ts';
import type { OwnerRef } from '#core/domain/flows.ts';
import { eventIdFor } from '../../core/callbacks/signature.ts';

const partitionKeys = (pk: string) => queryAll<TableKey>({ ...inPartition(pk), ProjectionExpression: 'pk, sk', ConsistentRead: true });

/** The owner item replaced by `{pk, sk, expiresAt: now}`: no attribute of the flow or batch survives. */
export async function tombstoneOwner(o: OwnerRef, at = new Date()) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...Owner.key(o), erasedAt: at.toISOString(), expiresAt: ttlAfter(0, at) },
    }),
  );
}

/** Every item of the owner's partition but its tombstone; returns how many went. */
export async function deleteOwnerItems(o: OwnerRef): Promise<number> {
  const owner = Owner.key(o);
  const keys = (await partitionKeys(owner.pk)).filter((k) => k.sk !== owner.sk);
  await deleteAll(keys);
  return keys.length;
}

/**
 * Callback events of rounds 1..`rounds` (their ids derive from the owner and the round, as
 * finalise.ts names them): delivery attempts and dead letters, which keep the callback URLs.
 */
export async function deleteCallbackEvents(o: OwnerRef, rounds: number): Promise<number> {
  let n = 0;
  for (let round = 1; round <= rounds; round++) {
    const eventId = eventIdFor(`${ownerPk(o)}:${round}`);
    const attempts = await partitionKeys(CallbackAttempt.pk.format({ clientId: o.clientId, eventId }));
    await deleteAll(attempts);
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: DeadLetter.key({ eventId }) }));
    n += attempts.length;
  }
  return n;
}
