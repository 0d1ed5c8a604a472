/**
 * Flows (v3) and batches (bulk, sandbox) own uploaded files. Both live under a tenant-scoped
 * partition `CLIENT#<client>#<KIND>#<id>`, so another client's identifier simply is not found.
 * Files are items `FILE#<seq>` in upload order, which makes page N one key-range query.
 */
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { releaseFinishedFile } from './admission.ts';
import { envNames, tableSchema } from '../tableSchema.ts';
import { emptyCounters, type CrossCheckStatus, type FileCounters } from '../../core/flow/status.ts';

/** 'onboarding': a v2 flow (its own items: adapters/store/onboarding.ts); no cross-checks, no v3 callback. */
export type OwnerKind = 'flow' | 'batch' | 'onboarding';
export interface OwnerRef {
  kind: OwnerKind;
  clientId: string;
  id: string;
}

/**
 * Personal data is kept for a bounded time: the stage's one retention setting (lib/stage-config.ts
 * passes it as RETENTION_DAYS; the bucket's lifecycle uses the same number). See docs/decisions.md.
 */
export const retentionDays = () => Number(process.env[envNames.retentionDays]) || 90;
/** `days`: the client's own retention (operator-set), never beyond the stage's (the bucket's lifecycle). */
export const expiresAt = (days?: number) => Math.floor(Date.now() / 1000) + Math.min(days || Infinity, retentionDays()) * 86400;

/**
 * A sparse index of flows and batches with work outstanding: set when an upload reserves files,
 * removed by the one write that settles the owner's current round (callback delivered or none
 * due). The reconciler reads it to find whatever a crash left unfinished.
 */
const OPEN = 'OWNER#OPEN';

export const ownerPk = (o: OwnerRef) => `CLIENT#${o.clientId}#${o.kind.toUpperCase()}#${o.id}`;
const ownerKey = (o: OwnerRef) => ({ pk: ownerPk(o), sk: 'OWNER' });
const seqKey = (seq: number) => `FILE#${String(seq).padStart(6, '0')}`;

export interface OwnerRecord extends FileCounters {
  /**
   * Sequence numbers ever reserved (never decremented, so never reused). A round of processing
   * is named by it: cross-checks, the callback claim and its event id belong to one round.
   * `filesTotal` is this less the numbers released by uploads that could not start.
   */
  round: number;
  /** Names of the pipeline executions started for this owner's open round. */
  executions?: string[];
  /** Sequence numbers released by uploads that could not be stored or started. */
  released?: number[];
  /** The callback of round `callbackFor`: claimed (PENDING), DELIVERED or DEAD (dead-lettered). */
  callbackFor?: number;
  callbackState?: 'PENDING' | 'DELIVERED' | 'DEAD';
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
  /** The client's retention when the owner was made (absent: the stage's). */
  retentionDays?: number;
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

export async function createOwner(record: Omit<OwnerRecord, keyof FileCounters | 'round' | 'crossCheckStatus' | 'createdAt'>) {
  const item: OwnerRecord = { ...record, ...emptyCounters(), round: 0, crossCheckStatus: 'NOT_STARTED', createdAt: new Date().toISOString() };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...ownerKey(record), ...item, expiresAt: expiresAt(record.retentionDays) },
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
  const released = [...((item.releasedSeqs as Set<number> | undefined) ?? [])];
  const executions = [...((item.executions as Set<string> | undefined) ?? [])];
  for (const attr of [...Object.values(COUNTER_SETS), 'releasedSeqs', 'gsi1pk', 'gsi1sk']) delete item[attr];
  const round = (item.filesTotal as number | undefined) ?? 0;
  // Cross-checks over an earlier round (fewer files than the flow now has) are not current.
  const crossCheckStatus = item.crossCheckStatus === 'COMPLETED' && item.crossCheckedTotal !== round ? 'NOT_STARTED' : item.crossCheckStatus;
  return { ...item, ...counts, round, filesTotal: round - released.length, executions, released, crossCheckStatus } as OwnerRecord;
}

/**
 * Reserves `n` sequence numbers for new files (one atomic ADD) and opens the owner's round under
 * the execution that will process them. Returns the first reserved number, and the owner's expiry,
 * which its files share: a flow's or batch's items expire together.
 */
export async function reserveFiles(o: OwnerRef, n: number, executionName: string): Promise<{ first: number; expiresAt: number }> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      // if_not_exists changes nothing, but makes the expiry part of the UPDATED_NEW answer.
      UpdateExpression: 'ADD filesTotal :n, executions :e SET gsi1pk = :open, gsi1sk = :now, expiresAt = if_not_exists(expiresAt, :exp)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':e': new Set([executionName]), ':open': OPEN, ':now': new Date().toISOString(), ':exp': expiresAt() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { first: (out.Attributes!.filesTotal as number) - n + 1, expiresAt: out.Attributes!.expiresAt as number };
}

/** Records another execution working on the owner's open round (the reconciler's). */
export async function addExecution(o: OwnerRef, executionName: string) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD executions :e SET gsi1sk = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':e': new Set([executionName]), ':now': new Date().toISOString() },
    }),
  );
}

/**
 * Undoes an upload that could not be stored or started: its files go, and their numbers are
 * recorded as released. The reservation counter is never decremented, so a number once handed out
 * is never handed out again (a concurrent upload may already hold the numbers after these).
 */
