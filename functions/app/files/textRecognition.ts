/** Reading a file's text: the stored file to Textract-style Blocks, saved beside it (never in the state payload). */
import { getFile, isFinished, updateFile } from '#adapters/store/flowsAndBatches.ts';
import { getObject, putObject, fileObjects } from '#adapters/s3Documents.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import { ocrEngine } from '#adapters/engines.ts';
import { DocumentRejectedError, type FileTaskInput } from './taskInput.ts';
import { isTransient } from '#adapters/transientErrors.ts';
import { featureChoiceFromEnv } from '#adapters/textractAnalysis.ts';
import { withTextractStructure } from './textractStructure.ts';

export async function recogniseText(input: FileTaskInput): Promise<FileTaskInput['file']> {
  const file = await getFile(input.flowOrBatch, input.file.seq);
  // Finished already, or read already (a re-run after a crash): nothing to do again.
  if (file && (isFinished(file) || file.ocrKey)) return input.file;
  if (!file?.objectKey) throw new DocumentRejectedError('PROCESSING_FAILED', 'file was not stored');
  const bytes = await getObject(file.objectKey);
  const choice = featureChoiceFromEnv();
  let blocks;
  try {
    const engine = await ocrEngine();
    const read = await recogniseDocument(engine, bytes);
    blocks = read.blocks;
    // Textract's per-type structure (off unless the stage chose features for the type): images only,
    // PDFs take the asynchronous path.
    if (engine.name === 'textract' && read.pages[0]?.source === 'image') blocks = await withTextractStructure(blocks, bytes, choice);
  } catch (err) {
    // Throttling and timeouts are retried by the ASL (task() names them); anything else is the file's verdict.
    if (isTransient(err)) throw err;
    throw new DocumentRejectedError('PROCESSING_FAILED', 'the file could not be read as an image or PDF');
  }
  const ocrKey = fileObjects(input.flowOrBatch, file.fileUuid).blocks;
  await putObject(ocrKey, JSON.stringify(blocks), 'application/json');
  await updateFile(input.flowOrBatch, file.seq, { ocrKey });
  return input.file;
}
