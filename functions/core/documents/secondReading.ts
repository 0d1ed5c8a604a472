/**
 * A second OCR reading of the same page (another engine), merged field by field with the first:
 * two independent readings agreeing is evidence a single reading is not, and two readings
 * disagreeing is a reason for doubt (docs/confidence.md, "Agreement between readings").
 *
 * - Both readings give the same value (case, spacing and punctuation aside: PaddleOCR drops the
 *   spaces tesseract keeps): the first reading's value, scored at least AGREED_FLOOR, and at
 *   least the better of the two scores.
 * - They differ: the more confident value, capped at DISAGREE_CAP.
 * - One reading has no value: the other's, as scored.
 *
 * Identifier-like fields whose validator already passed (a checksum) are not raised further than
 * their own score; the merge only changes free text, dates and amounts in practice.
 */
import { DocumentModel, type Block } from './blocks.ts';
import { extractFields } from './extract.ts';
import type { ExtractOptions, ExtractionResult, ExtractedField } from './fields/common.ts';
import type { DocumentType } from './typeNames.ts';

/** Two engines reading the same value: scored at least this (the auto-accept band starts at 0.85). */
export const AGREED_FLOOR = 0.86;
/** Two engines reading different values: whichever is kept is scored at most this. */
export const DISAGREE_CAP = 0.45;

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Case, spacing and punctuation aside (one engine keeps spaces the other drops). */
export function sameReading(a: unknown, b: unknown): boolean {
  if (empty(a) || empty(b)) return false;
  if (typeof a === 'number' || typeof b === 'number') return typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 0.005;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const s = new Set(b.map(String));
    return a.every((x) => s.has(String(x)));
  }
  const norm = (s: unknown) => String(s).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return norm(a) === norm(b);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

function mergeField(a: ExtractedField | undefined, b: ExtractedField | undefined): ExtractedField | undefined {
  if (!a || empty(a.value)) return b && !empty(b.value) ? b : a;
  if (!b || empty(b.value)) return a;
  if (sameReading(a.value, b.value)) return { ...a, confidence_score: round(Math.max(a.confidence_score, b.confidence_score, AGREED_FLOOR)) };
  const keep = b.confidence_score > a.confidence_score ? b : a;
  return { ...keep, confidence_score: round(Math.min(keep.confidence_score, DISAGREE_CAP)) };
}

/** Field by field (see the module note). Redactions of both readings are kept; an error only if both refused. */
export function mergeReadings(first: ExtractionResult, second: ExtractionResult): ExtractionResult {
  if (first.error && !second.error) return second;
  if (second.error) return first;
  const data: ExtractionResult['data'] = {};
  for (const name of new Set([...Object.keys(first.data), ...Object.keys(second.data)])) {
    const f = mergeField(first.data[name], second.data[name]);
    if (f) data[name] = f;
  }
  const redactions = [...(first.redactions ?? []), ...(second.redactions ?? [])];
  return { data, ...(redactions.length ? { redactions } : {}) };
}

/** The part of an OCR engine a second reading needs (adapters/ocr/engine.ts implements it). */
export interface SecondReader {
  readonly name: string;
  recognise(image: Buffer, opts: { page: number }): Promise<Block[]>;
}

/**
 * Reads the page again with `engine` and merges the two extractions (types that declare
 * `secondReading`). The pipeline and the bench call this, so the bench measures what the service does.
 */
export async function withSecondReading(engine: SecondReader, image: Buffer, type: DocumentType, first: ExtractionResult, options: ExtractOptions): Promise<ExtractionResult> {
  const second = extractFields(type, new DocumentModel(await engine.recognise(image, { page: 1 })), options);
  return mergeReadings(first, second);
}
