/**
 * Refresh tokens live in families: a login starts one, each rotation hands the family a new
 * current token. The family item is the one place its state changes (dynalite has no
 * transactions), so rotation, reuse detection and revocation are each one conditional write on it.
 * Token items only map a token's hash to its family; the values themselves are never stored.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { RefreshFamily as Family, RefreshToken } from './entities.ts';
import { inGsi1, queryPages } from './table.ts';
import type { TableKey } from './keys.ts';
import type { RefreshFamily, RefreshTokenRecord } from '#core/domain/auth.ts';

// re-export: callers move to #core/domain
export type { RefreshFamily, RefreshTokenRecord };

/** Absolute session lifetime: counted from the login, never renewed by rotation. */
export const SESSION_SECONDS = 30 * 24 * 3600;

const key = (tokenHash: string) => RefreshToken.key({ tokenHash });
const familyKey = (familyId: string) => Family.key({ familyId });

export async function putRefreshToken(record: RefreshTokenRecord) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(record.tokenHash), ...RefreshToken.gsi1.key(record), ...record, expiresAt: RefreshToken.ttl(record) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key(tokenHash) }));
  return out.Item as RefreshTokenRecord | undefined;
}

/** Starts a family; its current token is stored with putRefreshToken. */
export async function putFamily(family: RefreshFamily) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...familyKey(family.familyId), ...Family.gsi1.key({ clientId: family.clientId, expiresAt: family.sessionExpiresAt }), ...family, expiresAt: Family.ttl(family) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getFamily(familyId: string): Promise<RefreshFamily | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: familyKey(familyId), ConsistentRead: true }));
  return out.Item as RefreshFamily | undefined;
}

/**
 * Makes `next` the family's current token, only while `presented` still is, the family is not
 * revoked and its session has not ended. False means `presented` was spent already (or spent by a
 * concurrent request a moment ago): the caller treats that as reuse.
 */
export async function rotateFamily(familyId: string, presented: string, next: string, now: number): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: familyKey(familyId),
      UpdateExpression: 'SET currentHash = :next',
      ConditionExpression: 'currentHash = :presented AND revoked = :f AND sessionExpiresAt > :now',
      ExpressionAttributeValues: { ':next': next, ':presented': presented, ':f': false, ':now': now },
    }),
  );
}

/** Ends the family: every token descended from its login stops working. False if it already was. */
export async function revokeFamily(familyId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: familyKey(familyId),
      UpdateExpression: 'SET revoked = :t',
      ConditionExpression: 'attribute_exists(pk) AND revoked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    }),
  );
}

/**
 * Marks a token used; one conditional write, so two concurrent refreshes cannot both succeed with
 * the same token. Returns false when it was already revoked/used. (Tokens from before families.)
 */
export async function consumeRefreshToken(tokenHash: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(tokenHash),
      UpdateExpression: 'SET revoked = :t',
      ConditionExpression: 'attribute_exists(pk) AND revoked = :f',
      ExpressionAttributeValues: { ':t': true, ':f': false },
    }),
  );
}

/**
 * Revokes every refresh-token session of a client (operator action): its families, and tokens from
 * before families. Returns how many live sessions were ended.
 */
export async function revokeClientRefreshTokens(clientId: string): Promise<number> {
  let count = 0;
  type Listed = TableKey & Partial<RefreshFamily & RefreshTokenRecord>;
  for await (const page of queryPages<Listed>(inGsi1(RefreshToken.gsi1.pk.format({ clientId })))) {
    for (const item of page) {
      if (Family.parseKey(item)) {
        if (await revokeFamily(item.familyId!)) count++;
      } else if (!item.familyId && (await consumeRefreshToken(item.tokenHash!))) count++;
    }
  }
  return count;
}
