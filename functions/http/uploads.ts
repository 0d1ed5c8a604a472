/**
 * Stores the files of one upload request and starts the pipeline on them. Shared by v3, bulk and
 * sandbox multiupload: they differ only in who owns the files and what they answer.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { putFiles, reserveFiles, type FileRecord, type OwnerRef } from '../adapters/store/owners.ts';
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
  await startPipeline({ owner, files: files.map((f) => ({ seq: f.seq })) }, `${owner.kind}-${batchId}`);
  return files;
}
