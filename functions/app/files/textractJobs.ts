/**
 * Reading a PDF with Textract's asynchronous API (in AWS). startTextractJob starts text detection
 * on the stored original and parks the Step Functions task token under the JobId; the state stays
 * open until completeTextractJobs, woken by Textract's SNS notification, answers with that token
 * (nothing polls). A finished job's Blocks are stored exactly where textRecognition.ts stores them
 * (`<documentPrefix>/blocks.json`, the file's ocrKey) and the waiting state gets SendTaskSuccess; a
 * failed job gets SendTaskFailure under the name RecordFileFailure turns into the file's verdict.
 */
import { createHash } from 'node:crypto';
import { SendTaskFailureCommand, SendTaskHeartbeatCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { bucketName, stepFunctions } from '#adapters/aws.ts';
import { getFile, updateFile } from '#adapters/store/flowsAndBatches.ts';
import { getTextractJob, markTextractJobDone, putTextractJob, type TextractJob } from '#adapters/store/textractJobs.ts';
import { getTextDetectionBlocks, startTextDetection } from '#adapters/textractAsync.ts';
import { fileObjects, putObject } from '#adapters/s3Documents.ts';
import { logger } from '#adapters/logger.ts';
import { DocumentRejectedError, type FileTaskInput } from './taskInput.ts';

export interface RecogniseTextAsyncInput extends FileTaskInput {
  file: FileTaskInput['file'] & { mime?: string };
  /** `$$.Task.Token` of the waiting state. */
  taskToken: string;
}

/** Errors that say the request itself was wrong or the document unreadable: no retry helps. */
const UNREADABLE = /^(InvalidS3ObjectException|UnsupportedDocumentException|BadDocumentException|DocumentTooLargeException|InvalidParameterException)$/;

/**
 * One job per task token: a Lambda retry of the same attempt gets the same JobId back, while a
 * new attempt of the state (after a timeout) has a new token and so starts a fresh job.
 */
const clientRequestTokenOf = (taskToken: string) => createHash('sha256').update(taskToken).digest('hex').slice(0, 64);

export async function startTextractJob(input: RecogniseTextAsyncInput): Promise<{ jobId: string }> {
  if (!input.taskToken) throw new Error('RecogniseTextAsync needs $$.Task.Token in its payload');
  const file = await getFile(input.flowOrBatch, input.file.seq);
  if (!file?.objectKey) throw new DocumentRejectedError('PROCESSING_FAILED', 'file was not stored');
  let jobId: string;
  try {
    jobId = await startTextDetection({
      bucket: bucketName(),
      key: file.objectKey,
      clientRequestToken: clientRequestTokenOf(input.taskToken),
      jobTag: `file-${input.file.seq}`,
    });
  } catch (err) {
    // Throttling (ThrottlingException, ProvisionedThroughputExceededException, LimitExceededException)
    // keeps its name so the ASL's Retry matches it; an unreadable document is a per-file verdict.
    if (UNREADABLE.test((err as Error).name)) {
      throw new DocumentRejectedError('PROCESSING_FAILED', 'the file could not be read as an image or PDF');
    }
    throw err;
  }
  await putTextractJob({
    jobId,
    taskToken: input.taskToken,
    flowOrBatch: input.flowOrBatch,
    file: { seq: file.seq, ...(file.mime ? { mime: file.mime } : {}) },
    fileUuid: file.fileUuid,
  });
  logger.info('textract job started', { flowOrBatch: input.flowOrBatch.id, seq: file.seq, jobId });
  // Ignored by Step Functions (the state waits for the token); useful in the function's logs.
  return { jobId };
}

/** Textract's job-completion message (the SNS Message, JSON). */
interface TextractNotification {
  JobId: string;
  Status: 'SUCCEEDED' | 'FAILED' | 'ERROR' | 'PARTIAL_SUCCESS' | string;
  API: string;
  JobTag?: string;
  Timestamp?: number;
}

/** The name and message RecogniseText uses for an unreadable file: one verdict whichever path read it. */
const unreadable = {
  error: 'DocumentRejected.PROCESSING_FAILED',
  cause: 'the file could not be read as an image or PDF',
} as const;

/** The notification arrived before the start function stored the token (a race): Lambda retries. */
class TextractJobNotFound extends Error {
  override name = 'TextractJobNotFound';
}

/** PARTIAL_SUCCESS still has Blocks for the pages Textract could read. */
const finished = (status: string) => status === 'SUCCEEDED' || status === 'PARTIAL_SUCCESS';

/** The waiting state is gone (timed out, execution stopped): answering it cannot succeed. */
const STALE_TOKEN = /^(TaskTimedOut|TaskDoesNotExist|InvalidToken)$/;

async function answer(job: TextractJob, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (err) {
    if (!STALE_TOKEN.test((err as Error).name)) throw err;
    logger.warn('textract job finished after its state gave up', { jobId: job.jobId, error: (err as Error).name });
  }
}

async function complete(note: TextractNotification) {
  const job = await getTextractJob(note.JobId);
  if (!job) throw new TextractJobNotFound(`no waiting task for Textract job ${note.JobId}`);
  if (job.state === 'DONE') {
    logger.info('duplicate textract notification ignored', { jobId: job.jobId });
    return;
  }
  const sfn = stepFunctions();
  if (finished(note.Status)) {
    // Textract has reported: restart the heartbeat clock while the pages are read and stored.
    await answer(job, () => sfn.send(new SendTaskHeartbeatCommand({ taskToken: job.taskToken })));
    const result = await getTextDetectionBlocks(job.jobId);
    if (finished(result.status)) {
      const ocrKey = fileObjects(job.flowOrBatch, job.fileUuid).blocks;
      await putObject(ocrKey, JSON.stringify(result.blocks), 'application/json');
      await updateFile(job.flowOrBatch, job.file.seq, { ocrKey });
      await answer(job, () => sfn.send(new SendTaskSuccessCommand({ taskToken: job.taskToken, output: JSON.stringify(job.file) })));
      await markTextractJobDone(job.jobId);
      logger.info('textract job stored', { jobId: job.jobId, seq: job.file.seq, pages: result.pages, blocks: result.blocks.length });
      return;
    }
    logger.warn('textract job has no results', { jobId: job.jobId, status: result.status, message: result.statusMessage });
  }
  logger.warn('textract job failed', { jobId: job.jobId, seq: job.file.seq, status: note.Status });
  await answer(job, () => sfn.send(new SendTaskFailureCommand({ taskToken: job.taskToken, ...unreadable })));
  await markTextractJobDone(job.jobId);
}

/** Textract's job notifications (SNS messages, JSON), in order; other APIs' messages are logged and skipped. */
export async function completeTextractJobs(messages: string[]): Promise<void> {
  for (const message of messages) {
    const note = JSON.parse(message) as TextractNotification;
    if (note.API !== 'StartDocumentTextDetection') {
      logger.warn('unexpected notification on the textract topic', { api: note.API });
      continue;
    }
    await complete(note);
  }
}
