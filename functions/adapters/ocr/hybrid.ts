/**
 * tesseract first, PaddleOCR as a second read only where the first looks weak.
 *
 * Two ways to decide "weak", both measured in bench/ocr-engines.ts:
 * - by the OCR itself (`HybridEngine.recognise`): the first reading's character-weighted word
 *   confidence is below `secondReadBelow`; the second reading then replaces the first. Needs no
 *   caller change (OCR_ENGINE=hybrid).
 * - by the extraction (`weakFields` + `mergeExtractions`): the caller extracts from the first
 *   reading, and only when a field is missing or failed its validator (confidence below a
 *   floor) reads the page again with `secondRead()` and keeps, per field, the better value.
 */
import type { Block } from '#core/documents/blocks.ts';
import type { ExtractionResult } from '#core/documents/index.ts';
import type { OcrEngine, RecogniseOptions } from './engine.ts';
import { createPaddleEngine } from './paddle.ts';
import { createTesseractEngine } from './tesseract.ts';

/** Character-weighted mean WORD confidence of a reading, 0..100 (0 when nothing was read). */
export function readingConfidence(blocks: readonly Block[]): number {
  let chars = 0;
  let sum = 0;
  for (const b of blocks) {
    if (b.BlockType !== 'WORD' || !b.Text) continue;
    chars += b.Text.length;
    sum += b.Text.length * (b.Confidence ?? 0);
  }
  return chars ? sum / chars : 0;
}

export interface HybridEngineOptions {
  /** First reader. Default: tesseract (PSM per call, 2 workers). */
  primary?: OcrEngine;
  /** Second reader. Default: PaddleOCR. */
  secondary?: OcrEngine;
  /**
   * Read again with the secondary when the primary's reading confidence (0..100) is below
   * this. 0 never reads twice on its own (the caller decides with secondRead()). Default 85.
   */
  secondReadBelow?: number;
}

export const DEFAULT_SECOND_READ_BELOW = 85;

/** The OCR-side decision: is this first reading weak enough to pay for a second one? */
export function shouldReadAgain(blocks: readonly Block[], below = DEFAULT_SECOND_READ_BELOW): boolean {
  return below > 0 && readingConfidence(blocks) < below;
}

export class HybridEngine implements OcrEngine {
  readonly name = 'hybrid';
  readonly primary: OcrEngine;
  readonly secondary: OcrEngine;
  private readonly below: number;
  /** Pages read / pages read twice, for logs and the bench. */
  readonly stats = { pages: 0, secondReads: 0 };

  constructor(opts: HybridEngineOptions = {}) {
    this.primary = opts.primary ?? createTesseractEngine();
    this.secondary = opts.secondary ?? createPaddleEngine();
    this.below = opts.secondReadBelow ?? DEFAULT_SECOND_READ_BELOW;
  }

  async recognise(image: Buffer, opts: RecogniseOptions = {}): Promise<Block[]> {
    this.stats.pages++;
    const first = await this.primary.recognise(image, opts);
    if (!shouldReadAgain(first, this.below)) return first;
    this.stats.secondReads++;
    return this.secondary.recognise(image, opts);
  }

  /** The caller-driven second read (e.g. a validator failed on the first reading). */
  secondRead(image: Buffer, opts: RecogniseOptions = {}): Promise<Block[]> {
    this.stats.secondReads++;
    return this.secondary.recognise(image, opts);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.primary.close(), this.secondary.close()]);
  }
}

export function createHybridEngine(opts?: HybridEngineOptions): HybridEngine {
  return new HybridEngine(opts);
}

/** Below this confidence a field counts as failed (validators score invalid reads low). */
export const WEAK_FIELD_CONFIDENCE = 0.5;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The extraction-side decision: fields that are missing or scored below `minConfidence`, or
 * every field when the extractor refused the document. Empty list: no second read needed.
 * `fields` narrows the check (e.g. to the type's required fields).
 */
export function weakFields(result: ExtractionResult, opts: { minConfidence?: number; fields?: readonly string[] } = {}): string[] {
  const min = opts.minConfidence ?? WEAK_FIELD_CONFIDENCE;
  const names = opts.fields ?? Object.keys(result.data);
  if (result.error) return [...names];
  return names.filter((n) => {
    const f = result.data[n];
    return !f || isEmpty(f.value) || f.confidence_score < min;
  });
}

/**
 * Field by field, the first extraction unless its field is weak and the second one's is
 * stronger. Redactions of both readings are kept (both are on the same image), so a number
 * found only by the second reading is still masked. The error stays only if both refused.
 */
export function mergeExtractions(first: ExtractionResult, second: ExtractionResult, opts: { minConfidence?: number } = {}): ExtractionResult {
  if (first.error && !second.error) return second;
  if (second.error) return first;
  const weak = new Set(weakFields(first, opts));
  const data: ExtractionResult['data'] = { ...first.data };
  for (const [name, f] of Object.entries(second.data)) {
    const mine = data[name];
    if (!mine || (weak.has(name) && !isEmpty(f.value) && f.confidence_score > (isEmpty(mine.value) ? 0 : mine.confidence_score))) data[name] = f;
  }
  const redactions = [...(first.redactions ?? []), ...(second.redactions ?? [])];
  return { data, ...(redactions.length ? { redactions } : {}) };
}
