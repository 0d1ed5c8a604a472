/**
 * Flows (v3 and v2) and batches (bulk, sandbox) and their uploaded files. Each lives under a
 * tenant-scoped partition `CLIENT#<client>#<KIND>#<id>`, so another client's identifier simply is not
 * found. Files are items `FILE#<seq>` in upload order, which makes page N one key-range query.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { releaseFinishedFile } from './admission.ts';
import { File, FlowOrBatch as FlowOrBatchItem, retentionDays, retentionTtl } from './entities.ts';
import type { TableKey } from './keys.ts';
import { deleteAll, inGsi1, inPartition, putAll, queryAll, scanAll, updateExpression } from './table.ts';
import { emptyCounters, type FileCounters } from '../../core/flow/status.ts';
import type { FileCounter, FileRecord, FileResult, FlowOrBatchKind, FlowOrBatch, FlowOrBatchRef } from '#core/domain/flows.ts';

// re-export: callers move to #core/domain
export type { FileCounter, FileRecord, FileResult, FlowOrBatchKind, FlowOrBatch, FlowOrBatchRef };

export { retentionDays };
/** Epoch seconds at which personal data made now expires (`days`: the client's retention, capped by the stage's). */
export const expiresAt = (days?: number) => retentionTtl(days);

export const flowOrBatchPk = (ref: FlowOrBatchRef) => FlowOrBatchItem.pk.format(ref);
const FLOW_OR_BATCH_KINDS: readonly string[] = ['flow', 'batch', 'onboarding'] satisfies FlowOrBatchKind[];
/** The flow or batch whose record has this key (a stream record's); undefined for any other item. */
export function flowOrBatchOfKey(key: TableKey): FlowOrBatchRef | undefined {
  const k = FlowOrBatchItem.parseKey(key);
  return k && FLOW_OR_BATCH_KINDS.includes(k.kind) ? { kind: k.kind as FlowOrBatchKind, clientId: k.clientId, id: k.id } : undefined;
}
const flowOrBatchKey = (ref: FlowOrBatchRef) => FlowOrBatchItem.key(ref);
const fileKey = (ref: FlowOrBatchRef, seq: number) => File.key({ ...ref, seq });
/**
 * The sparse index of flows and batches with work outstanding: set when an upload reserves files,
 * removed by the one write that settles its current round (callback delivered or none due).
 * The reconciler reads it to find whatever a crash left unfinished.
 */
const openIndex = (activeAt: string) => FlowOrBatchItem.gsi1.key({ activeAt });

/** Omit over each member of a union (createFlowOrBatch takes a Flow, a Batch or a v2 flow's record). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export async function createFlowOrBatch(record: OmitEach<FlowOrBatch, keyof FileCounters | 'round' | 'crossCheckStatus' | 'createdAt'>) {
  const item = { ...record, ...emptyCounters(), round: 0, crossCheckStatus: 'NOT_STARTED', createdAt: new Date().toISOString() } as FlowOrBatch;
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...flowOrBatchKey(record), ...item, expiresAt: FlowOrBatchItem.ttl(record) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return item;
}

/**
 * Per-file counters are sets of sequence numbers (`<counter>Seqs`), so adding a file twice (a
 * retried task) is a no-op; the counts are their sizes.
 */
const COUNTER_SETS: Record<FileCounter, string> = {
  downloaded: 'downloadedSeqs',
  downloadFailed: 'downloadFailedSeqs',
  processed: 'processedSeqs',
  processingFailed: 'processingFailedSeqs',
};

export async function getFlowOrBatch(ref: FlowOrBatchRef): Promise<FlowOrBatch | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: flowOrBatchKey(ref), ConsistentRead: true }));
  const item = out.Item as (FlowOrBatch & Record<string, unknown>) | undefined;
  if (!item) return undefined;
  // An expired flow or batch is gone, even before DynamoDB's TTL sweep removes it.
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
  return { ...item, ...counts, round, filesTotal: round - released.length, executions, released, crossCheckStatus } as FlowOrBatch;
}

/**
 * Reserves `n` sequence numbers for new files (one atomic ADD) and opens the flow's or batch's round
 * under the execution that will process them. Returns the first reserved number, and its expiry,
 * which its files share: a flow's or batch's items expire together.
 */
