/** RecogniseText: the stored file to Textract-style Blocks, saved beside it (never in the state payload). */
import { task } from './task.ts';
import { getFile, updateFile } from '../adapters/store/owners.ts';
import { getObject, putObject, documentPrefix } from '../adapters/documentStore.ts';
import { recogniseDocument } from '../adapters/ocr/document.ts';
import { ocrEngine } from './engines.ts';
import { DocumentRejectedError, type FileTaskInput } from './types.ts';

export const handler = task(async (input: FileTaskInput): Promise<FileTaskInput['file']> => {
  const file = await getFile(input.owner, input.file.seq);
  if (!file?.objectKey) throw new DocumentRejectedError('PROCESSING_FAILED', 'file was not stored');
  const bytes = await getObject(file.objectKey);
  let blocks;
  try {
    ({ blocks } = await recogniseDocument(await ocrEngine(), bytes));
  } catch (err) {
    // Throttling and timeouts keep their names so the ASL can retry them.
    if (/Throttling|ProvisionedThroughput|LimitExceeded|Timeout/.test((err as Error).name)) throw err;
    throw new DocumentRejectedError('PROCESSING_FAILED', 'the file could not be read as an image or PDF');
  }
  const ocrKey = `${documentPrefix(input.owner, file.fileUuid)}/blocks.json`;
  await putObject(ocrKey, JSON.stringify(blocks), 'application/json');
  await updateFile(input.owner, file.seq, { ocrKey });
  return input.file;
});
