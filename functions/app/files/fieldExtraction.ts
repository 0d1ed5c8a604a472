/**
 * Extracting a file's fields: Blocks to the spec's fields. Classifies (with a face count for photos
 * with little text), refuses types outside the flow's product, maps fields with validators and
 * confidence, adds the image signals (faces, PAN originality), redacts Aadhaar digits and stores
 * the result. A PDF Aadhaar or PAN gets the same image treatment on its first page, rendered to PNG.
 */
import { getFile, finishFile, isFinished, recount } from '#adapters/store/flowsAndBatches.ts';
import type { FileRecord } from '#core/domain/flows.ts';
import { getClient } from '#adapters/store/clients.ts';
import { getObject, putObject, fileObjects } from '#adapters/s3Documents.ts';
import { cleanUpFinishedFile } from './cleanUp.ts';
import { maskAadhaarBlocks } from '#core/aadhaar/redactBlocks.ts';
import { sealAadhaar } from '#adapters/aadhaarVault.ts';
import { maskRegions } from '#adapters/imageRedaction.ts';
import { findQrCodes } from '#adapters/qrLocator.ts';
import { assessPanOriginality } from '#adapters/imageSignals/panOriginality.ts';
import { DocumentModel, classify, classifyUnreadPage, declarationOf, extractFields, needsSecondReading, openBoxInput, withSecondReading, withSparseReading, type Block, type DocumentType, type ExtractionResult, type Classification, type SecondReaders, type SecondReadings } from '#core/documents/index.ts';
import { findProduct } from '#core/products/catalogue.ts';
import { formatAddress } from '../addressMatching.ts';
import { evidenceOnUploadedPages } from '#core/evidence/fieldEvidence.ts';
import { faceEngine, ocrEngine, secondReadingEngine } from '#adapters/engines.ts';
import { DocumentRejectedError, type FileTaskInput } from './taskInput.ts';
import { logger } from '#adapters/logger.ts';
import { countDocument } from '#adapters/metrics.ts';

/** Ceiling of the PAN originality fields' confidence until the signal is measured on real captures. */
const PAN_SIGNAL_MAX_CONFIDENCE = 0.7;

/** Width of the rendered page: enough for the signal and legible redacted copies, small enough to stay fast. */
const PDF_PAGE_WIDTH = 1600;

/**
 * Page 1 of a PDF as PNG. pdf.ts (pdf.js and its canvas) is imported only here, so image-only
 * paths never load it. Undefined when the page cannot be rendered (pdf.js missing from the
 * package, a damaged file): the document is then handled as before, without the image signals.
 */
async function renderFirstPage(bytes: Buffer): Promise<Buffer | undefined> {
  try {
    const { PdfFile } = await import('../../adapters/ocr/pdf.ts');
    const pdf = await PdfFile.open(bytes);
    try {
      return await pdf.renderPage(1, { width: PDF_PAGE_WIDTH });
    } finally {
      await pdf.close();
    }
  } catch (err) {
    // Name and message only: pdf.js errors carry no page content.
    logger.warn('pdf page not rendered', { error: (err as Error).name, reason: (err as Error).message?.slice(0, 200) });
    return undefined;
  }
}

function withFormattedAddresses(type: DocumentType, data: ExtractionResult['data']) {
  const out: Record<string, unknown> = { ...data };
  for (const name of declarationOf(type)?.addressFields ?? []) {
    const f = data[name];
    if (f && typeof f.value === 'string' && f.value.trim()) out[name] = { ...f, formatted_address: formatAddress(f.value) };
  }
  return out;
}

/**
 * The second reading's engines (OCR_SECOND_READING; on by default in the local runtime): PaddleOCR's
 * characters with tesseract's word boundaries. Undefined where it is off or the first engine is not tesseract.
 */
async function secondReaders(): Promise<SecondReaders | undefined> {
  const [letters, spaces] = await Promise.all([secondReadingEngine(), ocrEngine()]);
  return letters && spaces.name === 'tesseract' ? { letters, spaces } : undefined;
}

/** A failed second reading (a package missing, a model that does not load) keeps the first. */
async function orFirstReading<T>(work: () => Promise<T>, first: T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    logger.warn('second reading failed, first reading kept', { error: (err as Error).name, reason: (err as Error).message?.slice(0, 200) });
    return first;
  }
}

