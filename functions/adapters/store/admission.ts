/**
 * Files in flight, per client and for the whole stage (fair sharing, docs/decisions.md). Each holds a
 * string set of the files admitted and not yet finished: admitting an upload is one conditional set ADD
 * (`size(inFlight) <= limit - n`, no transactions needed), releasing a file is a set DELETE, so releasing
 * twice, or a file never admitted, changes nothing.
 *
 * A release can be lost (a crash between a file's last write and its release). Such leftovers are found
 * only when an upload is refused, at most once a minute per counter: an entry whose flow or batch is gone
 * is dropped at once; one whose flow or batch has no open round is dropped when the previous check found it so too
 * (an upload admitted but not yet reserved has no open round for a few milliseconds).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { ClientAdmission, File, FlowOrBatch as FlowOrBatchItem, StageAdmission } from './entities.ts';
import { batchGetAll } from './table.ts';
import { logger } from '../logger.ts';

export interface AdmissionFlowOrBatch {
  /** flow, batch (or a v2 onboarding flow: any FlowOrBatchKind). */
  kind: string;
  clientId: string;
  id: string;
}

export interface AdmissionLimits {
  /** Files in flight one client may have. */
  perClient: number;
  /** Files in flight across every client of the stage. */
  stage: number;
}

/** How the stage's numbers reach a function (lib/api.ts sets them from lib/stage-config.ts). */
export const admissionEnv = {
  perClient: 'ADMISSION_FILES_PER_CLIENT',
  stage: 'ADMISSION_FILES_PER_STAGE',
  retryAfter: 'ADMISSION_RETRY_AFTER_SECONDS',
} as const;

/**
 * Locally (no stage sets them): roomy, so one developer's service never refuses its own uploads; tests and
 * `npm start` set the variables to try fair sharing. Every AWS stage sets its own (lib/stage-config.ts).
 */
const DEFAULTS = { perClient: 1000, stage: 2000, retryAfter: 30 };

const envNumber = (name: string, fallback: number) => {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const admissionLimits = (): AdmissionLimits => ({
  perClient: envNumber(admissionEnv.perClient, DEFAULTS.perClient),
  stage: envNumber(admissionEnv.stage, DEFAULTS.stage),
});
export const retryAfterSeconds = () => envNumber(admissionEnv.retryAfter, DEFAULTS.retryAfter);

const REPAIR_EVERY_SECONDS = 60;

type Scope = 'client' | 'stage';
const counterKey = (scope: Scope, clientId: string) => (scope === 'client' ? ClientAdmission.key({ clientId }) : StageAdmission.key({}));

/** `flow#<id>#<file uuid>` in a client's set; the stage's set prefixes the client id. */
const entryOf = (scope: Scope, flowOrBatch: AdmissionFlowOrBatch, fileUuid: string) =>
  `${scope === 'stage' ? `${flowOrBatch.clientId}#` : ''}${flowOrBatch.kind}#${flowOrBatch.id}#${fileUuid}`;

/** The flow or batch an entry belongs to (for the leftover check). */
function flowOrBatchOfEntry(scope: Scope, clientId: string, entry: string): AdmissionFlowOrBatch | undefined {
  const parts = entry.split('#');
  const [client, kind, id] = scope === 'stage' ? parts : [clientId, ...parts];
  return kind && id ? { kind, clientId: client, id } : undefined;
}

const flowOrBatchItemKey = (ref: AdmissionFlowOrBatch) => FlowOrBatchItem.key(ref);

async function add(scope: Scope, flowOrBatch: AdmissionFlowOrBatch, fileUuids: string[], limit: number): Promise<boolean> {
  if (fileUuids.length > limit) return false;
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(scope, flowOrBatch.clientId),
      UpdateExpression: 'ADD inFlight :e',
      ConditionExpression: 'attribute_not_exists(inFlight) OR size(inFlight) <= :room',
      ExpressionAttributeValues: { ':e': new Set(fileUuids.map((u) => entryOf(scope, flowOrBatch, u))), ':room': limit - fileUuids.length },
    }),
  );
}

async function remove(scope: Scope, clientId: string, entries: string[]): Promise<void> {
  if (!entries.length) return;
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey(scope, clientId),
      UpdateExpression: 'DELETE inFlight :e',
      ExpressionAttributeValues: { ':e': new Set(entries) },
    }),
  );
}

/** Whether each flow or batch still has work outstanding: missing (gone), open round, or settled. */
async function flowOrBatchStates(flowsAndBatches: AdmissionFlowOrBatch[]): Promise<Map<string, 'gone' | 'open' | 'settled'>> {
  const states = new Map<string, 'gone' | 'open' | 'settled'>();
  const now = Date.now() / 1000;
  const keys = flowsAndBatches.map(flowOrBatchItemKey);
  for (const k of keys) states.set(k.pk, 'gone');
  for (const item of await batchGetAll(keys, { projection: 'pk, gsi1pk, expiresAt', consistent: true })) {
    const expired = typeof item.expiresAt === 'number' && item.expiresAt < now;
    states.set(item.pk as string, expired ? 'gone' : item.gsi1pk ? 'open' : 'settled');
  }
  return states;
}

