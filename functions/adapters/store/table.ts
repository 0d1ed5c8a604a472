/**
 * The table operations every store module shares, written once: paging through queries and scans,
 * update expressions from a change set, and batch reads and writes that retry what DynamoDB leaves
 * unprocessed.
 */
import {
  BatchGetCommand, BatchWriteCommand, QueryCommand, ScanCommand,
  type QueryCommandInput, type ScanCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { tableSchema } from '../tableSchema.ts';
import type { TableKey } from './keys.ts';

type Item = Record<string, unknown>;
type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Query input for a gsi1 partition: all of it, or the part sorting before (or up to) a value. */
export function inGsi1(pk: string, sk?: { before: string } | { upTo: string }) {
  const { name, partitionKey: GPK, sortKey: GSK } = tableSchema.gsi1;
  const bound = sk && ('before' in sk ? { op: '<', value: sk.before } : { op: '<=', value: sk.upTo });
  return {
    IndexName: name,
    KeyConditionExpression: `${GPK} = :gpk${bound ? ` AND ${GSK} ${bound.op} :gsk` : ''}`,
    ExpressionAttributeValues: { ':gpk': pk, ...(bound ? { ':gsk': bound.value } : {}) } as Item,
  };
}

/** Key condition on a partition: all of it, a sort-key prefix, or an inclusive sort-key range. */
export function inPartition(pk: string, sk?: { beginsWith: string } | { between: [string, string] }) {
  const { partitionKey: PK, sortKey: SK } = tableSchema;
  if (!sk) return { KeyConditionExpression: `${PK} = :pk`, ExpressionAttributeValues: { ':pk': pk } };
  if ('beginsWith' in sk) return { KeyConditionExpression: `${PK} = :pk AND begins_with(${SK}, :p)`, ExpressionAttributeValues: { ':pk': pk, ':p': sk.beginsWith } };
  return { KeyConditionExpression: `${PK} = :pk AND ${SK} BETWEEN :a AND :b`, ExpressionAttributeValues: { ':pk': pk, ':a': sk.between[0], ':b': sk.between[1] } };
}

/** One query's pages, in order (for callers that act on each page as it comes). */
export async function* queryPages<T = Item>(input: QueryInput): AsyncGenerator<T[]> {
  let start: Item | undefined;
  do {
    const out = await ddb().send(new QueryCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }));
    yield (out.Items ?? []) as T[];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every item a query matches, however many pages it takes. */
export async function queryAll<T = Item>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages<T>(input)) items.push(...page);
  return items;
}

/** Every item a scan matches, however many pages it takes. */
export async function scanAll<T = Item>(input: Omit<ScanCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  let start: Item | undefined;
  do {
    const out = await ddb().send(new ScanCommand({ TableName: tableName(), ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export interface Changes {
  /** Attributes to set; an undefined value removes the attribute. */
  set?: Item;
  remove?: string[];
  /** Numbers to add, or sets to add to. */
  add?: Item;
}

/**
 * An UpdateExpression with its names and values. Every attribute goes through a `#u<n>` name and a
 * `:u<n>` value, so reserved words (`state`, `status`) need no care and the caller's own
 * placeholders (in its condition) cannot collide.
 */
export function updateExpression(c: Changes) {
  const names: Record<string, string> = {};
  const values: Item = {};
  const name = (attr: string) => {
    const n = `#u${Object.keys(names).length}`;
    names[n] = attr;
    return n;
  };
  const value = (v: unknown) => {
    const n = `:u${Object.keys(values).length}`;
    values[n] = v;
    return n;
  };
  const entries = Object.entries(c.set ?? {});
  const sets = entries.filter(([, v]) => v !== undefined).map(([k, v]) => `${name(k)} = ${value(v)}`);
  const removes = [...entries.filter(([, v]) => v === undefined).map(([k]) => k), ...(c.remove ?? [])].map(name);
  const adds = Object.entries(c.add ?? {}).map(([k, v]) => `${name(k)} ${value(v)}`);
  const UpdateExpression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    adds.length ? `ADD ${adds.join(', ')}` : '',
  ].filter(Boolean).join(' ');
  return {
    UpdateExpression,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
}

const BATCH_WRITE_MAX = 25;
const BATCH_GET_MAX = 100;
const backoff = (attempt: number) => new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
const pendingIn = (m: Record<string, unknown> | undefined) => (m && Object.keys(m).length ? m : undefined);

/** BatchWriteItem in chunks of 25, retrying (with backoff) whatever DynamoDB leaves unprocessed. */
export async function batchWriteAll(requests: ({ PutRequest: { Item: Item } } | { DeleteRequest: { Key: TableKey } })[]) {
  for (let i = 0; i < requests.length; i += BATCH_WRITE_MAX) {
    let pending: Record<string, any[]> | undefined = { [tableName()]: requests.slice(i, i + BATCH_WRITE_MAX) };
    for (let attempt = 0; pending; attempt++) {
      if (attempt) await backoff(attempt - 1);
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = pendingIn(out.UnprocessedItems) as Record<string, any[]> | undefined;
    }
  }
}

export const putAll = (items: Item[]) => batchWriteAll(items.map((Item) => ({ PutRequest: { Item } })));
export const deleteAll = (keys: TableKey[]) => batchWriteAll(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** BatchGetItem in chunks of 100, asking again for whatever DynamoDB leaves unprocessed. */
export async function batchGetAll<T = Item>(keys: TableKey[], opts: { projection?: string; consistent?: boolean } = {}): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_MAX) {
    const request = {
      Keys: keys.slice(i, i + BATCH_GET_MAX),
      ...(opts.projection ? { ProjectionExpression: opts.projection } : {}),
      ...(opts.consistent ? { ConsistentRead: true } : {}),
    };
    let pending: Record<string, any> | undefined = { [tableName()]: request };
    for (let attempt = 0; pending; attempt++) {
      if (attempt) await backoff(attempt - 1);
      const out = await ddb().send(new BatchGetCommand({ RequestItems: pending }));
      items.push(...((out.Responses?.[tableName()] ?? []) as T[]));
      pending = pendingIn(out.UnprocessedKeys);
    }
  }
  return items;
}
