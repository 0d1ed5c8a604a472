/**
 * Cross-checks: once every file of the flow has a verdict, compare fields across its documents as
 * its product declares (names, mobiles, addresses through the address engine, faces through the
 * face engine). crossheck_status goes PENDING while it runs and COMPLETED with the items.
 */
import { completeCrossChecks, getFlowOrBatch, listFiles, markCrossChecksPending } from '#adapters/store/flowsAndBatches.ts';
import type { FileRecord, FlowOrBatchRef } from '#core/domain/flows.ts';
import { logger } from '#adapters/logger.ts';
import { getObject } from '#adapters/s3Documents.ts';
import { allFilesFinished } from '#core/flow/status.ts';
import { findProduct } from '#core/products/catalogue.ts';
import { evaluateCrossChecks, type CrossCheckDocument, type CrossCheckItem } from '#core/crossCheck/index.ts';
import { addressSimilarity } from './addressMatching.ts';
import { faceEngine } from '#adapters/engines.ts';
import { isTransient } from '#adapters/transientErrors.ts';

/** Face similarity of every (source type, target type) document pair a PHOTO_MATCH rule needs. */
async function faceScores(files: FileRecord[], docs: CrossCheckDocument[], pairs: [string, string][]) {
  const scores = new Map<string, number | undefined>();
  // The cross-check compares the first document of each type (evaluateCrossChecks): only that pair.
  for (const [sourceType, targetType] of pairs) {
    const i = docs.findIndex((d, k) => d.document_type === sourceType && files[k].mime !== 'application/pdf');
    const j = docs.findIndex((d, k) => d.document_type === targetType && files[k].mime !== 'application/pdf');
    if (i < 0 || j < 0) continue;
    const [a, b] = await Promise.all([getObject(files[i].objectKey!), getObject(files[j].objectKey!)]);
    scores.set(`${i}:${j}`, await (await faceEngine()).compareFaces(a, b));
  }
  return scores;
}

export async function crossCheck(input: { flowOrBatch: FlowOrBatchRef }) {
  const flow = await getFlowOrBatch(input.flowOrBatch);
  // Another upload still in flight: its own execution will cross-check everything at its end.
  if (!flow || flow.kind !== 'flow' || !allFilesFinished(flow)) return {};
  // This round's cross-checks are stored already (a re-run, or a reconciler's finalising run).
  if (flow.crossCheckStatus === 'COMPLETED') return {};
  const rules = findProduct(flow.productType).crossChecks;
  await markCrossChecksPending(flow);
  let items: CrossCheckItem[] = [];
  try {
    // Only documents with a result (not rejected) take part, in upload order.
    const files = (await listFiles(flow)).filter((f) => f.state === 'DONE' && !f.result?.error_code && f.documentType);
    const docs: CrossCheckDocument[] = files.map((f) => ({
      document_type: f.documentType!,
      data: Object.fromEntries(Object.entries(f.result!.data).filter(([, v]) => v && typeof v === 'object')) as CrossCheckDocument['data'],
    }));
    const facePairs = rules.filter((r) => r.compare === 'face').flatMap((r) => r.targets.map((t) => [r.source.doc, t.doc] as [string, string]));
    const faces = facePairs.length ? await faceScores(files, docs, facePairs) : new Map<string, number | undefined>();
    items = evaluateCrossChecks(rules, docs, { addressSimilarity, faceSimilarity: (i, j) => faces.get(`${i}:${j}`) });
  } catch (err) {
    // Transient errors are retried by the ASL (they keep their names); anything else must not leave
    // the flow PENDING for ever: the round completes without items, and the error is logged (and alarmed).
    if (isTransient(err)) throw err;
    logger.error('cross-checks failed', { flow: flow.id, error: (err as Error).name, message: (err as Error).message });
  }
  await completeCrossChecks(flow, flow.round, items);
  return { crossChecks: items.length };
}
