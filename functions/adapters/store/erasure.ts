/**
 * Erasing a flow's or batch's items: its record becomes a bare tombstone (expired at once, so every reader
 * already treats it as unknown, and a late pipeline write lands on it instead of resurrecting a
 * flow), its files go, and so do its callback events' attempts and dead letters.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { flowOrBatchPk } from './flowsAndBatches.ts';
import { CallbackAttempt, DeadLetter, FlowOrBatch as FlowOrBatchItem, ttlAfter } from './entities.ts';
import { deleteAll, inPartition, queryAll } from './table.ts';
import type { TableKey } from './keys.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import { eventIdFor } from '../../core/callbacks/signature.ts';

const partitionKeys = (pk: string) => queryAll<TableKey>({ ...inPartition(pk), ProjectionExpression: 'pk, sk', ConsistentRead: true });

/** The flow's or batch's record replaced by `{pk, sk, expiresAt: now}`: none of its attributes survives. */
export async function tombstoneFlowOrBatch(ref: FlowOrBatchRef, at = new Date()) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...FlowOrBatchItem.key(ref), erasedAt: at.toISOString(), expiresAt: ttlAfter(0, at) },
    }),
  );
}

/** Every item of the flow's or batch's partition but its tombstone; returns how many went. */
export async function deleteFlowOrBatchItems(ref: FlowOrBatchRef): Promise<number> {
  const record = FlowOrBatchItem.key(ref);
  const keys = (await partitionKeys(record.pk)).filter((k) => k.sk !== record.sk);
  await deleteAll(keys);
  return keys.length;
}

/**
 * Callback events of rounds 1..`rounds` (their ids derive from the flow or batch and the round, as
 * finalise.ts names them): delivery attempts and dead letters, which keep the callback URLs.
 */
export async function deleteCallbackEvents(ref: FlowOrBatchRef, rounds: number): Promise<number> {
  let n = 0;
  for (let round = 1; round <= rounds; round++) {
    const eventId = eventIdFor(`${flowOrBatchPk(ref)}:${round}`);
    const attempts = await partitionKeys(CallbackAttempt.pk.format({ clientId: ref.clientId, eventId }));
    await deleteAll(attempts);
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: DeadLetter.key({ eventId }) }));
    n += attempts.length;
  }
  return n;
}
