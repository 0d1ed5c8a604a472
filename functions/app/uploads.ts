/**
 * Stores the files of one upload request and starts the pipeline on them. Shared by v3, bulk and
 * sandbox multiupload: they differ only in who owns the files and what they answer.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { putFiles, releaseFiles, reserveFiles } from '../adapters/store/flowsAndBatches.ts';
import type { FileRecord, FlowOrBatchRef } from '#core/domain/flows.ts';
import { logger } from '../adapters/logger.ts';
import { startPipeline } from '../adapters/pipelineStarter.ts';
import { release } from '../adapters/store/admission.ts';
import { UnavailableError } from './errors.ts';
import { admitFiles } from './fileCap.ts';
import { admitUpload } from './admission.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `BATCH-<number>-<letters>-<14-digit timestamp>`, the spec's observed shape. */
export function newBatchId(now = new Date()): string {
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const letters = Array.from({ length: 6 }, () => LETTERS[randomInt(26)]).join('');
  return `BATCH-${randomInt(100000, 1000000)}-${letters}-${ts}`;
}

export const BATCH_ID_PATTERN = /^BATCH-\d{6}-[A-Z]{6}-\d{14}$/;

/** One document of an upload request, as the spec names its fields. */
export interface FileUrl {
  file_url: string;
  document_id: string;
}

export async function storeAndProcess(
  flowOrBatch: FlowOrBatchRef & { productType: string },
  batchId: string,
  fileUrls: FileUrl[],
): Promise<FileRecord[]> {
  // Fair sharing first (429 leaves nothing behind), then the cap of the flow or batch; files admitted are
  // released when they finish (flowsAndBatches.ts finishFile) or here when the upload is undone.
  const fileUuids = fileUrls.map(() => randomUUID());
  await admitUpload(flowOrBatch, fileUuids);
  try {
    await admitFiles(flowOrBatch, fileUrls.length);
  } catch (err) {
    await release(flowOrBatch, fileUuids);
    throw err;
  }
  const executionName = `${flowOrBatch.kind}-${batchId}`;
  const { first, expiresAt } = await reserveFiles(flowOrBatch, fileUrls.length, executionName);
  const files: FileRecord[] = fileUrls.map((f, i) => ({
    seq: first + i,
    fileUuid: fileUuids[i],
    documentId: f.document_id,
    batchId,
    fileUrl: f.file_url,
    state: 'QUEUED',
  }));
  let stored = false;
  try {
    await putFiles(flowOrBatch, files, expiresAt);
    stored = true;
    await startPipeline({ flowOrBatch, files: files.map((f) => ({ seq: f.seq })) }, executionName);
  } catch (err) {
    // Nothing of a failed upload stays: its files go and their numbers are released (left as a
    // gap, never reused); the reconciler finalises the flow or batch if its other files are all done.
    logger.error('upload could not be stored or started', { error: (err as Error).name, batch: batchId, stored });
    await releaseFiles(flowOrBatch, files).catch((e: Error) => logger.error('upload release failed', { error: e.name, batch: batchId }));
    await release(flowOrBatch, fileUuids).catch((e: Error) => logger.error('admission release failed', { error: e.name, batch: batchId }));
    if (stored) throw new UnavailableError('Document processing is temporarily unavailable; retry the upload');
    throw err;
  }
  return files;
}
