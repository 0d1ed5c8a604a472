/**
 * Flows (v3) and batches (bulk, sandbox) own uploaded files. Both live under a tenant-scoped
 * partition `CLIENT#<client>#<KIND>#<id>`, so another client's identifier simply is not found.
 * Files are items `FILE#<seq>` in upload order, which makes page N one key-range query.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { emptyCounters, type CrossCheckStatus, type FileCounters } from '../../core/flow/status.ts';

export type OwnerKind = 'flow' | 'batch';
export interface OwnerRef {
  kind: OwnerKind;
  clientId: string;
  id: string;
}

/** Personal data is kept for a bounded time (TTL); see docs/decisions.md. */
export const RETENTION_DAYS = 90;
const expiresAt = () => Math.floor(Date.now() / 1000) + RETENTION_DAYS * 86400;

export const ownerPk = (o: OwnerRef) => `CLIENT#${o.clientId}#${o.kind.toUpperCase()}#${o.id}`;
const ownerKey = (o: OwnerRef) => ({ pk: ownerPk(o), sk: 'OWNER' });
const seqKey = (seq: number) => `FILE#${String(seq).padStart(6, '0')}`;

export interface OwnerRecord extends FileCounters {
  kind: OwnerKind;
  clientId: string;
  id: string;
  productType: string;
  /** v3 flows */
  applicationId?: string;
  authUrl?: string;
  callbackUrl?: string;
  flowParams?: Record<string, unknown>;
  /** batches: bulk or sandbox */
  channel?: 'v3' | 'bulk' | 'sandbox';
  crossCheckStatus: CrossCheckStatus;
  crossChecks?: unknown[];
  /** filesTotal when the stored cross-checks were computed. */
  crossCheckedTotal?: number;
  createdAt: string;
}

export interface FileResult {
  data: Record<string, unknown>;
  error_code: string;
  error_reason: string;
}

export interface FileRecord {
  seq: number;
  fileUuid: string;
  documentId: string;
  batchId: string;
  /** Removed once downloaded: pre-signed URLs carry credentials. */
  fileUrl?: string;
  state: 'QUEUED' | 'DOWNLOADED' | 'DONE' | 'FAILED';
  objectKey?: string;
  mime?: string;
  ocrKey?: string;
  documentType?: string;
  result?: FileResult;
  /** The counter this file's final state was counted under (see finishFile). */
  countedAs?: FileCounter;
}

export async function createOwner(record: Omit<OwnerRecord, keyof FileCounters | 'crossCheckStatus' | 'createdAt'>) {
  const item: OwnerRecord = { ...record, ...emptyCounters(), crossCheckStatus: 'NOT_STARTED', createdAt: new Date().toISOString() };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...ownerKey(record), ...item, expiresAt: expiresAt() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/**
 * Per-file counters are sets of sequence numbers (`<counter>Seqs`), so adding a file twice (a
 * retried task) is a no-op; the counts are their sizes.
 */
const COUNTER_SETS: Record<Exclude<keyof FileCounters, 'filesTotal'>, string> = {
  downloaded: 'downloadedSeqs',
  downloadFailed: 'downloadFailedSeqs',
  processed: 'processedSeqs',
  processingFailed: 'processingFailedSeqs',
};
export type FileCounter = keyof typeof COUNTER_SETS;

export async function getOwner(o: OwnerRef): Promise<OwnerRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: ownerKey(o), ConsistentRead: true }));
  const item = out.Item as (OwnerRecord & Record<string, unknown>) | undefined;
  if (!item) return undefined;
  // An expired owner is gone, even before DynamoDB's TTL sweep removes it.
  if (typeof item.expiresAt === 'number' && item.expiresAt < Date.now() / 1000) return undefined;
  const counts = Object.fromEntries(
    Object.entries(COUNTER_SETS).map(([counter, attr]) => [counter, (item[attr] as Set<number> | undefined)?.size ?? 0]),
  );
  for (const attr of Object.values(COUNTER_SETS)) delete item[attr];
  const filesTotal = (item.filesTotal as number | undefined) ?? 0;
  // Cross-checks over fewer files than the flow now has belong to an earlier round.
  const crossCheckStatus = item.crossCheckStatus === 'COMPLETED' && item.crossCheckedTotal !== filesTotal ? 'NOT_STARTED' : item.crossCheckStatus;
  return { ...item, ...counts, filesTotal, crossCheckStatus } as OwnerRecord;
}

/** Reserves `n` sequence numbers for new files (one atomic ADD). Returns the first reserved number. */
export async function reserveFiles(o: OwnerRef, n: number): Promise<number> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD filesTotal :n',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (out.Attributes!.filesTotal as number) - n + 1;
}

/** Undoes an upload that could not be stored or started: its files go, and their reservation. */
export async function releaseFiles(o: OwnerRef, files: Pick<FileRecord, 'seq'>[]) {
  for (let i = 0; i < files.length; i += 25) {
    await ddb().send(
      new BatchWriteCommand({
        RequestItems: { [tableName()]: files.slice(i, i + 25).map((f) => ({ DeleteRequest: { Key: { pk: ownerPk(o), sk: seqKey(f.seq) } } })) },
      }),
    );
  }
  await ddb().send(
    new UpdateCommand({ TableName: tableName(), Key: ownerKey(o), UpdateExpression: 'ADD filesTotal :n', ExpressionAttributeValues: { ':n': -files.length } }),
  );
}

