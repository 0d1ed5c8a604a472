/**
 * textractCompleted: subscribed to the SNS topic Textract reports job ends to. For a finished job
 * it reads every result page, stores the Blocks exactly where RecogniseText stores them
 * (`<documentPrefix>/blocks.json`, the file's ocrKey), and answers the waiting RecogniseTextAsync
 * state with SendTaskSuccess; a failed job gets SendTaskFailure under the name RecordFileFailure
 * turns into the file's verdict. Not a Task state: SNS invokes it asynchronously, so a thrown
 * error is retried by Lambda (twice) and, past that, the state's heartbeat timeout takes over.
 */
import type { SNSEvent } from 'aws-lambda';
import { SendTaskFailureCommand, SendTaskHeartbeatCommand, SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { stepFunctions } from '../adapters/aws.ts';
import { updateFile } from '../adapters/store/owners.ts';
import { getTextractJob, markTextractJobDone, type TextractJob } from '../adapters/store/textractJobs.ts';
import { getTextDetectionBlocks } from '../adapters/textractAsync.ts';
import { fileObjects, putObject } from '../adapters/s3Documents.ts';
import { logger } from '../adapters/logger.ts';
import { task } from './task.ts';

/** Textract's job-completion message (the SNS Message, JSON). */
export interface TextractNotification {
  JobId: string;
  Status: 'SUCCEEDED' | 'FAILED' | 'ERROR' | 'PARTIAL_SUCCESS' | string;
  API: string;
  JobTag?: string;
  Timestamp?: number;
}

/** The name and message RecogniseText uses for an unreadable file: one verdict whichever path read it. */
export const unreadable = {
  error: 'DocumentRejected.PROCESSING_FAILED',
  cause: 'the file could not be read as an image or PDF',
} as const;

/** The notification arrived before the start function stored the token (a race): Lambda retries. */
export class TextractJobNotFound extends Error {
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
      const ocrKey = fileObjects(job.owner, job.fileUuid).blocks;
      await putObject(ocrKey, JSON.stringify(result.blocks), 'application/json');
      await updateFile(job.owner, job.file.seq, { ocrKey });
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

export const handler = task(async (event: SNSEvent): Promise<void> => {
  for (const record of event.Records) {
    const note = JSON.parse(record.Sns.Message) as TextractNotification;
    if (note.API !== 'StartDocumentTextDetection') {
      logger.warn('unexpected notification on the textract topic', { api: note.API });
      continue;
    }
    await complete(note);
  }
});
