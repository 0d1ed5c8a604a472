/**
 * A second reading of a page whose first reading left fields weak (each type names them,
 * `secondReading.whenWeak`), and of every till slip: the page read again by a second engine
 * (PaddleOCR: fewer character errors on receipt print) and by the first engine as one block
 * (tesseract PSM 6: the word boundaries PaddleOCR drops), the two fused word by word
 * (fuseReadings.ts), the fields extracted from the fused reading and merged field by field with
 * the first extraction. Two independent readings agreeing is evidence a single reading is not,
 * and two readings disagreeing is a reason for doubt (docs/confidence.md, "Agreement between readings").
 *
 * - Both extractions give the same value (case, spacing and punctuation aside): the first
 *   reading's value, scored at least AGREED_FLOOR, and at least the better of the two scores;
 *   unless both readings scored it at or below a validator's cap (two readings of a label or of a
 *   number too short to be one are still that).
 * - They differ, on a till slip (PaddleOCR reads receipt print better than tesseract): the fused
 *   reading's value (on the SROIE tuning half it was right 23 times in 50 disagreements, the first
 *   reading 3 times), capped at DISAGREE_CAP, unless each engine's own second reading alone
 *   (PaddleOCR's, tesseract's as one block) gives that value too: then two engines read it alike on
 *   their own, and it is scored as agreed (right 7 times in 7 on the tuning half).
 * - They differ, on a printed page (wider than a till slip): a value the first reading scored
 *   WEAK_BELOW or more keeps its text, scored at most PRINTED_DISAGREE_CAP. Read as one block, a
 *   page of columns and boxes runs its cells together (a party's name with the other party's beside
 *   it), so there the first reading, which keeps the layout, is the better witness; a weak first
 *   value is merged as on a slip. Unless the two are one value read with a few characters apart
 *   (`readAlike`: `Gandak mobite Hub` / `Gandak Mobile Hub`): then the engines disagree on letters,
 *   not on layout, and the fused reading's characters (PaddleOCR's) are kept, as capped.
 * - One reading has no value: the other's, as scored; on a printed page a value only the second
 *   reading found is scored at most SECOND_ONLY_CAP.
 */
import { DocumentModel, type Block } from './blocks.ts';
import { classify, type Classification, type ClassifyOptions } from './classify.ts';
import { declarationOf } from './registry.ts';
import { extractFields } from './extract.ts';
import type { ExtractOptions, ExtractionResult, ExtractedField } from './fields/common.ts';
import { alignChars, fuseReadings } from './fuseReadings.ts';
import { IMPLAUSIBLE_CAP, applyPlausibility } from './plausibility.ts';
import type { DocumentType } from './typeNames.ts';

/** Two engines reading the same value: scored at least this (the auto-accept band starts at 0.85). */
export const AGREED_FLOOR = 0.86;
/** Two engines reading different values: whichever is kept is scored at most this. */
export const DISAGREE_CAP = 0.45;
/**
 * On a printed page, a value the first reading scored well but the second read differently: the
 * first reading's text, scored at most this (review). On the tuned and dev pages (clean) the first reading
 * was right in 9 of 19 such disagreements, the second in 7.
 */
export const PRINTED_DISAGREE_CAP = 0.6;
/**
 * On a printed page, a value only the second reading found: scored at most this (review). On the tuned
 * and dev pages (clean and degraded) such values scored 0.85 or more were right 62 times in 68, short
 * of the auto-accept band's 95%: the fused reading joins words and misreads digits the first did not
 * have to read.
 */
export const SECOND_ONLY_CAP = 0.8;
/** A field scored below this (or missing) after the first reading is weak: a second reading pays. */
export const WEAK_BELOW = 0.5;

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A value's letters and digits, lower case: what two readings of it are compared on. */
const lettersAndDigits = (s: unknown) => String(s).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Case, spacing and punctuation aside (one engine keeps spaces the other drops). */
export function sameReading(a: unknown, b: unknown): boolean {
  if (empty(a) || empty(b)) return false;
  if (typeof a === 'number' || typeof b === 'number') return typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 0.005;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const s = new Set(b.map(String));
    return a.every((x) => s.has(String(x)));
  }
  return lettersAndDigits(a) === lettersAndDigits(b);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Two readings of one value with a few characters apart, rather than two different values: at
 * least this share of the longer one's letters and digits aligns (case and punctuation aside).
 */
