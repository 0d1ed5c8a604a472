/**
 * Erasing an owner's items: the owner becomes a bare tombstone (expired at once, so every reader
 * already treats it as unknown, and a late pipeline write lands on it instead of resurrecting a
 * flow), its files go, and so do its callback events' attempts and dead letters.
 */
import { BatchWriteCommand, DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { ownerPk, type OwnerRef } from './owners.ts';
import { eventIdFor } from '../../core/callbacks/signature.ts';

async function deleteKeys(keys: { pk: string; sk: string }[]) {
  for (let i = 0; i < keys.length; i += 25) {
    let pending: Record<string, any[]> | undefined = { [tableName()]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = out.UnprocessedItems as Record<string, any[]> | undefined;
      if (pending && Object.keys(pending).length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

async function partitionKeys(pk: string): Promise<{ pk: string; sk: string }[]> {
  const keys: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    keys.push(...((out.Items ?? []) as { pk: string; sk: string }[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return keys;
}

/** The owner item replaced by `{pk, sk, expiresAt: now}`: no attribute of the flow or batch survives. */
export async function tombstoneOwner(o: OwnerRef, at = new Date()) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { pk: ownerPk(o), sk: 'OWNER', erasedAt: at.toISOString(), expiresAt: Math.floor(at.getTime() / 1000) },
    }),
  );
}

/** Every item of the owner's partition but its tombstone; returns how many went. */
export async function deleteOwnerItems(o: OwnerRef): Promise<number> {
  const keys = (await partitionKeys(ownerPk(o))).filter((k) => k.sk !== 'OWNER');
  await deleteKeys(keys);
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
    const attempts = await partitionKeys(`CLIENT#${o.clientId}#EVENT#${eventId}`);
    await deleteKeys(attempts);
    await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk: `DEADLETTER#${eventId}`, sk: 'DEADLETTER' } }));
    n += attempts.length;
  }
  return n;
}
