/**
 * Refresh tokens live in families: a login starts one, each rotation hands the family a new
 * current token. The family item is the one place its state changes (dynalite has no
 * transactions), so rotation, reuse detection and revocation are each one conditional write on it.
 * Token items only map a token's hash to its family; the values themselves are never stored.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import type { Audience } from '../../core/auth/audience.ts';

/** Absolute session lifetime: counted from the login, never renewed by rotation. */
export const SESSION_SECONDS = 30 * 24 * 3600;

export interface RefreshTokenRecord {
  tokenHash: string;
  clientId: string;
  audience: Audience;
  /** Absent on tokens issued before families existed. */
  familyId?: string;
  /** Epoch seconds; checked by code too, since TTL deletion is lazy (and absent locally). */
  expiresAt: number;
  revoked: boolean;
}

export interface RefreshFamily {
  familyId: string;
  clientId: string;
  audience: Audience;
  /** Hash of the one token that may be presented next; any other token of the family is spent. */
  currentHash: string;
  /** Epoch seconds: the login plus SESSION_SECONDS. */
  sessionExpiresAt: number;
  /** The client's token generation at login (see clients.ts). */
  generation: number;
  revoked: boolean;
}

const key = (tokenHash: string) => ({ pk: `REFRESH#${tokenHash}`, sk: 'REFRESH' });
const familyKey = (familyId: string) => ({ pk: `REFRESHFAMILY#${familyId}`, sk: 'FAMILY' });
/** Both kinds are listed per client on gsi1 (operator revocation); the sort key tells them apart. */
const clientIndex = (clientId: string, kind: 'TOKEN' | 'FAMILY', expiresAt: number) => ({
  gsi1pk: `REFRESH#${clientId}`,
  gsi1sk: `${kind}#${expiresAt}`,
});

export async function putRefreshToken(record: RefreshTokenRecord) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(record.tokenHash), ...clientIndex(record.clientId, 'TOKEN', record.expiresAt), ...record },
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
      Item: { ...familyKey(family.familyId), ...clientIndex(family.clientId, 'FAMILY', family.sessionExpiresAt), ...family, expiresAt: family.sessionExpiresAt },
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
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': `REFRESH#${clientId}` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of out.Items ?? []) {
      if (item.sk === 'FAMILY') {
        if (await revokeFamily((item as RefreshFamily).familyId)) count++;
      } else if (!(item as RefreshTokenRecord).familyId && (await consumeRefreshToken((item as RefreshTokenRecord).tokenHash))) count++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