export const READ_ALIKE = 0.8;

/**
 * Whether two differing values of free text (names, addresses, models: words with letters) are
 * the same words misread in places (`[ prot No. 176` / `Plot No. 176`): their letters and digits
 * align but for a fifth or less. Identifiers, dates and amounts (one token) never are: there a
 * character read apart is another value. On the tuned and dev pages' printed disagreements over a
 * strong first value, text read alike was right in the fused reading 7 times and in the first 2
 * (plus 2 dates, where the first was right); text read differently, in the first 23 times and in
 * the fused never.
 */
export function readAlike(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const words = (s: string) => /\p{L}/u.test(s) && /\S\s+\S/u.test(s.trim());
  if (!words(a) || !words(b)) return false;
  const [x, y] = [lettersAndDigits(a), lettersAndDigits(b)];
  const edits = alignChars(x, y).filter(([i, j]) => i < 0 || j < 0 || x[i] !== y[j]).length;
  return edits <= (1 - READ_ALIKE) * Math.max(x.length, y.length);
}

/** Which reading wins a disagreement: the fused one (till slips) or a strong first one (printed pages). */
export type Preferred = 'second' | 'first';

const capped = (f: ExtractedField, cap: number): ExtractedField => ({ ...f, confidence_score: round(Math.min(f.confidence_score, cap)) });

function mergeField(a: ExtractedField | undefined, b: ExtractedField | undefined, witnesses: readonly (ExtractedField | undefined)[], prefer: Preferred): ExtractedField | undefined {
  if (!a || empty(a.value)) return b && !empty(b.value) ? (prefer === 'first' ? capped(b, SECOND_ONLY_CAP) : b) : a;
  if (!b || empty(b.value)) return a;
  if (sameReading(a.value, b.value)) {
    const best = Math.max(a.confidence_score, b.confidence_score);
    return { ...a, confidence_score: round(best > IMPLAUSIBLE_CAP ? Math.max(best, AGREED_FLOOR) : best) };
  }
  if (prefer === 'first' && a.confidence_score >= WEAK_BELOW) return capped(readAlike(a.value, b.value) ? b : a, PRINTED_DISAGREE_CAP);
  const corroborated = witnesses.length >= 2 && witnesses.every((w) => w && sameReading(w.value, b.value));
  if (corroborated) return { ...b, confidence_score: round(Math.max(b.confidence_score, AGREED_FLOOR)) };
  return capped(b, DISAGREE_CAP);
}

/**
 * Field by field (see the module note): `second` wins a disagreement on a till slip (`prefer`
 * 'second'), and only over a weak first value on a printed page ('first'). `witnesses` are the
 * extractions of each engine's second reading alone. Redactions of both are kept; an error only if both refused.
 */
export function mergeReadings(first: ExtractionResult, second: ExtractionResult, witnesses: readonly ExtractionResult[] = [], prefer: Preferred = 'second'): ExtractionResult {
  if (first.error && !second.error) return second;
  if (second.error) return first;
  const data: ExtractionResult['data'] = {};
  for (const name of new Set([...Object.keys(first.data), ...Object.keys(second.data)])) {
    const f = mergeField(first.data[name], second.data[name], witnesses.map((w) => w.data[name]), prefer);
    if (f) data[name] = f;
  }
  const redactions = [...(first.redactions ?? []), ...(second.redactions ?? [])];
  // Agreement lifts a score, but not past a validator's verdict: two readings of a label are still a label.
  applyPlausibility(data);
  return { data, ...(redactions.length ? { redactions } : {}) };
}

/**
 * A till slip holds at most this many characters of its body text across the page (the SROIE
 * receipts 38-55 when printed on a roll); a printed A4 or A5 invoice holds 85 or more.
 */
export const SLIP_MAX_CHARACTERS = 70;

/** How many characters of the page's body text fit across it: the median word's width per character, inverted. */
export function charactersAcross(model: DocumentModel): number {
  const perChar = model.words.filter((w) => w.text.length >= 3 && w.box.Width > 0).map((w) => w.box.Width / w.text.length).sort((a, b) => a - b);
  return perChar.length ? 1 / perChar[Math.floor(perChar.length / 2)] : Infinity;
}

