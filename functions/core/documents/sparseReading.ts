/**
 * The second reading of a type declared `sparseReread` (IMEI close-ups): box labels print each
 * IMEI above its barcode; full-page layout analysis (tesseract PSM 3) merges the two and loses the
 * number, sparse text mode reads it (bench/results/accuracy.md). The better extraction is kept.
 * The pipeline and bench/accuracy.ts both call this, so the bench measures what the service does.
 */
import { DocumentModel, type Block } from './blocks.ts';
import { extractFields } from './extract.ts';
import type { ExtractOptions, ExtractionResult } from './fields/common.ts';

/** The part of an OCR engine this needs (adapters/ocr/engine.ts implements it). */
export interface SparseReader {
  readonly name: string;
  recognise(image: Buffer, opts: { segmentation: 'sparse'; page: number }): Promise<Block[]>;
}

export async function withSparseReading(engine: SparseReader, image: Buffer, first: ExtractionResult, options: ExtractOptions): Promise<ExtractionResult> {
  // Textract reads labels as they are, and PaddleOCR has no segmentation modes to switch.
  if (engine.name === 'textract' || engine.name === 'paddle') return first;
  const second = extractFields('IMEI_CLOSEUP_IMAGE', new DocumentModel(await engine.recognise(image, { segmentation: 'sparse', page: 1 })), options);
  const count = (r: ExtractionResult) => (Array.isArray(r.data.imei_number?.value) ? r.data.imei_number.value.length : 0);
  const score = (r: ExtractionResult) => Object.values(r.data).reduce((sum, f) => sum + f.confidence_score, 0);
  return count(second) > count(first) || (count(second) === count(first) && score(second) > score(first)) ? second : first;
}
