/**
 * Letterhead heuristics shared by invoices, delivery and purchase orders: the issuer's name is
 * usually the first name-like line that is not a document title, with its address below it.
 */
import type { DocumentModel, Line } from '../blocks.ts';
import { addressAfter, cleanName, field, type ExtractedField } from './common.ts';

const TITLE =
  /invoice|original|duplicate|triplicate|recipient|copy|gstin|\bgst\b|delivery\s*order|purchase\s*order|statement|bill\b|receipt|cash\s*memo|(?:phone|mobile|mob|tel)\s*(?:no)?\.?\s*:|e-?mail|www\.|page\s*\d|date|\bno\b|number|government|certificate|form\b/i;

/** The issuer's name line: first plausible business-name line in the top third of page 1. */
export function letterheadLine(model: DocumentModel): Line | undefined {
  return model.lines.find(
    (l) => l.page === model.lines[0]?.page && l.index < 8 && !TITLE.test(l.text) && /^[A-Za-z][A-Za-z0-9 .&'()/-]{2,60}$/.test(l.text.trim()) && !/\d{3,}/.test(l.text),
  );
}

/** The issuer's name from the "For <Business>" signature block. */
export function signatureName(model: DocumentModel): ExtractedField | undefined {
  const m = model.findLine(/^\s*for\s+((?:m\/s\.?\s*)?[A-Za-z][A-Za-z0-9 .&'()-]{2,60})$/i);
  if (!m || /office\s*use|any\s*queries/i.test(m.line.text)) return undefined;
  return field(cleanName(m.match[1]), m.words, { kind: 'heuristic' });
}

export function letterheadName(model: DocumentModel): ExtractedField | undefined {
  const l = letterheadLine(model);
  return l ? field(cleanName(l.text), l.words, { kind: 'heuristic' }) : undefined;
}

/** The address printed under a name line (heuristic evidence). */
export function addressUnder(model: DocumentModel, nameLine: Line | undefined, maxLines = 3): ExtractedField | undefined {
  if (!nameLine) return undefined;
  const a = addressAfter(model, nameLine, nameLine.text.length, { maxLines });
  return a && /\d|road|nagar|street|market|sector|floor|shop/i.test(a.text) ? field(a.text, a.words, { kind: 'heuristic' }) : undefined;
}