const isTillSlip = (model: DocumentModel) => charactersAcross(model) <= SLIP_MAX_CHARACTERS;

/**
 * Whether a second reading pays: the first extraction leaves one of the fields the type names
 * (`secondReading.whenWeak`) missing or below WEAK_BELOW (printed A4 invoices read at 0.8+ and
 * pay nothing), or the page is a till slip of a type that reads slips twice (`model` given). A
 * slip whose first reading looked strong still gains: a second reading that agrees lifts its
 * values into the auto-accept band, one that disagrees catches a confident misread.
 */
export function needsSecondReading(type: DocumentType, first: ExtractionResult, model?: DocumentModel): boolean {
  const declared = declarationOf(type)?.secondReading;
  const fields = declared?.whenWeak;
  if (!fields?.length) return false;
  if (first.error) return true;
  if (declared?.tillSlips && model && isTillSlip(model)) return true;
  return fields.some((n) => !first.data[n] || empty(first.data[n].value) || first.data[n].confidence_score < WEAK_BELOW);
}

/** The part of an OCR engine a second reading needs (adapters/ocr/engine.ts implements it). */
export interface SecondReader {
  readonly name: string;
  recognise(image: Buffer, opts: { page: number; segmentation?: 'block' }): Promise<Block[]>;
}

export interface SecondReaders {
  /** The engine whose characters are kept (PaddleOCR). */
  letters: SecondReader;
  /** The engine whose word boundaries are kept, read as one block (tesseract PSM 6). */
  spaces: SecondReader;
}

/** A second reading's Blocks: each engine's own (the witnesses) and the fusion the fields come from. */
export interface SecondReadings {
  letters: Block[];
  spaces: Block[];
  fused: Block[];
}

/** Reads the page with both readers and fuses the readings. */
export async function readSecondTime(readers: SecondReaders, image: Buffer): Promise<SecondReadings> {
  const [letters, spaces] = await Promise.all([readers.letters.recognise(image, { page: 1 }), readers.spaces.recognise(image, { page: 1, segmentation: 'block' })]);
  return { letters, spaces, fused: fuseReadings(letters, spaces) };
}

/**
 * A page the first reading could not classify is classified again on its second reading: a faded,
 * blurred or noisy page loses the words its type is known by (`TOTAL`, `Permanent Account Number`,
 * `Udyam Registration`) to one engine's misreads more often than to two fused. A till slip is taken
 * only as a type that reads slips twice (an invoice), so a second look never turns a slip into a
 * certificate; any other page as any type read from text, by the same cues and threshold as a first
 * reading. The readings are returned so the fields' second reading does not read the page again.
 */
export async function classifyUnreadPage(readers: SecondReaders, image: Buffer, model: DocumentModel, first: Classification, opts: ClassifyOptions = {}): Promise<{ classification: Classification; readings?: SecondReadings }> {
  if (first.type !== 'UNKNOWN') return { classification: first };
  const readings = await readSecondTime(readers, image);
  const again = classify(new DocumentModel(readings.fused), opts);
  const declared = declarationOf(again.type)?.secondReading;
  const taken = isTillSlip(model) ? !!declared?.tillSlips : !!declared;
  return { classification: taken ? again : first, readings };
}

/**
 * Reads the page with both readers (unless `readings` were taken already), fuses the readings and
 * merges the fused extraction with the first (see the module note); `model` is the first
 * reading's, whose width tells a till slip from a printed page. The pipeline and the bench call
 * this, so the bench measures what the service does; the caller decides when (`needsSecondReading`).
 */
export async function withSecondReading(readers: SecondReaders, image: Buffer, type: DocumentType, first: ExtractionResult, model: DocumentModel, options: ExtractOptions, readings?: SecondReadings): Promise<ExtractionResult> {
  const { letters, spaces, fused } = readings ?? (await readSecondTime(readers, image));
  const second = extractFields(type, new DocumentModel(fused), options);
  // Each reading alone costs an extraction, no OCR: the witnesses of a disagreement.
  const witnesses = [letters, spaces].map((blocks) => extractFields(type, new DocumentModel(blocks), options));
  return mergeReadings(first, second, witnesses, isTillSlip(model) ? 'second' : 'first');
}
