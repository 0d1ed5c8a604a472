/**
 * Field confidence: the OCR confidence of the words a value came from, combined with what the
 * validator said about the value. Formula and rationale: docs/confidence.md.
 */
import type { Word } from './blocks.ts';

/** What we know about a value besides its OCR confidence. */
export type Evidence =
  /** An identifier with a check digit/character (Aadhaar, GSTIN, IMEI). */
  | { kind: 'checksum'; pass: boolean; repairs?: number }
  /** A value with a fixed shape but no checksum (PAN, IFSC, mobile, date, amount, UDYAM no.). */
  | { kind: 'structure'; pass: boolean; repairs?: number }
  /**
   * Free text next to its printed label. `via: 'pair'`: a key-value pair of the layout model
   * (the key is the whole label cell); otherwise the label was found inside a line of text.
   */
  | { kind: 'labelled'; via?: 'pair' | 'line' }
  /**
   * Found by its shape alone, with no label naming it (the only date on a card): the shape is
   * right but nothing says it is this field, so it stays in the review band.
   */
  | { kind: 'pattern' }
  /** Found by position or a weak cue (first line of an invoice is the dealer name); `agreed`: read the same in a second place. */
  | { kind: 'heuristic'; agreed?: boolean }
  /** A measured signal passed in by the pipeline (face count, originality score), 0..1. */
  | { kind: 'signal'; score: number };

/** Cap for values found by weak heuristics. */
export const HEURISTIC_CAP = 0.6;
/** Cap for values found by their shape alone (below docs/confidence.md's auto-accept 0.85). */
const PATTERN_CAP = 0.7;
/** Ceiling for any value that failed its validator. */
export const FAIL_CAP = 0.3;
/**
 * Ceiling for a value whose cell OCR broke apart (words between its pieces lost, or another column's
 * text joined to it): the value is incomplete or mixed, so it is reviewed (docs/confidence.md).
 */
export const SPLIT_CELL_CAP = 0.5;
/** Lost per character changed by look-alike repair. */
export const REPAIR_PENALTY = 0.05;

/**
 * OCR confidence of the words behind a value, 0..1: the average of the mean and the weakest
 * word, so one doubtful word pulls the value down. Unknown (no words) counts as 0.5.
 */
export function ocrScore(words: readonly Pick<Word, 'confidence'>[] | readonly number[]): number {
  const xs = (words as readonly (number | Pick<Word, 'confidence'>)[]).map((w) => (typeof w === 'number' ? w : w.confidence));
  if (!xs.length) return 0.5;
  const clamp = xs.map((x) => Math.min(100, Math.max(0, x)) / 100);
  const mean = clamp.reduce((a, b) => a + b, 0) / clamp.length;
  return (mean + Math.min(...clamp)) / 2;
}

function round(x: number): number {
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}

/** Combine OCR confidence (0..1) with the evidence into a confidence_score (0..1). */
export function fieldConfidence(ocr: number, evidence: Evidence): number {
  const c = Math.min(1, Math.max(0, ocr));
  switch (evidence.kind) {
    case 'checksum': {
      if (!evidence.pass) return round(FAIL_CAP * c);
      // A passing checksum is strong evidence on its own: OCR doubt matters less.
      const clean = 0.7 + 0.3 * c;
      const repairs = evidence.repairs ?? 0;
      return round(repairs ? Math.min(clean, 0.97) - REPAIR_PENALTY * Math.min(repairs, 4) : clean);
    }
    case 'structure': {
      if (!evidence.pass) return round(FAIL_CAP * c);
      const clean = 0.5 + 0.47 * c;
      const repairs = evidence.repairs ?? 0;
      return round(repairs ? clean - REPAIR_PENALTY * Math.min(repairs, 4) : clean);
    }
    case 'labelled':
      // A whole label cell beside/above its value is firmer evidence than a label found in a line.
      return round(evidence.via === 'pair' ? 0.45 + 0.52 * c : 0.35 + 0.52 * c);
    case 'pattern':
      return round(Math.min(PATTERN_CAP, 0.3 + 0.45 * c));
    case 'heuristic':
      return round(evidence.agreed ? Math.min(0.88, 0.35 + 0.55 * c) : Math.min(HEURISTIC_CAP, 0.75 * c));
    case 'signal':
      return round(evidence.score);
  }
}

/** Confidence of a value made of several parts (an array of IMEIs, a multi-line address). */
export function combineConfidence(scores: number[]): number {
  return scores.length ? round(Math.min(...scores)) : 0;
}
