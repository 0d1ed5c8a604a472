import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { forgetClient } from '../recentClients.ts';
import { Client } from './entities.ts';
import { inGsi1, queryAll, updateExpression } from './table.ts';
import type { ClientInterface, ClientRecord } from '#core/domain/clients.ts';

// re-export: callers move to #core/domain
export type { ClientInterface, ClientRecord };

export const ALL_INTERFACES: ClientInterface[] = ['main', 'sandbox', 'bulk', 'addressMatch'];

export const tokenGenerationOf = (client: Pick<ClientRecord, 'tokenGeneration'>) => client.tokenGeneration ?? 0;

/**
 * Client ids start every tenant's keys (`CLIENT#<id>#...`): only letters, digits, `_` and `-`, so
 * no id can reach into another's key space.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const isClientId = (id: string) => CLIENT_ID_PATTERN.test(id);

const key = (clientId: string) => Client.key({ clientId });

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
      Item: { ...key(record.clientId), ...Client.gsi1.key(record), ...record },
      ...(opts.overwrite ? {} : { ConditionExpression: 'attribute_not_exists(pk)' }),
    }),
  );
}

export async function listClients(): Promise<ClientRecord[]> {
  return queryAll<ClientRecord>(inGsi1(Client.gsi1.pk.format({})));
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
  if (!Object.keys(changes).length) return;
  const revokesTokens = changes.secretHash !== undefined || changes.disabled === true;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key(clientId),
      // An undefined setting goes back to its default (retention: the stage's).
      ...updateExpression({ set: changes, add: revokesTokens ? { tokenGeneration: 1 } : {} }),
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
  // This process's requests see the change at once (adapters/recentClients.ts).
  forgetClient(clientId);
}
