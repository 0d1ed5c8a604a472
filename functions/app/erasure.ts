/**
 * Erasure of a flow or batch on the client's request (a data principal's right under the DPDP Act;
 * docs/data-lifecycle.md): its table items, bucket objects, sealed Aadhaar numbers (they live in
 * the file items' results), callback attempts and dead letters go, and an audit record stays.
 *
 * Order matters: the audit record comes first (the sweep finds unfinished erasures by it); an
 * onboarding flow's uniqueness claim goes while the flow can still be erased again; then the flow or
 * batch is tombstoned, so from that moment the id reads as unknown and the pipeline finds nothing to
 * finish or report; running executions are stopped; then the items and objects go. Those steps are
 * idempotent: the operator's `erasure sweep` repeats them for recent erasures, finishing one that
 * was cut off and removing anything a task in flight wrote after it.
 */
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { FlowOrBatch, FlowOrBatchRef } from '#core/domain/flows.ts';
import { deleteCallbackEvents, deleteFlowOrBatchItems, tombstoneFlowOrBatch } from '../adapters/store/erasure.ts';
import { deletePrefix } from '../adapters/objectEraser.ts';
import { documentPrefix } from '../adapters/s3Documents.ts';
import { executionArn } from '../adapters/pipelineStarter.ts';
import { stepFunctions } from '../adapters/aws.ts';
import { envNames } from '../adapters/tableSchema.ts';
import { listAudit, recordAudit } from '../adapters/store/audit.ts';
import { deleteFlowKey, getFlow } from '../adapters/store/onboarding.ts';
import { logger } from '../adapters/logger.ts';

/** The folder of a flow or batch in the bucket: every file's objects live below it (s3Documents.fileObjects). */
export const flowOrBatchPrefix = (ref: FlowOrBatchRef) => documentPrefix(ref, '');

const subjectOf = (ref: FlowOrBatchRef) => `${ref.kind}:${ref.id}`;

export async function stopExecutions(names: string[]) {
  const machine = process.env[envNames.stateMachine];
  // The embedded local runner has no stop; its tasks find the records gone and do nothing.
  if (!machine) return 0;
  let stopped = 0;
  for (const name of names) {
    try {
      await stepFunctions().send(new StopExecutionCommand({ executionArn: executionArn(machine, name), cause: 'erased on request' }));
      stopped++;
    } catch (err) {
      if (!['ExecutionDoesNotExist', 'InvalidArn'].includes((err as Error).name)) throw err;
    }
  }
  return stopped;
}

/** Items, objects and callback records of a flow or batch; safe to repeat. */
export async function eraseFlowOrBatchData(ref: FlowOrBatchRef, rounds: number) {
  const items = await deleteFlowOrBatchItems(ref);
  const objects = await deletePrefix(flowOrBatchPrefix(ref));
  const callbackRecords = await deleteCallbackEvents(ref, rounds);
  return { items, objects, callbackRecords };
}

/** Erases a flow or batch the caller has already found to be the client's own. */
export async function eraseFlowOrBatch(flowOrBatch: FlowOrBatch, actor: string) {
  const ref: FlowOrBatchRef = { kind: flowOrBatch.kind, clientId: flowOrBatch.clientId, id: flowOrBatch.id };
  // An onboarding flow's (application_id, external_reference_id) claim lives outside its partition.
  const onboarding = flowOrBatch.kind === 'onboarding' ? await getFlow(flowOrBatch.clientId, flowOrBatch.id) : undefined;
  // Recorded first: an erasure cut off after this point is finished by the sweep, which reads these records.
  await recordAudit({ action: 'ERASE', actor, clientId: flowOrBatch.clientId, subject: subjectOf(ref), detail: { kind: flowOrBatch.kind, rounds: flowOrBatch.round } });
  if (onboarding) await deleteFlowKey(flowOrBatch.clientId, onboarding.applicationId, onboarding.externalReferenceId);
  await tombstoneFlowOrBatch(ref);
  const stopped = await stopExecutions(flowOrBatch.executions ?? []);
  const erased = await eraseFlowOrBatchData(ref, flowOrBatch.round);
  logger.info('flow or batch erased', { flowOrBatch: flowOrBatch.id, kind: flowOrBatch.kind, ...erased, executionsStopped: stopped });
  return erased;
}

/**
 * Repeats the data erasure of every flow or batch erased since `since` (from the audit trail), for what a
 * task already in flight wrote after the erasure. Returns what it found left over.
 */
export async function sweepErased(since: Date) {
  const swept: { clientId: string; subject: string; items: number; objects: number; callbackRecords: number }[] = [];
  for (const rec of await listAudit({ since, action: 'ERASE' })) {
    const [kind, id] = rec.subject.split(':') as [FlowOrBatchRef['kind'], string];
    const left = await eraseFlowOrBatchData({ kind, clientId: rec.clientId, id }, Number(rec.detail?.rounds ?? 0));
    swept.push({ clientId: rec.clientId, subject: rec.subject, ...left });
  }
  return swept;
}