export async function releaseFiles(o: OwnerRef, files: Pick<FileRecord, 'seq'>[]) {
  await batchWrite(files.map((f) => ({ DeleteRequest: { Key: { pk: ownerPk(o), sk: seqKey(f.seq) } } })));
  if (!files.length) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD releasedSeqs :s',
      ExpressionAttributeValues: { ':s': new Set(files.map((f) => f.seq)) },
    }),
  );
}

/** BatchWriteItem in chunks of 25, retrying what DynamoDB leaves unprocessed. */
async function batchWrite(requests: Record<string, unknown>[]) {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, any[]> | undefined = { [tableName()]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length; attempt++) {
      const out = await ddb().send(new BatchWriteCommand({ RequestItems: pending }));
      pending = out.UnprocessedItems as Record<string, any[]> | undefined;
      if (pending && Object.keys(pending).length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Stores new files; `expiresAt`: the owner's (from reserveFiles), so they expire with it. */
export async function putFiles(o: OwnerRef, files: FileRecord[], expiresAtSeconds = expiresAt((o as Partial<OwnerRecord>).retentionDays)) {
  await batchWrite(files.map((f) => ({ PutRequest: { Item: { pk: ownerPk(o), sk: seqKey(f.seq), ...f, expiresAt: expiresAtSeconds } } })));
}

export const isFinished = (f: Pick<FileRecord, 'state'>) => f.state === 'DONE' || f.state === 'FAILED';

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
      // An erased file is not recreated by a task that was still running (it would never expire).
      ConditionExpression: 'attribute_exists(pk)',
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
 * Stores the cross-checks computed in `round`. Written only while the round is current: one
 * overtaken by a newer upload is dropped, and the newer one writes.
 */
export async function completeCrossChecks(o: OwnerRef, round: number, crossChecks: unknown[]): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'SET crossCheckStatus = :s, crossChecks = :c, crossCheckedTotal = :t',
      ConditionExpression: 'filesTotal = :t',
      ExpressionAttributeValues: { ':s': 'COMPLETED', ':c': crossChecks, ':t': round },
    }),
  );
}

/**
 * Claims the one callback of the owner's round: among executions that all see the same files
 * finished, exactly one wins. The claim is recorded as PENDING until delivery settles it, so a
 * callback cut off by a crash is found and sent again by the reconciler.
 */
export async function claimCallback(o: OwnerRef, round: number): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'SET callbackFor = :t, callbackState = :p',
      ConditionExpression: 'filesTotal = :t AND (attribute_not_exists(callbackFor) OR callbackFor <> :t)',
      ExpressionAttributeValues: { ':t': round, ':p': 'PENDING' },
    }),
  );
}

/**
 * Closes the owner's round: its callback delivered, dead-lettered or none due. One write, and only
 * while the round is still current (a newer upload keeps the owner open for its own round).
 */
export async function settleRound(o: OwnerRef, round: number, callbackState?: 'DELIVERED' | 'DEAD'): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: `${callbackState ? 'SET callbackState = :s ' : ''}REMOVE gsi1pk, gsi1sk, executions`,
      ConditionExpression: callbackState ? 'filesTotal = :t AND callbackFor = :t' : 'filesTotal = :t',
      ExpressionAttributeValues: { ':t': round, ...(callbackState ? { ':s': callbackState } : {}) },
    }),
  );
}

/**
 * Owners with an open round whose last upload or resumption is older than `before`. From the
 * index (DynamoDB keeps a GSI consistent with its items), or with `fromItems` by scanning the
 * items themselves: the embedded dynalite writes an item's index entries and the item in separate
 * steps, so a process killed between them can lose an entry; the local runtime reads the items.
 */
export async function listOpenOwners(before: Date, opts: { fromItems?: boolean } = {}): Promise<OwnerRef[]> {
  const refs: OwnerRef[] = [];
  const values = { ':open': OPEN, ':before': before.toISOString() };
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      opts.fromItems
        ? new ScanCommand({
            TableName: tableName(),
            FilterExpression: 'gsi1pk = :open AND gsi1sk < :before',
            ExpressionAttributeValues: values,
            ExclusiveStartKey: start,
            ConsistentRead: true,
          })
        : new QueryCommand({
            TableName: tableName(),
            IndexName: tableSchema.gsi1.name,
            KeyConditionExpression: 'gsi1pk = :open AND gsi1sk < :before',
            ExpressionAttributeValues: values,
            ExclusiveStartKey: start,
          }),
    );
    for (const item of (out.Items ?? []) as (OwnerRecord & { pk: string })[]) refs.push({ kind: item.kind, clientId: item.clientId, id: item.id });
    start = out.LastEvaluatedKey;
  } while (start);
  return refs;
}

/**
 * Brings the owner's counter sets in line with its files' recorded states: a file finished but
 * not counted (a crash between the two writes) is counted now. Set ADDs, so it is always safe.
 */
export async function recount(o: OwnerRef, files: FileRecord[]) {
  const sets: Partial<Record<FileCounter, number[]>> = {};
  const add = (c: FileCounter, seq: number) => (sets[c] ??= []).push(seq);
  for (const f of files) {
    if (f.state === 'DOWNLOADED' || f.countedAs === 'processed' || f.countedAs === 'processingFailed') add('downloaded', f.seq);
    if ((f.state === 'DONE' || f.state === 'FAILED') && f.countedAs) add(f.countedAs, f.seq);
  }
  const entries = Object.entries(sets) as [FileCounter, number[]][];
  if (!entries.length) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :c${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([c], i) => [`#c${i}`, COUNTER_SETS[c]])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, seqs], i) => [`:c${i}`, new Set(seqs)])),
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
  await releaseFinishedFile(o, seq); // fair sharing: the file leaves its client's files in flight (never throws)
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
