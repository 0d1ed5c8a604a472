/** Downloading a file: fetch the caller's file_url safely, check it is a JPEG, PNG or PDF, store it. */
import { countFile, getFile, markDownloaded } from '#adapters/store/flowsAndBatches.ts';
import { safeFetch } from '#adapters/safeFetch.ts';
import { sniffFileType } from '#adapters/fileType.ts';
import { fileObjects, putObject } from '#adapters/s3Documents.ts';
import { loopbackAllowed } from '#adapters/aws.ts';
import { DocumentRejectedError, type FileTaskInput } from './taskInput.ts';

/** The file ref plus its sniffed type: the ASL routes PDFs to Textract's asynchronous API. */
export type DownloadedFile = FileTaskInput['file'] & { mime?: string };

export async function downloadFile(input: FileTaskInput): Promise<DownloadedFile> {
  const file = await getFile(input.flowOrBatch, input.file.seq);
  if (!file) throw new DocumentRejectedError('PROCESSING_FAILED', 'file record not found');
  // A retried task after a stored download has nothing left to do but make sure it was counted;
  // a finished file passes through (the later tasks see it finished and do nothing).
  if (file.state !== 'QUEUED') {
    if (file.state === 'DOWNLOADED') await countFile(input.flowOrBatch, 'downloaded', file.seq);
    return { ...input.file, ...(file.mime ? { mime: file.mime } : {}) };
  }
  if (!file.fileUrl) throw new DocumentRejectedError('PROCESSING_FAILED', 'file_url missing');
  // SafeFetchError names itself TransientFetchError (retried by the ASL) or FetchRejectedError.
  const res = await safeFetch(file.fileUrl, { allowLoopback: loopbackAllowed() });
  const mime = sniffFileType(res.body);
  if (!mime) throw new DocumentRejectedError('UNRECOGNISED', 'file is not a JPEG, PNG or PDF');
  const objectKey = fileObjects(input.flowOrBatch, file.fileUuid).original;
  await putObject(objectKey, res.body, mime);
  await markDownloaded(input.flowOrBatch, file.seq, { objectKey, mime });
  return { ...input.file, mime };
}
