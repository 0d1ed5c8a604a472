/**
 * Flows (v3) and batches (bulk, sandbox) own uploaded files. Both live under a tenant-scoped
 * partition `CLIENT#<client>#<KIND>#<id>`, so another client's identifier simply is not found.
 * Files are items `FILE#<seq>` in upload order, which makes page N one key-range query.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { releaseFinishedFile } from './admission.ts';
import { File, Owner, retentionDays, retentionTtl } from './entities.ts';
import type { TableKey } from './keys.ts';
import { deleteAll, inGsi1, inPartition, putAll, queryAll, scanAll, updateExpression } from './table.ts';
import { emptyCounters, type FileCounters } from '../../core/flow/status.ts';
import type { FileCounter, FileRecord, FileResult, OwnerKind, OwnerRecord, OwnerRef } from '#core/domain/flows.ts';

// re-export: callers move to #core/domain
export type { FileCounter, FileRecord, FileResult, OwnerKind, OwnerRecord, OwnerRef };

export { retentionDays };
/** Epoch seconds at which personal data made now expires (`days`: the client's retention, capped by the stage's). */
export const expiresAt = (days?: number) => retentionTtl(days);

export const ownerPk = (o: OwnerRef) => Owner.pk.format(o);
const OWNER_KINDS: readonly string[] = ['flow', 'batch', 'onboarding'] satisfies OwnerKind[];
/** The flow or batch whose owner item has this key (a stream record's); undefined for any other item. */
export function ownerOf(key: TableKey): OwnerRef | undefined {
  const o = Owner.parseKey(key);
  return o && OWNER_KINDS.includes(o.kind) ? { kind: o.kind as OwnerKind, clientId: o.clientId, id: o.id } : undefined;
}
const ownerKey = (o: OwnerRef) => Owner.key(o);
const fileKey = (o: OwnerRef, seq: number) => File.key({ ...o, seq });
/**
 * The sparse index of flows and batches with work outstanding: set when an upload reserves files,
 * removed by the one write that settles the owner's current round (callback delivered or none due).
 * The reconciler reads it to find whatever a crash left unfinished.
 */
const openIndex = (activeAt: string) => Owner.gsi1.key({ activeAt });

/** Omit over each member of a union (createOwner takes a Flow or a Batch). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export async function createOwner(record: OmitEach<OwnerRecord, keyof FileCounters | 'round' | 'crossCheckStatus' | 'createdAt'>) {
  const item = { ...record, ...emptyCounters(), round: 0, crossCheckStatus: 'NOT_STARTED', createdAt: new Date().toISOString() } as OwnerRecord;
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...ownerKey(record), ...item, expiresAt: Owner.ttl(record) },
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
  const open = openIndex(new Date().toISOString());
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      // if_not_exists changes nothing, but makes the expiry part of the UPDATED_NEW answer.
      UpdateExpression: 'ADD filesTotal :n, executions :e SET gsi1pk = :open, gsi1sk = :now, expiresAt = if_not_exists(expiresAt, :exp)',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':n': n, ':e': new Set([executionName]), ':open': open.gsi1pk, ':now': open.gsi1sk, ':exp': expiresAt() },
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
  await deleteAll(files.map((f) => fileKey(o, f.seq)));
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

/** Stores new files; `expiresAt`: the owner's (from reserveFiles), so they expire with it. */
export async function putFiles(o: OwnerRef, files: FileRecord[], expiresAtSeconds = File.ttl(o as Partial<OwnerRecord>)) {
  await putAll(files.map((f) => ({ ...fileKey(o, f.seq), ...f, expiresAt: expiresAtSeconds })));
}

export const isFinished = (f: Pick<FileRecord, 'state'>) => f.state === 'DONE' || f.state === 'FAILED';

export async function getFile(o: OwnerRef, seq: number): Promise<FileRecord | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: fileKey(o, seq) }));
  return out.Item as FileRecord | undefined;
}

export async function updateFile(o: OwnerRef, seq: number, set: Partial<FileRecord>, remove: (keyof FileRecord)[] = []) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: fileKey(o, seq),
      ...updateExpression({ set, remove }),
      // An erased file is not recreated by a task that was still running (it would never expire).
      ConditionExpression: 'attribute_exists(pk)',
    }),
  );
}

/** Files with seq in [from, to], in upload order. */
export async function listFiles(o: OwnerRef, from = 1, to = 999_999): Promise<FileRecord[]> {
  const range: [string, string] = [File.sk.format({ seq: from }), File.sk.format({ seq: to })];
  return queryAll<FileRecord>({ ...inPartition(ownerPk(o), { between: range }), ConsistentRead: true });
}

/**
 * Admits `n` more files to the owner unless it would then hold more than `cap`: one conditional ADD
 * on a counter of its own (no transactions in dynalite), so concurrent uploads cannot pass the cap
 * together. False when refused (or the owner is unknown).
 */
export async function admitFileSlots(o: OwnerRef, n: number, cap: number): Promise<boolean> {
  return n <= cap && conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      UpdateExpression: 'ADD filesAdmitted :n',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(filesAdmitted) OR filesAdmitted <= :room)',
      ExpressionAttributeValues: { ':n': n, ':room': cap - n },
    }),
  );
}

/** Counts file `seq` under `counter`, idempotently (a set ADD). */
export async function countFile(o: OwnerRef, counter: FileCounter, seq: number) {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: ownerKey(o),
      ...updateExpression({ add: { [COUNTER_SETS[counter]]: new Set([seq]) } }),
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
  const { IndexName, KeyConditionExpression, ExpressionAttributeValues } = inGsi1(openIndex('').gsi1pk, { before: before.toISOString() });
  const items = opts.fromItems
    ? await scanAll<OwnerRecord>({ FilterExpression: KeyConditionExpression, ExpressionAttributeValues, ConsistentRead: true })
    : await queryAll<OwnerRecord>({ IndexName, KeyConditionExpression, ExpressionAttributeValues });
  return items.map((item) => ({ kind: item.kind, clientId: item.clientId, id: item.id }));
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
  o: OwnerRef, seq: number, state: 'DONE' | 'FAILED', result: FileResult, counter: FileCounter, extra: Partial<FileRecord> = {},
): Promise<boolean> {
  const update = updateExpression({ set: { state, result, countedAs: counter, ...extra }, remove: ['fileUrl'] });
  const first = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: fileKey(o, seq),
      ...update,
      ConditionExpression: '#state IN (:q, :d)',
      ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#state': 'state' },
      ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':q': 'QUEUED', ':d': 'DOWNLOADED' },
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
      Key: fileKey(o, seq),
      UpdateExpression: 'SET #state = :d, objectKey = :k, mime = :m REMOVE fileUrl',
      ConditionExpression: '#state = :q',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':d': 'DOWNLOADED', ':q': 'QUEUED', ':k': set.objectKey, ':m': set.mime },
    }),
  );
  await countFile(o, 'downloaded', seq);
  return first;
}