export async function extractFileFields(input: FileTaskInput): Promise<FileTaskInput['file']> {
  const { flowOrBatch } = input;
  const file = await getFile(flowOrBatch, input.file.seq);
  // Finished by an earlier run that was cut off after its write: count and clean up what that run
  // may not have, and change nothing else (its result, keys and redacted copy stand).
  if (file && isFinished(file)) {
    await recount(flowOrBatch, [file]);
    await cleanUpFinishedFile(flowOrBatch, file);
    return input.file;
  }
  if (!file?.ocrKey || !file.objectKey) throw new DocumentRejectedError('PROCESSING_FAILED', 'file was not read');
  const keys = fileObjects(flowOrBatch, file.fileUuid);
  const [blocksJson, client] = await Promise.all([getObject(file.ocrKey), getClient(flowOrBatch.clientId)]);
  const blocks = JSON.parse(blocksJson.toString('utf8')) as Block[];
  const model = new DocumentModel(blocks);
  const isPdf = file.mime === 'application/pdf';
  const uploaded = isPdf ? undefined : await getObject(file.objectKey);

  // Faces decide between an open-box photo and an unreadable document: count them only for photos.
  const facesFound = uploaded && openBoxInput(model).littleText ? (await (await faceEngine()).countFaces(uploaded)).count : undefined;
  const firstClass = classify(model, { facesFound });
  // A page the first reading could not classify gets its second reading now (kept for its fields).
  const readers = firstClass.type === 'UNKNOWN' && uploaded ? await orFirstReading(secondReaders, undefined) : undefined;
  const { classification, readings }: { classification: Classification; readings?: SecondReadings } =
    readers && uploaded ? await orFirstReading(() => classifyUnreadPage(readers, uploaded, model, firstClass, { facesFound }), { classification: firstClass }) : { classification: firstClass };
  const { type } = classification;
  // A PDF Aadhaar or PAN: page 1 rendered stands in for the uploaded image (Blocks' geometry is
  // normalised per page, so page-1 boxes map onto it).
  const image = uploaded ?? (isPdf && declarationOf(type)?.pageImage ? await renderFirstPage(await getObject(file.objectKey)) : undefined);
  const product = findProduct(flowOrBatch.productType);
  const signal = type === 'PAN' && image ? await assessPanOriginality(image) : undefined;
  const options = {
    facesFound,
    imageSignal: signal ? { originalScore: signal.score, qualityScore: signal.score } : undefined,
  };

  // No full Aadhaar number stays stored, whatever the verdict below: the stored OCR text keeps
  // last 4 digits only, and an Aadhaar card's redacted copy replaces its original (the photo
  // stays for PHOTO_MATCH). Masked copies go to new keys and the originals are deleted only after
  // the result is written, so a run cut off before that reads exactly what this one read.
  const maskedBlocks = maskAadhaarBlocks(blocks);
  let stored: Partial<FileRecord> = {};
  if (maskedBlocks.some((b, i) => b !== blocks[i])) {
    await putObject(keys.maskedBlocks, JSON.stringify(maskedBlocks), 'application/json');
    stored = { ocrKey: keys.maskedBlocks };
  }
  let result = type === 'UNKNOWN' ? undefined : extractFields(type, model, options);
  let redactKey: string | undefined;
  if (type === 'AADHAAR' && image) {
    redactKey = keys.redacted;
    const boxes = [...(result?.redactions ?? []).filter((r) => r.page === 1).map((r) => r.box), ...(await findQrCodes(image))];
    await putObject(redactKey, await maskRegions(image, boxes), 'image/png');
    stored = { ...stored, objectKey: redactKey, mime: 'image/png' };
  }
  const finish = async (verdict: { data: Record<string, unknown>; error_code: string; error_reason: string }) => {
    const extra = { documentType: type, ...stored };
    const first = await finishFile(flowOrBatch, file.seq, 'DONE', verdict, 'processed', extra);
    // Counted by the run that wrote the result, so a concurrent or repeated run adds nothing.
    if (first) countDocument('processed', type);
    // A concurrent run finished it first: clean up after what that run recorded.
    const finished = first ? { ...file, ...extra, state: 'DONE' as const, result: verdict } : await getFile(flowOrBatch, file.seq);
    if (finished) await cleanUpFinishedFile(flowOrBatch, finished);
  };

  if (!result) {
    await finish({ data: {}, error_code: 'UNRECOGNISED', error_reason: 'the document type could not be recognised' });
    return input.file;
  }
  if (!product.documentTypes.includes(type)) {
    await finish({ data: {}, error_code: 'UNRECOGNISED', error_reason: `${type} is not a supported document type for ${flowOrBatch.productType}` });
    return input.file;
  }

  if (declarationOf(type)?.sparseReread && image) result = await withSparseReading(await ocrEngine(), image, result, options);
  // Till slips, and pages whose fields read weakly: PaddleOCR's characters fused with tesseract's word
  // boundaries, merged field by field; agreement raises confidence, disagreement lowers it or keeps the first.
  if (image && needsSecondReading(type, result, model)) {
    const first = result;
    result = await orFirstReading(async () => {
      const both = await secondReaders();
      return both ? withSecondReading(both, image, type, first, model, options, readings) : first;
    }, first);
  }
  // Evidence boxes go back onto the page as uploaded, where a reviewer looks for them.
  const data: Record<string, unknown> = { document_type: type, ...withFormattedAddresses(type, evidenceOnUploadedPages(result.data, model.orientation)) };
  if (signal) {
    // The signal is validated on synthetic captures only (docs/pan-originality.md): never claim more.
    const confidence_score = Math.round(Math.min(PAN_SIGNAL_MAX_CONFIDENCE, Math.max(signal.score, 1 - signal.score)) * 100) / 100;
    data.is_original = { value: signal.is_original, confidence_score };
    data.document_quality_flag = { value: signal.document_quality_flag, confidence_score };
  }
  if (type === 'AADHAAR' && data.aadhaar_number) {
    // Stored masked; the full number only sealed, and only for clients enabled for it.
    const full = client?.fullAadhaar ? extractFields('AADHAAR', model, { ...options, fullAadhaar: true }).data.aadhaar_number?.value : undefined;
    data.aadhaar_number = {
      ...(data.aadhaar_number as object),
      ...(redactKey ? { redact_key: redactKey } : {}),
      ...(typeof full === 'string' && full ? { sealed: await sealAadhaar(full, { clientId: flowOrBatch.clientId, fileUuid: file.fileUuid }) } : {}),
    };
  }
  await finish({
    data,
    error_code: result.error ? result.error.code : '',
    error_reason: result.error ? result.error.reason : '',
  });
  return input.file;
}