export async function reserveFiles(ref: FlowOrBatchRef, n: number, executionName: string): Promise<{ first: number; expiresAt: number }> {
  const open = openIndex(new Date().toISOString());
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      // if_not_exists changes nothing, but makes the expiry part of the UPDATED_NEW answer.
      UpdateExpression: 'ADD filesTotal :n, executions :e SET gsi1pk = :open, gsi1sk = :now, expiresAt = if_not_exists(expiresAt, :exp)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':e': new Set([executionName]), ':open': open.gsi1pk, ':now': open.gsi1sk, ':exp': expiresAt() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return { first: (out.Attributes!.filesTotal as number) - n + 1, expiresAt: out.Attributes!.expiresAt as number };
}

/** Records another execution working on the open round (the reconciler's). */
export async function addExecution(ref: FlowOrBatchRef, executionName: string) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
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
export async function releaseFiles(ref: FlowOrBatchRef, files: Pick<FileRecord, 'seq'>[]) {
  await deleteAll(files.map((f) => fileKey(ref, f.seq)));
  if (!files.length) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      UpdateExpression: 'ADD releasedSeqs :s',
      ExpressionAttributeValues: { ':s': new Set(files.map((f) => f.seq)) },
    }),
  );
}

/** Stores new files; `expiresAt`: their flow's or batch's (from reserveFiles), so they expire with it. */
export async function putFiles(ref: FlowOrBatchRef, files: FileRecord[], expiresAtSeconds = File.ttl(ref as Partial<FlowOrBatch>)) {
  await putAll(files.map((f) => ({ ...fileKey(ref, f.seq), ...f, expiresAt: expiresAtSeconds })));
}

export const isFinished = (f: Pick<FileRecord, 'state'>) => f.state === 'DONE' || f.state === 'FAILED';

export async function getFile(ref: FlowOrBatchRef, seq: number): Promise<FileRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: fileKey(ref, seq) }));
  return out.Item as FileRecord | undefined;
}

export async function updateFile(ref: FlowOrBatchRef, seq: number, set: Partial<FileRecord>, remove: (keyof FileRecord)[] = []) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: fileKey(ref, seq),
      ...updateExpression({ set, remove }),
      // An erased file is not recreated by a task that was still running (it would never expire).
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** Files with seq in [from, to], in upload order. */
export async function listFiles(ref: FlowOrBatchRef, from = 1, to = 999_999): Promise<FileRecord[]> {
  const range: [string, string] = [File.sk.format({ seq: from }), File.sk.format({ seq: to })];
  return queryAll<FileRecord>({ ...inPartition(flowOrBatchPk(ref), { between: range }), ConsistentRead: true });
}

/**
 * Admits `n` more files to the flow or batch unless it would then hold more than `cap`: one conditional ADD
 * on a counter of its own (no transactions in dynalite), so concurrent uploads cannot pass the cap
 * together. False when refused (or the flow or batch is unknown).
 */
export async function admitFileSlots(ref: FlowOrBatchRef, n: number, cap: number): Promise<boolean> {
  return n <= cap && conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      UpdateExpression: 'ADD filesAdmitted :n',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(filesAdmitted) OR filesAdmitted <= :room)',
      ExpressionAttributeValues: { ':n': n, ':room': cap - n },
    }),
  );
}

/** Counts file `seq` under `counter`, idempotently (a set ADD). */
export async function countFile(ref: FlowOrBatchRef, counter: FileCounter, seq: number) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      ...updateExpression({ add: { [COUNTER_SETS[counter]]: new Set([seq]) } }),
    }),
  );
}

/** Marks the cross-checks as running (a new round over the flow's current files). */
export async function markCrossChecksPending(ref: FlowOrBatchRef) {
  await ddb().send(
    new UpdateCommand({ TableName: tableName(), Key: flowOrBatchKey(ref), UpdateExpression: 'SET crossCheckStatus = :s', ExpressionAttributeValues: { ':s': 'PENDING' } }),
  );
}

/**
 * Stores the cross-checks computed in `round`. Written only while the round is current: one
 * overtaken by a newer upload is dropped, and the newer one writes.
 */
export async function completeCrossChecks(ref: FlowOrBatchRef, round: number, crossChecks: unknown[]): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      UpdateExpression: 'SET crossCheckStatus = :s, crossChecks = :c, crossCheckedTotal = :t',
      ConditionExpression: 'filesTotal = :t',
      ExpressionAttributeValues: { ':s': 'COMPLETED', ':c': crossChecks, ':t': round },
    }),
  );
}

/**
 * Claims the one callback of the round: among executions that all see the same files
 * finished, exactly one wins. The claim is recorded as PENDING until delivery settles it, so a
 * callback cut off by a crash is found and sent again by the reconciler.
 */
