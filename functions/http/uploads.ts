/**
 * Stores the files of one upload request and starts the pipeline on them. Shared by v3, bulk and
 * sandbox multiupload: they differ only in who owns the files and what they answer.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { finishFile, putFiles, reserveFiles, type FileRecord, type OwnerRef } from '../adapters/store/owners.ts';
import { logger } from '../core/logger.ts';
import { HttpError } from './middleware/errors.ts';
import { startPipeline } from '../adapters/pipelineStarter.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `BATCH-<number>-<letters>-<14-digit timestamp>`, the spec's observed shape. */
export function newBatchId(now = new Date()): string {
  const ts = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const letters = Array.from({ length: 6 }, () => LETTERS[randomInt(26)]).join('');
  return `BATCH-${randomInt(100000, 1000000)}-${letters}-${ts}`;
}

export const BATCH_ID_PATTERN = /^BATCH-\d{6}-[A-Z]{6}-\d{14}$/;

export async function storeAndProcess(
  owner: OwnerRef & { productType: string },
  batchId: string,
  fileUrls: { file_url: string; document_id: string }[],
): Promise<FileRecord[]> {
  const first = await reserveFiles(owner, fileUrls.length);
  const files: FileRecord[] = fileUrls.map((f, i) => ({
    seq: first + i,
    fileUuid: randomUUID(),
    documentId: f.document_id,
    batchId,
    fileUrl: f.file_url,
    state: 'QUEUED',
  }));
  await putFiles(owner, files);
  try {
    await startPipeline({ owner, files: files.map((f) => ({ seq: f.seq })) }, `${owner.kind}-${batchId}`);
  } catch (err) {
    // Never leave files queued with nothing to process them: they get a verdict, the caller a 503.
    logger.error('pipeline could not start', { error: (err as Error).name, batch: batchId });
    const result = { data: {}, error_code: 'PROCESSING_FAILED', error_reason: 'processing could not be started; upload again' };
    await Promise.all(files.map((f) => finishFile(owner, f.seq, 'FAILED', result, 'downloadFailed')));
    throw new HttpError(503, 'Document processing is temporarily unavailable; retry the upload');
  }
  return files;
}