/** Drops leftovers of one counter (see the header); at most once per REPAIR_EVERY_SECONDS. */
async function repair(scope: Scope, clientId: string): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const key = counterKey(scope, clientId);
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const entries = [...((out.Item?.inFlight as Set<string> | undefined) ?? [])];
  const suspects = new Set((out.Item?.suspects as Set<string> | undefined) ?? []);
  const due = await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET checkedAt = :now',
      ConditionExpression: 'attribute_not_exists(checkedAt) OR checkedAt <= :before',
      ExpressionAttributeValues: { ':now': now, ':before': now - REPAIR_EVERY_SECONDS },
    }),
  );
  if (!due || !entries.length) return 0;
  const flowsAndBatches = new Map<string, AdmissionFlowOrBatch>();
  for (const e of entries) {
    const ref = flowOrBatchOfEntry(scope, clientId, e);
    if (ref) flowsAndBatches.set(flowOrBatchItemKey(ref).pk, ref);
  }
  const states = await flowOrBatchStates([...flowsAndBatches.values()]);
  const drop: string[] = [];
  const nextSuspects: string[] = [];
  for (const e of entries) {
    const ref = flowOrBatchOfEntry(scope, clientId, e);
    let state = ref ? states.get(flowOrBatchItemKey(ref).pk) : 'gone';
    // Only kinds flow and batch are known to keep their item here; anything else waits a second check.
    if (state === 'gone' && ref && ref.kind !== 'flow' && ref.kind !== 'batch') state = 'settled';
    if (state === 'gone' || (state === 'settled' && suspects.has(e))) drop.push(e);
    else if (state === 'settled') nextSuspects.push(e);
  }
  await remove(scope, clientId, drop);
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: nextSuspects.length ? 'SET suspects = :s' : 'REMOVE suspects',
      ...(nextSuspects.length ? { ExpressionAttributeValues: { ':s': new Set(nextSuspects) } } : {}),
    }),
  );
  if (drop.length) logger.warn('admission leftovers dropped', { scope, count: drop.length });
  return drop.length;
}

async function addOrRepair(scope: Scope, flowOrBatch: AdmissionFlowOrBatch, fileUuids: string[], limit: number): Promise<boolean> {
  if (await add(scope, flowOrBatch, fileUuids, limit)) return true;
  return (await repair(scope, flowOrBatch.clientId)) > 0 && add(scope, flowOrBatch, fileUuids, limit);
}

export type Admission = { admitted: true } | { admitted: false; scope: Scope; limit: number };

/** Admits the files of one upload for its client, then for the stage; all or nothing. */
export async function admit(flowOrBatch: AdmissionFlowOrBatch, fileUuids: string[], limits = admissionLimits()): Promise<Admission> {
  if (!(await addOrRepair('client', flowOrBatch, fileUuids, limits.perClient))) return { admitted: false, scope: 'client', limit: limits.perClient };
  if (!(await addOrRepair('stage', flowOrBatch, fileUuids, limits.stage))) {
    await release(flowOrBatch, fileUuids);
    return { admitted: false, scope: 'stage', limit: limits.stage };
  }
  return { admitted: true };
}

/** Releases files (finished, or never stored): idempotent. */
export async function release(flowOrBatch: AdmissionFlowOrBatch, fileUuids: string[]): Promise<void> {
  await remove('client', flowOrBatch.clientId, fileUuids.map((u) => entryOf('client', flowOrBatch, u)));
  await remove('stage', flowOrBatch.clientId, fileUuids.map((u) => entryOf('stage', flowOrBatch, u)));
}

/**
 * The pipeline's hook (flowsAndBatches.ts finishFile): releases a finished file. Never throws: a lost release is a
 * leftover the next refused upload clears, while a failing release must not fail the file.
 */
export async function releaseFinishedFile(flowOrBatch: AdmissionFlowOrBatch, seq: number): Promise<void> {
  try {
    const out = await ddb().send(
      new GetCommand({
        TableName: tableName(),
        Key: File.key({ ...flowOrBatch, seq }),
        ProjectionExpression: 'fileUuid',
      }),
    );
    if (out.Item?.fileUuid) await release(flowOrBatch, [out.Item.fileUuid as string]);
  } catch (err) {
    logger.error('admission release failed', { error: (err as Error).name });
  }
}

/** Files in flight now (tests and the operator's view). */
export async function inFlight(scope: Scope, clientId: string): Promise<number> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: counterKey(scope, clientId), ConsistentRead: true }));
  return (out.Item?.inFlight as Set<string> | undefined)?.size ?? 0;
}
