/**
 * RecordFileFailure: the Map's Catch lands here, so one bad file becomes its own per-document
 * verdict while its neighbours go on. Only messages we wrote ourselves reach the integrator.
 */
import { task } from './task.ts';
import { finishFile, getFile } from '../adapters/store/owners.ts';
import { deleteObject } from '../adapters/documentStore.ts';
import { logger } from '../core/logger.ts';
import type { FileTaskInput } from './types.ts';

const SAFE_MESSAGE_ERRORS = /^(DocumentRejected\.|FetchRejectedError$|TransientFetchError$)/;

function messageOf(cause: string | undefined): string {
  if (!cause) return '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    if (typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    /* a plain message */
  }
  return cause;
}

export function verdictOf(failure: FileTaskInput['failure']): { code: string; reason: string } {
  const name = failure?.Error ?? 'Error';
  const message = messageOf(failure?.Cause);
  if (name.startsWith('DocumentRejected.')) return { code: name.slice('DocumentRejected.'.length), reason: message };
  if (SAFE_MESSAGE_ERRORS.test(name)) return { code: 'PROCESSING_FAILED', reason: `download failed: ${message}` };
  if (name === 'States.Timeout') return { code: 'PROCESSING_FAILED', reason: 'processing timed out' };
  return { code: 'PROCESSING_FAILED', reason: 'processing failed' };
}

export const handler = task(async (input: FileTaskInput) => {
  const verdict = verdictOf(input.failure);
  logger.warn('file failed', { owner: input.owner.id, seq: input.file.seq, error: input.failure?.Error, code: verdict.code });
  const file = await getFile(input.owner, input.file.seq);
  const counter = file?.state === 'DOWNLOADED' ? 'processingFailed' : 'downloadFailed';
  // An unsupported file is a result (UNRECOGNISED), not a failure to process.
  const finalCounter = verdict.code === 'PROCESSING_FAILED' ? counter : file?.state === 'DOWNLOADED' ? 'processed' : 'downloadFailed';
  await finishFile(input.owner, input.file.seq, verdict.code === 'PROCESSING_FAILED' ? 'FAILED' : 'DONE', { data: {}, error_code: verdict.code, error_reason: verdict.reason }, finalCounter);
  // A failed file's bytes and OCR text serve nothing now, and may hold personal data (an Aadhaar
  // card that failed before its redaction): they go.
  const keys = [file?.objectKey, file?.ocrKey].filter((k): k is string => Boolean(k));
  await Promise.allSettled(keys.map((k) => deleteObject(k)));
  return { seq: input.file.seq, error_code: verdict.code };
});