export async function putFiles(o: OwnerRef, files: FileRecord[]) {
  for (let i = 0; i < files.length; i += 25) {
    let requests: Record<string, any[]> | undefined = {
      [tableName()]: files.slice(i, i + 25).map((f) => ({
        PutRequest: { Item: { pk: ownerPk(o), sk: seqKey(f.seq), ...f, expiresAt: expiresAt() } },
      })),
    };
    for (let attempt = 0; requests && Object.keys(requests).length; attempt++) {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: requests }));
      requests = out.UnprocessedItems as Record<string, any[]> | undefined;
      if (requests && Object.keys(requests).length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

export async function getFile(o: OwnerRef, seq: number): Promise<FileRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk: ownerPk(o), sk: seqKey(seq) } }));
  return out.Item as FileRecord | undefined;
}

export async function updateFile(o: OwnerRef, seq: number, set: Partial<FileRecord>, remove: (keyof FileRecord)[] = []) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(set).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = remove.map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: ownerPk(o), sk: seqKey(seq) },
      UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].join(' '),
      ExpressionAttributeNames: names,
      ...(sets.length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
}

/** Files with seq in [from, to], in upload order. */
export async function listFiles(o: OwnerRef, from = 1, to = 999_999): Promise<FileRecord[]> {
  const files: FileRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
        ExpressionAttributeValues: { ':pk': ownerPk(o), ':a': seqKey(from), ':b': seqKey(to) },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    files.push(...((out.Items ?? []) as FileRecord[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return files;
}

/** Counts file `seq` under `counter`, idempotently (a set ADD). */
export async function countFile(o: OwnerRef, counter: FileCounter, seq: number) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD #c :s',
      ExpressionAttributeNames: { '#c': COUNTER_SETS[counter] },
      ExpressionAttributeValues: { ':s': new Set([seq]) },
    }),
  );
}

/** Marks the cross-checks as running (a new round over the flow's current files). */
export async function markCrossChecksPending(o: OwnerRef) {
  await ddb().send(
    new UpdateCommand({ TableName: tableName(), Key: ownerKey(o), UpdateExpression: 'SET crossCheckStatus = :s', ExpressionAttributeValues: { ':s': 'PENDING' } }),
  );
}

/**
 * Stores the cross-checks computed over `filesTotal` files. Written only while the flow still has
 * exactly those files: a round overtaken by a newer upload is dropped, and the newer one writes.
 */
export async function completeCrossChecks(o: OwnerRef, filesTotal: number, crossChecks: unknown[]): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'SET crossCheckStatus = :s, crossChecks = :c, crossCheckedTotal = :t',
      ConditionExpression: 'filesTotal = :t',
      ExpressionAttributeValues: { ':s': 'COMPLETED', ':c': crossChecks, ':t': filesTotal },
    }),
  );
}

/**
 * Claims the one callback of the flow's (or batch's) current set of files: among executions that
 * all see the same files finished, exactly one wins.
 */
export async function claimCallback(o: OwnerRef, filesTotal: number): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'SET callbackFor = :t',
      ConditionExpression: 'filesTotal = :t AND (attribute_not_exists(callbackFor) OR callbackFor <> :t)',
      ExpressionAttributeValues: { ':t': filesTotal },
    }),
  );
}

/**
 * Gives a file its final state and counts it. The file's transition is conditional (a file ends
 * once) and records what it was counted as; the count is a set ADD, so a task retried after either
 * write (Step Functions retries at least once) finishes the job without counting twice.
 */
export async function finishFile(
  o: OwnerRef, seq: number, state: 'DONE' | 'FAILED', result: FileResult, counter: FileCounter, extra: Partial<FileRecord> = {},
): Promise<boolean> {
  const sets: Record<string, unknown> = { state, result, countedAs: counter, ...extra };
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':q': 'QUEUED', ':d': 'DOWNLOADED' };
  const expr = Object.entries(sets).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  const first = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: ownerPk(o), sk: seqKey(seq) },
      UpdateExpression: `SET ${expr.join(', ')} REMOVE fileUrl`,
      ConditionExpression: '#state IN (:q, :d)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    }),
  );
  // Already final: count it as it was recorded (the earlier count may have failed).
  const countedAs = first ? counter : (await getFile(o, seq))?.countedAs;
  if (countedAs) await countFile(o, countedAs, seq);
  return first;
}

/** Marks a queued file downloaded and counts it (idempotently, like finishFile). */
export async function markDownloaded(o: OwnerRef, seq: number, set: Pick<FileRecord, 'objectKey' | 'mime'>): Promise<boolean> {
  const first = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: ownerPk(o), sk: seqKey(seq) },
      UpdateExpression: 'SET #state = :d, objectKey = :k, mime = :m REMOVE fileUrl',
      ConditionExpression: '#state = :q',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':d': 'DOWNLOADED', ':q': 'QUEUED', ':k': set.objectKey, ':m': set.mime },
    }),
  );
  await countFile(o, 'downloaded', seq);
  return first;
}
