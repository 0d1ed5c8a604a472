/**
 * Erasure of a flow or batch on the client's request (a data principal's right under the DPDP Act;
 * docs/data-lifecycle.md): its table items, bucket objects, sealed Aadhaar numbers (they live in
 * the file items' results), callback attempts and dead letters go, and an audit record stays.
 *
 * Order matters: the audit record comes first (the sweep finds unfinished erasures by it); an
 * onboarding flow's uniqueness claim goes while the flow can still be erased again; then the owner
 * is tombstoned, so from that moment the id reads as unknown and the pipeline finds nothing to
 * finish or report; running executions are stopped; then the items and objects go. Those steps are
 * idempotent: the operator's `erasure sweep` repeats them for recent erasures, finishing one that
 * was cut off and removing anything a task in flight wrote after it.
 */
import { StopExecutionCommand } from '@aws-sdk/client-sfn';
import type { OwnerRecord, OwnerRef } from '#core/domain/flows.ts';
import { deleteCallbackEvents, deleteOwnerItems, tombstoneOwner } from '../adapters/store/erasure.ts';
import { deletePrefix } from '../adapters/objectEraser.ts';
import { documentPrefix } from '../adapters/s3Documents.ts';
import { executionArn } from '../adapters/pipelineStarter.ts';
import { stepFunctions } from '../adapters/aws.ts';
import { envNames } from '../adapters/tableSchema.ts';
import { listAudit, recordAudit } from '../adapters/store/audit.ts';
import { deleteFlowKey, getFlow } from '../adapters/store/onboarding.ts';
import { logger } from '../adapters/logger.ts';

/** The owner's folder in the bucket: every file's objects live below it (s3Documents.fileObjects). */
export const ownerPrefix = (o: OwnerRef) => documentPrefix(o, '');

const subjectOf = (o: OwnerRef) => `${o.kind}:${o.id}`;

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

/** Items, objects and callback records of an owner; safe to repeat. */
export async function eraseOwnerData(o: OwnerRef, rounds: number) {
  const items = await deleteOwnerItems(o);
  const objects = await deletePrefix(ownerPrefix(o));
  const callbackRecords = await deleteCallbackEvents(o, rounds);
  return { items, objects, callbackRecords };
}

/** Erases an owner the caller has already found to be the client's own. */
export async function eraseOwner(owner: OwnerRecord, actor: string) {
  const ref: OwnerRef = { kind: owner.kind, clientId: owner.clientId, id: owner.id };
  // An onboarding flow's (application_id, external_reference_id) claim lives outside its partition.
  const onboarding = owner.kind === 'onboarding' ? await getFlow(owner.clientId, owner.id) : undefined;
  // Recorded first: an erasure cut off after this point is finished by the sweep, which reads these records.
  await recordAudit({ action: 'ERASE', actor, clientId: owner.clientId, subject: subjectOf(ref), detail: { kind: owner.kind, rounds: owner.round } });
  if (onboarding) await deleteFlowKey(owner.clientId, onboarding.applicationId, onboarding.externalReferenceId);
  await tombstoneOwner(ref);
  const stopped = await stopExecutions(owner.executions ?? []);
  const erased = await eraseOwnerData(ref, owner.round);
  logger.info('owner erased', { owner: owner.id, kind: owner.kind, ...erased, executionsStopped: stopped });
  return erased;
}

/**
 * Repeats the data erasure of every owner erased since `since` (from the audit trail), for what a
 * task already in flight wrote after the erasure. Returns what it found left over.
 */
export async function sweepErased(since: Date) {
  const swept: { clientId: string; subject: string; items: number; objects: number; callbackRecords: number }[] = [];
  for (const rec of await listAudit({ since, action: 'ERASE' })) {
    const [kind, id] = rec.subject.split(':') as [OwnerRef['kind'], string];
    const left = await eraseOwnerData({ kind, clientId: rec.clientId, id }, Number(rec.detail?.rounds ?? 0));
    swept.push({ clientId: rec.clientId, subject: rec.subject, ...left });
  }
  return swept;
}
