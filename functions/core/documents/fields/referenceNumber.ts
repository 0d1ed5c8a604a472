import type { DocumentModel } from '../blocks.ts';
import type { ExtractedField } from './common.ts';

/**
 * A document's reference number as printed after its label ("INV/24-25/0042", "DO-2025-118", "PO7781"): at least one digit.
 * A cell's ruling line read before it as "1" or "|" ("1 4500088400") is not part of it.
 */
// (an "&" may join a prefix's initials: "KE&E50/24-25/96766" for "Kamdhenu Electricals & Electronics")
// (nor is a run of tildes, dashes or underscores OCR read from a smudge or a dotted leader: "~~ PO/2025-26/879")
export const ID_VALUE = /^(?:[|!lI1]\s+(?=[A-Za-z]{0,4}\d{4,}\b)|[~_=—–]+\s*)?([A-Za-z0-9][A-Za-z0-9/\-_.&]*\d[A-Za-z0-9/\-_]*)/;

/**
 * The document's abbreviation as a part of its number, read with a zero for its O ("KMC/D0O/2025/45416",
 * "KMC/D0/2025/1"): between separators, D, P or W and look-alikes of O are "DO" / "PO" / "WO". Returns the
 * repaired value and the characters changed.
 */
export function repairInnerAbbreviation(value: string, abbr: 'DO' | 'PO' | 'WO'): { value: string; repairs: number } {
  let repairs = 0;
  const rx = new RegExp(`(?<=[/\\-])${abbr[0]}(0O|O0|0o|o0|00|0)(?=[/\\-])`, 'g');
  const fixed = value.replace(rx, (_m, o: string) => {
    repairs += o.length === 1 ? 1 : 2;
    return abbr;
  });
  return { value: fixed, repairs };
}

/**
 * A reference broken after a separator at its cell's edge, its rest on the next line ("KRF/DO/2025/" over "71611"):
 * the layout joined the two lines into one pair's value, which a value read from one line misses.
 */
export function continuedReference(model: DocumentModel, f: ExtractedField | undefined): ExtractedField | undefined {
  if (!f || typeof f.value !== 'string' || !/[/-]$/.test(f.value)) return f;
  const head = f.value;
  const p = model.layout.pairs.find((x) => x.value.length > head.length && x.value.startsWith(head) && /^[A-Z0-9/-]+$/i.test(x.value.slice(head.length)));
  return p ? { ...f, value: p.value } : f;
}
