import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { forgetClient } from '../../core/auth/recentClients.ts';

/**
 * Interfaces a client may be enabled for; `addressMatch` takes static headers: the client id and
 * its own address-matching secret (or, until one is issued, the client secret: docs/decisions.md).
 */
export type ClientInterface = 'main' | 'sandbox' | 'bulk' | 'addressMatch';
export const ALL_INTERFACES: ClientInterface[] = ['main', 'sandbox', 'bulk', 'addressMatch'];

export interface ClientRecord {
  clientId: string;
  name: string;
  secretHash: string;
  disabled: boolean;
  /** Product types the client may use; `*` means every product. */
  products: string[];
  interfaces: ClientInterface[];
  /** Account-level callback target of the sandbox (set by the operator). */
  callbackUrl?: string;
  authUrl?: string;
  /** HMAC key for callback signatures; the operator sets and rotates it. */
  webhookSecret?: string;
  /** Operator opt-in to return full Aadhaar numbers (default masked to the last 4 digits). */
  fullAadhaar?: boolean;
  /**
   * Moves on when the secret is rotated or the client disabled; access tokens and refresh-token
   * families carry the generation they were issued in and stop working once it moves.
   */
  tokenGeneration?: number;
  /**
   * Hash of the static secret valid only on address matching (operator: client issue-address-secret).
   * Once set, the client secret no longer opens address matching.
   */
  addressMatchSecretHash?: string;
  addressMatchSecretIssuedAt?: string;
  /** Days its flows and batches are kept, set by the operator; at most the stage's retention. */
  retentionDays?: number;
  createdAt: string;
}

export const tokenGenerationOf = (client: Pick<ClientRecord, 'tokenGeneration'>) => client.tokenGeneration ?? 0;

/**
 * Client ids start every tenant's keys (`CLIENT#<id>#...`): only letters, digits, `_` and `-`, so
 * no id can reach into another's key space.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const isClientId = (id: string) => CLIENT_ID_PATTERN.test(id);

const key = (clientId: string) => ({ pk: `CLIENT#${clientId}`, sk: 'PROFILE' });

export async function getClient(clientId: string): Promise<ClientRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key(clientId) }));
  return out.Item as ClientRecord | undefined;
}

/** Creates the client; fails (ConditionalCheckFailedException) when the id exists. */
export async function createClient(record: ClientRecord, opts: { overwrite?: boolean } = {}) {
  if (!isClientId(record.clientId)) throw new Error('client ids are 1-64 letters, digits, _ or -');
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...key(record.clientId), gsi1pk: 'CLIENT', gsi1sk: `${record.createdAt}#${record.clientId}`, ...record },
      ...(opts.overwrite ? {} : { ConditionExpression: 'attribute_not_exists(pk)' }),
    }),
  );
}

export async function listClients(): Promise<ClientRecord[]> {
  const items: ClientRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :c',
        ExpressionAttributeValues: { ':c': 'CLIENT' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as ClientRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

type Settable = Partial<Pick<
  ClientRecord,
  'disabled' | 'secretHash' | 'callbackUrl' | 'authUrl' | 'webhookSecret' | 'fullAadhaar' | 'products' | 'interfaces'
  | 'addressMatchSecretHash' | 'addressMatchSecretIssuedAt' | 'retentionDays'
>>;

/**
 * Updates settings of an existing client; throws ConditionalCheckFailedException when unknown.
 * A new secret or disabling moves the token generation on in the same write, so no caller can
 * rotate a secret and leave the tokens issued under the old one valid.
 */
export async function updateClient(clientId: string, changes: Settable) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const entries = Object.entries(changes);
  // An undefined setting goes back to its default (retention: the stage's).
  const sets = entries.flatMap(([k, v], i) => {
    names[`#k${i}`] = k;
    if (v === undefined) return [];
    values[`:v${i}`] = v;
    return [`#k${i} = :v${i}`];
  });
  const removes = entries.flatMap(([, v], i) => (v === undefined ? [`#k${i}`] : []));
  if (!entries.length) return;
  const revokesTokens = changes.secretHash !== undefined || changes.disabled === true;
  if (revokesTokens) values[':one'] = 1;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(clientId),
      UpdateExpression: [
        sets.length ? `SET ${sets.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
        revokesTokens ? 'ADD tokenGeneration :one' : '',
      ].filter(Boolean).join(' '),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
  // This process's requests see the change at once (core/auth/recentClients.ts).
  forgetClient(clientId);
}
