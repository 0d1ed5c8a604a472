/**
 * The cap on files one flow or batch may ever hold. v3 extracts and callbacks carry every file of
 * a flow in one body, which must stay under Lambda's 6 MB answer (docs/decisions.md).
 */
import { admitFileSlots } from '../adapters/store/flowsAndBatches.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import { MAX_FILES_PER_BATCH, MAX_FILES_PER_FLOW } from './limits.ts';
import { UnprocessableError } from './errors.ts';

export const fileCapOf = (kind: FlowOrBatchRef['kind']) => (kind === 'batch' ? MAX_FILES_PER_BATCH : MAX_FILES_PER_FLOW);

/**
 * Admits `n` more files to the flow or batch or answers 422; concurrent uploads can never together pass
 * the cap (one conditional write in the store). Slots of an upload undone by a failure stay
 * counted, so a flow holds at most the cap, perhaps a little less.
 */
export async function admitFiles(flowOrBatch: FlowOrBatchRef, n: number): Promise<void> {
  const cap = fileCapOf(flowOrBatch.kind);
  if (!(await admitFileSlots(flowOrBatch, n, cap))) throw new UnprocessableError(`Too many files: a ${flowOrBatch.kind} holds at most ${cap} files (this upload has ${n})`);
}
