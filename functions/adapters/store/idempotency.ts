/**
 * Idempotency records: one item per client and `Idempotency-Key`, `CLIENT#<client>#IDEMPOTENCY#<sha256 of the key>`.
 * Claiming a key is one conditional put (dynalite has no transactions); the claimer then completes the record
 * with the response or gives it up, each conditional on still holding the claim.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { IDEMPOTENCY_TTL_SECONDS, IdempotencyRecord } from './entities.ts';

/** A stored response is answered again for this long; the key can then be used afresh. */
export { IDEMPOTENCY_TTL_SECONDS };
/**
 * A claim whose request never completed (its Lambda died) can be taken over after this long: route
 * functions time out after 29 s, so a claim older than that has no live holder.
 */
export const IN_PROGRESS_SECONDS = 30;

export interface StoredResponse {
  status: number;
  body: unknown;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'completed'; fingerprint: string; response: StoredResponse }
  | { outcome: 'inProgress'; fingerprint: string };

// Hashed: the key is the caller's free text; the item key stays short and printable.
const keyOf = (clientId: string, key: string) => IdempotencyRecord.key({ clientId, keyHash: createHash('sha256').update(key).digest('hex') });

/**
 * Claims `key` for the request `holder` (its request id) with the request's `fingerprint`, or tells what
 * holds it. A record past its TTL, or an in-progress claim past IN_PROGRESS_SECONDS, is taken over.
 */
export async function claimKey(clientId: string, key: string, fingerprint: string, holder: string): Promise<Claim> {
  const at = Date.now();
  const now = Math.floor(at / 1000);
  const claimed = await conditionally(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keyOf(clientId, key), state: 'IN_PROGRESS', fingerprint, holder, lockedUntil: now + IN_PROGRESS_SECONDS, expiresAt: IdempotencyRecord.ttl(at) },
      ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now OR (#state = :p AND lockedUntil < :now)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':now': now, ':p': 'IN_PROGRESS' },
    }),
  );
  if (claimed) return { outcome: 'claimed' };
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: keyOf(clientId, key), ConsistentRead: true }));
  const item = out.Item;
  // Gone between the two calls (given up by its holder): claim it again.
  if (!item) return claimKey(clientId, key, fingerprint, holder);
  if (item.state === 'COMPLETED') {
    return { outcome: 'completed', fingerprint: item.fingerprint, response: { status: item.status, body: JSON.parse(item.body) } };
  }
  return { outcome: 'inProgress', fingerprint: item.fingerprint };
}

/** Stores the response of the claim `holder` holds; false when the claim was lost meanwhile. */
export async function completeKey(clientId: string, key: string, holder: string, response: StoredResponse): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: keyOf(clientId, key),
      UpdateExpression: 'SET #state = :c, #status = :s, body = :b REMOVE lockedUntil',
      ConditionExpression: 'holder = :h AND #state = :p',
      ExpressionAttributeNames: { '#state': 'state', '#status': 'status' },
      ExpressionAttributeValues: { ':c': 'COMPLETED', ':s': response.status, ':b': JSON.stringify(response.body), ':h': holder, ':p': 'IN_PROGRESS' },
    }),
  );
}

/** Gives up the claim (the request failed): the same key may be retried at once. */
export async function releaseKey(clientId: string, key: string, holder: string): Promise<void> {
  // Not ours any more (taken over, or completed): nothing to give up.
  await conditionally(
    new DeleteCommand({
      TableName: tableName(),
      Key: keyOf(clientId, key),
      ConditionExpression: 'holder = :h AND #state = :p',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':h': holder, ':p': 'IN_PROGRESS' },
    }),
  );
}
