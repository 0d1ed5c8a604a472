/**
 * RecogniseTextAsync (PDFs in AWS): starts Textract's asynchronous text detection on the stored
 * original and parks the Step Functions task token under the JobId. The state stays open until
 * textractCompleted, woken by Textract's SNS notification, answers with that token; nothing polls.
 * Locally the runner maps this state to recogniseText instead (functions/pipeline/tasks.ts).
 */
import { createHash } from 'node:crypto';
import { task } from './task.ts';
import { getFile } from '../adapters/store/owners.ts';
import { putTextractJob } from '../adapters/store/textractJobs.ts';
import { startTextDetection } from '../adapters/textractAsync.ts';
import { bucketName } from '../adapters/aws.ts';
import { logger } from '../adapters/logger.ts';
import { DocumentRejectedError, type FileTaskInput } from './types.ts';

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
export const clientRequestTokenOf = (taskToken: string) => createHash('sha256').update(taskToken).digest('hex').slice(0, 64);

export const handler = task(async (input: RecogniseTextAsyncInput): Promise<{ jobId: string }> => {
  if (!input.taskToken) throw new Error('RecogniseTextAsync needs $$.Task.Token in its payload');
  const file = await getFile(input.owner, input.file.seq);
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
    owner: input.owner,
    file: { seq: file.seq, ...(file.mime ? { mime: file.mime } : {}) },
    fileUuid: file.fileUuid,
  });
  logger.info('textract job started', { owner: input.owner.id, seq: file.seq, jobId });
  // Ignored by Step Functions (the state waits for the token); useful in the function's logs.
  return { jobId };
});
