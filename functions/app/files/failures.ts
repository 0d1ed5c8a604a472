/**
 * A file that failed: the Map's Catch (RecordFileFailure) or the Map's own failure
 * (RecordMapFailure) ends it with a per-document verdict while its neighbours go on. Only
 * messages we wrote ourselves reach the integrator.
 */
import { finishFile, getFile, isFinished, recount } from '#adapters/store/flowsAndBatches.ts';
import { logger } from '#adapters/logger.ts';
import { countDocument } from '#adapters/metrics.ts';
import type { PipelineInput } from '#adapters/pipelinePayload.ts';
import type { FileTaskInput } from './taskInput.ts';
import { cleanUpFinishedFile } from './cleanUp.ts';

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

/**
 * Ends file `seq` with the failure's verdict, unless it is finished already (a task that wrote its
 * result and then timed out): then its result stands and it is only counted and cleaned up.
 */
async function failFile(flowOrBatch: FileTaskInput['flowOrBatch'], seq: number, failure: FileTaskInput['failure']) {
  const verdict = verdictOf(failure);
  const file = await getFile(flowOrBatch, seq);
  if (!file) return verdict;
  if (!isFinished(file)) {
    logger.warn('file failed', { flowOrBatch: flowOrBatch.id, seq, error: failure?.Error, code: verdict.code });
    const counter = file.state === 'DOWNLOADED' ? 'processingFailed' : 'downloadFailed';
    // An unsupported file is a result (UNRECOGNISED), not a failure to process.
    const finalCounter = verdict.code === 'PROCESSING_FAILED' ? counter : file.state === 'DOWNLOADED' ? 'processed' : 'downloadFailed';
    const result = { data: {}, error_code: verdict.code, error_reason: verdict.reason };
    const state = verdict.code === 'PROCESSING_FAILED' ? 'FAILED' : 'DONE';
    // Every file ended here has no fields (rejected or failed): one failed document of its type,
    // UNKNOWN when it failed before it was classified. Counted by the run that wrote the verdict.
    if (await finishFile(flowOrBatch, seq, state, result, finalCounter)) countDocument('failed', file.documentType ?? 'UNKNOWN');
  }
  const finished = (await getFile(flowOrBatch, seq))!;
  await recount(flowOrBatch, [finished]);
  // A failed file's bytes and OCR text serve nothing now, and may hold personal data (an Aadhaar
  // card that failed before its redaction): they go, and a delete that fails fails the task.
  await cleanUpFinishedFile(flowOrBatch, finished);
  return verdict;
}

/** RecordFileFailure: one file's failure becomes its verdict. */
export async function recordFileFailure(input: FileTaskInput) {
  const verdict = await failFile(input.flowOrBatch, input.file.seq, input.failure);
  return { seq: input.file.seq, error_code: verdict.code };
}

/**
 * RecordMapFailure: the Map failed as a whole (a task failed past its own Catch, a payload limit),
 * so some of this execution's files may have no verdict. Each such file ends PROCESSING_FAILED,
 * and the execution goes on to cross-check and finalise what it has: the flow never stays
 * IN_PROGRESS.
 */
export async function recordMapFailure(input: PipelineInput & { mapFailure?: { Error?: string; Cause?: string } }) {
  logger.error('pipeline map failed', { flowOrBatch: input.flowOrBatch.id, error: input.mapFailure?.Error, files: input.files.length });
  for (const f of input.files) await failFile(input.flowOrBatch, f.seq, { Error: 'States.MapFailed' });
  return {};
}
