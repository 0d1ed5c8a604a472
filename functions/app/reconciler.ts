/**
 * The reconciler: nothing stays stuck. It reads the owners with an open round (owners.ts keeps a
 * sparse index of them) and, for each whose executions have all ended, does what a crash or a
 * lost write left undone:
 *   - counts files that finished without being counted (a crash between the two writes), and
 *     deletes what a finished file must not keep, should its task have given up on a delete;
 *   - releases numbers reserved by an upload that never stored its files;
 *   - starts the pipeline again for the files without a verdict, or, when all have one, a run with
 *     no files that cross-checks, finalises and (re)sends the round's callback.
 * Every task being idempotent, a resumption repeats nothing that is done. It runs at local
 * start-up and every few seconds locally, and on a schedule in AWS (lib/pipeline.ts).
 */
import { addExecution, getOwner, isFinished, listFiles, listOpenOwners, recount, releaseFiles, settleRound } from '#adapters/store/owners.ts';
import { anyRunning, startPipeline } from '#adapters/pipelineStarter.ts';
import { logger } from '#adapters/logger.ts';
import { cleanUpFinishedFile } from './files/cleanUp.ts';
import { retryDueNotifications } from './onboarding/notificationSender.ts';

/** In AWS: an owner is left alone this long after its last upload, for the upload's StartExecution. */
export const AWS_GRACE_MS = 10 * 60_000;

export interface ReconcileSummary {
  owners: number;
  resumedFiles: number;
  finalised: number;
  released: number;
}

/**
 * `fromItems`: find open owners by scanning their items rather than the index (the local runtime:
 * see listOpenOwners).
 */
export async function reconcile(opts: { graceMs: number; now?: Date; fromItems?: boolean }): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { owners: 0, resumedFiles: 0, finalised: 0, released: 0 };
  const now = opts.now ?? new Date();
  for (const ref of await listOpenOwners(new Date(now.getTime() - opts.graceMs), { fromItems: opts.fromItems })) {
    const owner = await getOwner(ref);
    if (!owner || (owner.executions?.length && (await anyRunning(owner.executions)))) continue;
    const files = await listFiles(ref);
    await recount(ref, files);
    // A clean-up that failed past its task's retries (the execution then failed) is done now.
    for (const f of files.filter(isFinished)) await cleanUpFinishedFile(ref, f);
    const stored = new Set(files.map((f) => f.seq));
    const released = new Set(owner.released);
    const neverStored = Array.from({ length: owner.round }, (_, i) => i + 1).filter((seq) => !stored.has(seq) && !released.has(seq));
    if (neverStored.length) await releaseFiles(ref, neverStored.map((seq) => ({ seq })));
    // Every number released (uploads that never stored or never started): nothing to finalise.
    if (owner.filesTotal - neverStored.length <= 0) {
      await settleRound(ref, owner.round);
      summary.released += neverStored.length;
      continue;
    }
    const unfinished = files.filter((f) => !isFinished(f)).map((f) => ({ seq: f.seq }));
    const name = `reconcile-${ref.kind}-${ref.id}-${now.getTime()}`.slice(0, 80);
    await addExecution(ref, name);
    await startPipeline({ owner: { ...ref, productType: owner.productType }, files: unfinished, resume: true }, name);
    summary.owners++;
    summary.resumedFiles += unfinished.length;
    summary.released += neverStored.length;
    if (!unfinished.length) summary.finalised++;
  }
  await retryDueNotifications(now); // onboarding notifications due a retry (outbox index), never throws
  if (summary.owners) logger.info('reconciled', { ...summary });
  return summary;
}
