import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import type { Audience } from '../../http/routes.ts';

export const REFRESH_TOKEN_SECONDS = 30 * 24 * 3600;

export interface RefreshTokenRecord {
  tokenHash: string;
  clientId: string;
  audience: Audience;
  /** Epoch seconds; checked by code too, since TTL deletion is lazy (and absent locally). */
  expiresAt: number;
  revoked: boolean;
}

const key = (tokenHash: string) => ({ pk: `REFRESH#${tokenHash}`, sk: 'REFRESH' });

export async function putRefreshToken(record: RefreshTokenRecord) {
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(record.tokenHash), gsi1pk: `REFRESH#${record.clientId}`, gsi1sk: String(record.expiresAt), ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getRefreshToken(tokenHash: string): Promise<RefreshTokenRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key(tokenHash) }));
  return out.Item as RefreshTokenRecord | undefined;
}

/**
 * Marks the token used; one conditional write, so two concurrent refreshes cannot both succeed
 * with the same token. Returns false when it was already revoked/used.
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

/** Revokes every refresh token of a client (operator action). Returns how many were revoked. */
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
    for (const item of out.Items ?? []) if (await consumeRefreshToken((item as RefreshTokenRecord).tokenHash)) count++;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}
