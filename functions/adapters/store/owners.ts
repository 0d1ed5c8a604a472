/**
 * Flows (v3) and batches (bulk, sandbox) own uploaded files. Both live under a tenant-scoped
 * partition `CLIENT#<client>#<KIND>#<id>`, so another client's identifier simply is not found.
 * Files are items `FILE#<seq>` in upload order, which makes page N one key-range query.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
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
  /** Internal, never returned: face crops etc. for cross-checks. */
  artefacts?: Record<string, string>;
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

export async function getOwner(o: OwnerRef): Promise<OwnerRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: ownerKey(o), ConsistentRead: true }));
  return out.Item as OwnerRecord | undefined;
}

/**
 * Reserves `n` sequence numbers for new files (one atomic ADD) and reopens the cross-checks,
 * since new documents change them. Returns the first reserved number.
 */
export async function reserveFiles(o: OwnerRef, n: number): Promise<number> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD filesTotal :n SET crossCheckStatus = :ns',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':ns': 'NOT_STARTED' },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return (out.Attributes!.filesTotal as number) - n + 1;
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

/** Atomically adds to the owner's file counters. */
export async function addCounters(o: OwnerRef, delta: Partial<FileCounters>) {
  const entries = Object.entries(delta).filter(([, v]) => v);
  if (!entries.length) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: `ADD ${entries.map(([k], i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:c${i}`, v])),
    }),
  );
}

export async function setCrossChecks(o: OwnerRef, status: CrossCheckStatus, crossChecks?: unknown[]) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: crossChecks ? 'SET crossCheckStatus = :s, crossChecks = :c' : 'SET crossCheckStatus = :s',
      ExpressionAttributeValues: crossChecks ? { ':s': status, ':c': crossChecks } : { ':s': status },
    }),
  );
}

/**
 * Gives a file its final state and counts it, once: the conditional write makes a retried task
 * (Step Functions retries at least once) unable to count the same file twice.
 */
export async function finishFile(
  o: OwnerRef, seq: number, state: 'DONE' | 'FAILED', result: FileResult, counter: keyof FileCounters, extra: Partial<FileRecord> = {},
): Promise<boolean> {
  const sets: Record<string, unknown> = { state, result, ...extra };
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':q': 'QUEUED', ':d': 'DOWNLOADED' };
  const expr = Object.entries(sets).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:f${i}`] = v;
    return `#f${i} = :f${i}`;
  });
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: ownerPk(o), sk: seqKey(seq) },
        UpdateExpression: `SET ${expr.join(', ')} REMOVE fileUrl`,
        ConditionExpression: '#state IN (:q, :d)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
  await addCounters(o, { [counter]: 1 });
  return true;
}

/** Marks a queued file downloaded and counts it, once. */
export async function markDownloaded(o: OwnerRef, seq: number, set: Pick<FileRecord, 'objectKey' | 'mime'>): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: ownerPk(o), sk: seqKey(seq) },
        UpdateExpression: 'SET #state = :d, objectKey = :k, mime = :m REMOVE fileUrl',
        ConditionExpression: '#state = :q',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':d': 'DOWNLOADED', ':q': 'QUEUED', ':k': set.objectKey, ':m': set.mime },
      }),
    );
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
  await addCounters(o, { downloaded: 1 });
  return true;
}
