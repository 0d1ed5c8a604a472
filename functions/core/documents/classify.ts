/**
 * Classification from keyword/pattern evidence. Each type declares weighted cues (types/<type>.ts); a type's score is
 * the sum of the weights of the cues present. The best score wins when it reaches
 * MIN_SCORE; confidence grows with the score and with the margin over the runner-up.
 * An image with little text is an open-box candidate; the pipeline passes the face count so
 * the decision can combine both (`classify(model, { facesFound })`).
 */
import type { DocumentModel } from './blocks.ts';
import type { DocumentType, SupportedDocumentType } from './typeNames.ts';
import { DECLARATIONS } from './registry.ts';

export interface ClassifyOptions {
  /** Faces the face detector found in the image (undefined: not measured). */
  facesFound?: number;
}

/** What the open-box decision is made of, exported so the pipeline can combine it. */
export interface OpenBoxInput {
  wordCount: number;
  /** Letters and digits in the whole text. */
  textChars: number;
  /** Little or no text: a photo rather than a document. */
  littleText: boolean;
}

export interface Classification {
  type: DocumentType;
  /** 0..1 */
  confidence: number;
  /** Score per type (sum of cue weights). */
  scores: Partial<Record<SupportedDocumentType, number>>;
  /** Names of the cues that fired for the chosen type (never the values themselves). */
  evidence: string[];
  openBox: OpenBoxInput;
}

/** Below this best score a document is not recognised. */
export const MIN_SCORE = 3;
/** Fewer words than this (and few characters) make an image a photo rather than a document. */
export const LITTLE_TEXT_WORDS = 12;
export const LITTLE_TEXT_CHARS = 60;

export function openBoxInput(model: DocumentModel): OpenBoxInput {
  const wordCount = model.words.length;
  const textChars = (model.text.match(/[\p{L}\p{N}]/gu) ?? []).length;
  return { wordCount, textChars, littleText: wordCount < LITTLE_TEXT_WORDS && textChars < LITTLE_TEXT_CHARS };
}

function round(x: number): number {
  return Math.round(Math.min(1, Math.max(0, x)) * 1000) / 1000;
}

export function classify(model: DocumentModel, opts: ClassifyOptions = {}): Classification {
  const text = model.text;
  const upper = text.toUpperCase();
  const scores: Partial<Record<SupportedDocumentType, number>> = {};
  const fired: Partial<Record<SupportedDocumentType, string[]>> = {};
  for (const { type, cues } of DECLARATIONS) {
    // Types recognised from the image (open box) carry no text cues and are scored below.
    if (!cues.length) continue;
    let s = 0;
    const names: string[] = [];
    for (const cue of cues) {
      if (cue.test(text) || cue.test(upper)) {
        s += cue.weight;
        names.push(cue.name);
      }
    }
    // (a cue may count against its type: the sum is floored at nothing found)
    scores[type] = Math.max(0, s);
    fired[type] = names;
  }

  // Open box: a photo with little text; a detected face makes it far more likely.
  const openBox = openBoxInput(model);
  const faces = opts.facesFound ?? 0;
  const obNames: string[] = [];
  let ob = 0;
  if (openBox.littleText) {
    ob += 2;
    obNames.push('little-text');
  }
  if (faces > 0) {
    ob += 3;
    obNames.push('faces-found');
  }
  scores.ASSET_OPEN_BOX_IMAGE = ob;
  fired.ASSET_OPEN_BOX_IMAGE = obNames;

  const ranked = (Object.entries(scores) as [SupportedDocumentType, number][]).sort((a, b) => b[1] - a[1]);
  const [bestType, best] = ranked[0];
  const second = ranked[1]?.[1] ?? 0;

  if (best < MIN_SCORE) {
    // Little text is an open-box photo only where faces were looked for (a photo); a near-empty
    // PDF page or an unmeasured image is not recognised (its spec fields could not be given).
    if (openBox.littleText && opts.facesFound !== undefined) {
      return { type: 'ASSET_OPEN_BOX_IMAGE', confidence: 0.55, scores, evidence: obNames, openBox };
    }
    return { type: 'UNKNOWN', confidence: round(1 - best / MIN_SCORE / 2), scores, evidence: [], openBox };
  }

  const strength = 1 - Math.exp(-best / 3);
  const margin = (best - second) / best;
  return { type: bestType, confidence: round(strength * (0.6 + 0.4 * margin)), scores, evidence: fired[bestType] ?? [], openBox };
}