export async function claimCallback(ref: FlowOrBatchRef, round: number): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      UpdateExpression: 'SET callbackFor = :t, callbackState = :p',
      ConditionExpression: 'filesTotal = :t AND (attribute_not_exists(callbackFor) OR callbackFor <> :t)',
      ExpressionAttributeValues: { ':t': round, ':p': 'PENDING' },
    }),
  );
}

/**
 * Closes the round: its callback delivered, dead-lettered or none due. One write, and only while
 * the round is still current (a newer upload keeps the flow or batch open for its own round).
 */
export async function settleRound(ref: FlowOrBatchRef, round: number, callbackState?: 'DELIVERED' | 'DEAD'): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowOrBatchKey(ref),
      UpdateExpression: `${callbackState ? 'SET callbackState = :s ' : ''}REMOVE gsi1pk, gsi1sk, executions`,
      ConditionExpression: callbackState ? 'filesTotal = :t AND callbackFor = :t' : 'filesTotal = :t',
      ExpressionAttributeValues: { ':t': round, ...(callbackState ? { ':s': callbackState } : {}) },
    }),
  );
}

/**
 * Flows and batches with an open round whose last upload or resumption is older than `before`. From the
 * index (DynamoDB keeps a GSI consistent with its items), or with `fromItems` by scanning the
 * items themselves: the embedded dynalite writes an item's index entries and the item in separate
 * steps, so a process killed between them can lose an entry; the local runtime reads the items.
 */
export async function listOpenFlowsAndBatches(before: Date, opts: { fromItems?: boolean } = {}): Promise<FlowOrBatchRef[]> {
  const { IndexName, KeyConditionExpression, ExpressionAttributeValues } = inGsi1(openIndex('').gsi1pk, { before: before.toISOString() });
  const items = opts.fromItems
    ? await scanAll<FlowOrBatch>({ FilterExpression: KeyConditionExpression, ExpressionAttributeValues, ConsistentRead: true })
    : await queryAll<FlowOrBatch>({ IndexName, KeyConditionExpression, ExpressionAttributeValues });
  return items.map((item) => ({ kind: item.kind, clientId: item.clientId, id: item.id }));
}

/**
 * Brings the counter sets of a flow or batch in line with its files' recorded states: a file finished but
 * not counted (a crash between the two writes) is counted now. Set ADDs, so it is always safe.
 */
export async function recount(ref: FlowOrBatchRef, files: FileRecord[]) {
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
      Key: flowOrBatchKey(ref),
      ...updateExpression({ add: Object.fromEntries(entries.map(([c, seqs]) => [COUNTER_SETS[c], new Set(seqs)])) }),
    }),
  );
}

/**
 * Gives a file its final state and counts it. The file's transition is conditional (a file ends
 * once) and records what it was counted as; the count is a set ADD, so a task retried after either
 * write (Step Functions retries at least once) finishes the job without counting twice.
 */
export async function finishFile(
  ref: FlowOrBatchRef, seq: number, state: 'DONE' | 'FAILED', result: FileResult, counter: FileCounter, extra: Partial<FileRecord> = {},
): Promise<boolean> {
  const update = updateExpression({ set: { state, result, countedAs: counter, ...extra }, remove: ['fileUrl'] });
  const first = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: fileKey(ref, seq),
      ...update,
      ConditionExpression: '#state IN (:q, :d)',
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#state': 'state' },
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':q': 'QUEUED', ':d': 'DOWNLOADED' },
    }),
  );
  // Already final: count it as it was recorded (the earlier count may have failed).
  const countedAs = first ? counter : (await getFile(ref, seq))?.countedAs;
  if (countedAs) await countFile(ref, countedAs, seq);
  await releaseFinishedFile(ref, seq); // fair sharing: the file leaves its client's files in flight (never throws)
  return first;
}

/** Marks a queued file downloaded and counts it (idempotently, like finishFile). */
export async function markDownloaded(ref: FlowOrBatchRef, seq: number, set: Pick<FileRecord, 'objectKey' | 'mime'>): Promise<boolean> {
  const first = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: fileKey(ref, seq),
      UpdateExpression: 'SET #state = :d, objectKey = :k, mime = :m REMOVE fileUrl',
      ConditionExpression: '#state = :q',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':d': 'DOWNLOADED', ':q': 'QUEUED', ':k': set.objectKey, ':m': set.mime },
    }),
  );
  await countFile(ref, 'downloaded', seq);
  return first;
}
