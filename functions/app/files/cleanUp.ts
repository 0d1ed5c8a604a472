/**
 * What must not outlive a finished file. Decided from the file's record alone, so a task re-run
 * after a crash (or a guard that finds the file finished) deletes exactly what the first run would
 * have. Deletes that fail throw: the ASL retries the task rather than leave personal data behind.
 */
import { deleteObject, fileObjects } from '../../adapters/s3Documents.ts';
import type { FileRecord, FlowOrBatchRef } from '#core/domain/flows.ts';

export function objectsToDelete(flowOrBatch: FlowOrBatchRef, file: FileRecord): string[] {
  const keys = fileObjects(flowOrBatch, file.fileUuid);
  const data = file.result?.data ?? {};
  // A failure, or a verdict without fields: nothing of the file is read again.
  if (file.state === 'FAILED' || (file.state === 'DONE' && file.result?.error_code && !Object.keys(data).length)) {
    return [keys.original, keys.blocks, keys.maskedBlocks, keys.redacted];
  }
  if (file.state !== 'DONE') return [];
  return [
    // An Aadhaar card is kept only as its redacted copy.
    ...(file.documentType === 'AADHAAR' ? [keys.original] : []),
    // The masked Blocks replace the ones read.
    ...(file.ocrKey === keys.maskedBlocks ? [keys.blocks] : []),
  ];
}

export async function cleanUpFinishedFile(flowOrBatch: FlowOrBatchRef, file: FileRecord) {
  await Promise.all(objectsToDelete(flowOrBatch, file).map((key) => deleteObject(key)));
}
