/**
 * The reconciler: nothing stays stuck. It reads the flows and batches with an open round
 * (flowsAndBatches.ts keeps a sparse index of them) and, for each whose executions have all ended,
 * does what a crash or a lost write left undone:
 *   - counts files that finished without being counted (a crash between the two writes), and
 *     deletes what a finished file must not keep, should its task have given up on a delete;
 *   - releases numbers reserved by an upload that never stored its files;
 *   - starts the pipeline again for the files without a verdict, or, when all have one, a run with
 *     no files that cross-checks, finalises and (re)sends the round's callback.
 * Every task being idempotent, a resumption repeats nothing that is done. It runs at local
 * start-up and every few seconds locally, and on a schedule in AWS (lib/pipeline.ts).
 */
import { addExecution, getFlowOrBatch, isFinished, listFiles, listOpenFlowsAndBatches, recount, releaseFiles, settleRound } from '#adapters/store/flowsAndBatches.ts';
import { anyRunning, startPipeline } from '#adapters/pipelineStarter.ts';
import { logger } from '#adapters/logger.ts';
import { cleanUpFinishedFile } from './files/cleanUp.ts';
import { retryDueNotifications } from './onboarding/notificationSender.ts';

/** In AWS: a flow or batch is left alone this long after its last upload, for the upload's StartExecution. */
export const AWS_GRACE_MS = 10 * 60_000;

export interface ReconcileSummary {
  flowsAndBatches: number;
  resumedFiles: number;
  finalised: number;
  released: number;
}

/**
 * `fromItems`: find open flows and batches by scanning their items rather than the index (the local runtime:
 * see listOpenFlowsAndBatches).
 */
export async function reconcile(opts: { graceMs: number; now?: Date; fromItems?: boolean }): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { flowsAndBatches: 0, resumedFiles: 0, finalised: 0, released: 0 };
  const now = opts.now ?? new Date();
  for (const ref of await listOpenFlowsAndBatches(new Date(now.getTime() - opts.graceMs), { fromItems: opts.fromItems })) {
    const flowOrBatch = await getFlowOrBatch(ref);
    if (!flowOrBatch || (flowOrBatch.executions?.length && (await anyRunning(flowOrBatch.executions)))) continue;
    const files = await listFiles(ref);
    await recount(ref, files);
    // A clean-up that failed past its task's retries (the execution then failed) is done now.
    for (const f of files.filter(isFinished)) await cleanUpFinishedFile(ref, f);
    const stored = new Set(files.map((f) => f.seq));
    const released = new Set(flowOrBatch.released);
    const neverStored = Array.from({ length: flowOrBatch.round }, (_, i) => i + 1).filter((seq) => !stored.has(seq) && !released.has(seq));
    if (neverStored.length) await releaseFiles(ref, neverStored.map((seq) => ({ seq })));
    // Every number released (uploads that never stored or never started): nothing to finalise.
    if (flowOrBatch.filesTotal - neverStored.length <= 0) {
      await settleRound(ref, flowOrBatch.round);
      summary.released += neverStored.length;
      continue;
    }
    const unfinished = files.filter((f) => !isFinished(f)).map((f) => ({ seq: f.seq }));
    const name = `reconcile-${ref.kind}-${ref.id}-${now.getTime()}`.slice(0, 80);
    await addExecution(ref, name);
    await startPipeline({ flowOrBatch: { ...ref, productType: flowOrBatch.productType }, files: unfinished, resume: true }, name);
    summary.flowsAndBatches++;
    summary.resumedFiles += unfinished.length;
    summary.released += neverStored.length;
    if (!unfinished.length) summary.finalised++;
  }
  await retryDueNotifications(now); // onboarding notifications due a retry (outbox index), never throws
  if (summary.flowsAndBatches) logger.info('reconciled', { ...summary });
  return summary;
}
