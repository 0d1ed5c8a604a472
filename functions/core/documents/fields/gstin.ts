/** GSTINs on a page, read with look-alike repair and checked (invoices name the seller's, GST certificates the holder's). */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import { readGstin } from '../validators.ts';
import { DIGIT_LOOKALIKES } from './lookalikes.ts';

// A J may come back as ")" (tesseract, bold type), as the check character or as any of the PAN's
// letters inside the number ("36SS)FT6030D9ZM"); positional repair and the checksum decide.
const GSTIN_TOKEN = new RegExp(`(?<![A-Za-z0-9/])[0-9${DIGIT_LOOKALIKES}]{2}[A-Za-z0-9|/)]{5}[A-Za-z0-9|/]{4}[A-Za-z0-9|/)][A-Za-z0-9|/]{2}[A-Za-z0-9|/)](?![A-Za-z0-9/])`, 'g');

interface GstinHit {
  value: string;
  valid: boolean;
  repairs: number;
  words: Word[];
  line: Line;
}

/** Letters a GSTIN token must show: its PAN part prints five and its tail two, so a run of 15 digits (an IMEI) is no GSTIN however it repairs. */
const MIN_LETTERS = 3;

export function gstinCandidates(model: DocumentModel): GstinHit[] {
  return model.findAll(GSTIN_TOKEN).filter((m) => (m.match[0].match(/[A-Za-z]/g) ?? []).length >= MIN_LETTERS).map((m) => {
    const r = readGstin(m.match[0]);
    return { ...r, words: m.words, line: m.line };
  });
}
