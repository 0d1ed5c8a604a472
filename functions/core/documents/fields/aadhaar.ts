/**
 * Aadhaar card/letter: name, date_of_birth, address, aadhaar_number. The number is checked
 * (Verhoeff) before masking to `XXXX XXXX 1234` (full only with opts.fullAadhaar), and every
 * occurrence of its first 8 digits is returned as a redaction box. The full number never goes
 * into an error message.
 */
import type { DocumentModel, Line, PageBox, Word } from '../blocks.ts';
import type { Segment } from '../layout.ts';
import { findDates, readAadhaar } from '../validators.ts';
import {
  DEFAULT_ADDRESS_STOP,
  cleanName,
  hasPincode,
  field,
  idField,
  labelledAddress,
  labelledDate,
  labelledText,
  looksLikeName,
  stripCareOf,
  type ExtractedField,
  type Extractor,
} from './common.ts';
import { addressForKey, columnBlock } from './layoutFields.ts';
import { dropSpecks, stripHonorific } from './certificate.ts';
import { DIGITISH_OR_BAR } from './lookalikes.ts';

const NUMBER_RE = new RegExp(`(?<![0-9][\\s-]?)(?<![A-Za-z])${DIGITISH_OR_BAR}{4}[ -]?${DIGITISH_OR_BAR}{4}[ -]?${DIGITISH_OR_BAR}{4}(?![\\s-]?[0-9])(?![A-Za-z])`, 'g');
const HEADER = /government|india|unique|identification|authority|aadhaa?r|enrol|male|female|dob|birth|address|help|www|download|issue|vid\b|भारत|सरकार/i;
const DOB_LABEL = /date\s*of\s*birth|\bD\.?O\.?B\b|जन्म\s*तिथि/i;
const YOB_LABEL = /year\s*of\s*birth|\bYOB\b|जन्म\s*वर्ष/i;
/** A cell that begins with the date-of-birth caption. */
const BIRTH_CAPTION_CELL = new RegExp(`^\\W*(?:${DOB_LABEL.source}|${YOB_LABEL.source})`, 'i');
/** Another party's name on a page that carries the card (a parent, the lender's applicant or borrower, its officer). */
// (a household bill the card lies on names its consumer: "Consumer Name" is the bill's, often the holder's father or spouse)
const PARTY = String.raw`(?:father|mother|husband|guardian|spouse|applicant|co-?\s*applicant|borrower|customer|consumer|nominee|employee|emp\.?|officer)['’]?s?[\s.:-]*`;
/** The card's address caption: never a bill's supply or premises address around the card; "Pata" is पता in Latin letters. */
const CARD_ADDRESS = [/(?<!(?:supply|premises|billing|installation|service|connection|consumer|communication)\s*)address/i, /पता/, /पता\s*\/?\s*address/i, /^\s*pata\b\s*(?:[:/]|$)/i];
/** The card holder's name key: "Name", never another party's. */
const HOLDER_NAME = new RegExp(`(?<!${PARTY})\\bname\\b`, 'i');
const PARTY_NAME = /\b(?:applicant|borrower|customer)['’]?s?\s*name\b/i;
const sameName = (a: unknown, b: unknown) => b !== undefined && String(a).toLowerCase().replace(/[^a-z]+/g, ' ').trim() === String(b).toLowerCase().replace(/[^a-z]+/g, ' ').trim();
const ADDRESS_STOP = new RegExp(`${DEFAULT_ADDRESS_STOP.source}|^\\s*\\d{4}\\s\\d{4}\\s\\d{4}|^\\s*VID`, 'i');

interface NumberHit {
  value: string;
  valid: boolean;
  repairs: number;
  words: Word[];
  line: Line;
  start: number;
  raw: string;
}

export function maskAadhaar(digits: string): string {
  return `XXXX XXXX ${digits.slice(8)}`;
}

export function formatAadhaar(digits: string): string {
  return `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`;
}

function numberCandidates(model: DocumentModel): NumberHit[] {
  const out: NumberHit[] = [];
  // Per cell of the layout: front and back printed side by side read as one line of 24 digits.
  for (const seg of model.layout.segments) {
    if (/\bVID\b/i.test(seg.line.text)) continue; // the 16-digit Virtual ID is not the number
    for (const m of seg.text.matchAll(new RegExp(NUMBER_RE.source, 'g'))) {
      const raw = m[0];
      if ((raw.match(/\d/g) ?? []).length < 9) continue;
      const r = readAadhaar(raw);
      const start = seg.start + m.index;
      out.push({ value: r.value, valid: r.valid, repairs: r.repairs, words: model.wordsInRange(seg.line, start, start + raw.length), line: seg.line, start, raw });
    }
  }
  return out;
}

/** The name: the nearest name-like cell above the date of birth, in its column. */
function nameAboveCell(model: DocumentModel, second?: unknown): ExtractedField | undefined {
  const lay = model.layout;
  // a caption, never the words "date of birth" inside a sentence ("not of citizenship or date of birth");
  // a cell that begins with the caption is one even on a line a chat or note beside it made read as prose
  const captionCell = (s: Segment) => BIRTH_CAPTION_CELL.test(s.text) && s.text.trim().split(/\s+/).length <= 6;
  const dob = lay.segments.find((s) => (DOB_LABEL.test(s.text) || YOB_LABEL.test(s.text)) && (!lay.isProseLine(s.line) || captionCell(s)));
  if (!dob) return undefined;
  const above = lay.segments
    .filter((s) => s.page === dob.page && s.box.Top < dob.box.Top && dob.box.Top - s.box.Top < dob.box.Height * 6 && Math.abs(s.box.Left - dob.box.Left) < dob.box.Height * 2)
    .sort((a, b) => b.box.Top - a.box.Top)
    .find((s) => looksLikeName(cleanName(s.text)) && !HEADER.test(s.text));
  return above ? field(cleanName(above.text), above.words, { kind: 'heuristic', agreed: sameName(cleanName(above.text), second) }) : undefined;
}

/** An address headed by its care-of line ("S/O Sanjay Sharma", e-Aadhaar letters print no label). */
function addressFromCareOf(model: DocumentModel): ExtractedField | undefined {
  const co = model.layout.segments.find((s) => /^\s*(?:[SDWC]\s*[/\\|]\s*[O0o]|care\s*of)\b/i.test(s.text));
  if (!co) return undefined;
  const b = columnBlock(model, co, { address: true, stop: ADDRESS_STOP, maxLines: 6 });
  const value = stripCareOf(b.text);
  return value !== b.text && value.length >= 5 ? field(value, b.words.slice(co.words.length), { kind: 'heuristic' }) : undefined;
}

/** Boxes over the first 8 digits of every occurrence of the number (as read, or as repaired). */
function redactionBoxes(model: DocumentModel, hits: NumberHit[], digits: string): PageBox[] {
  const boxes: PageBox[] = [];
  for (const h of hits.filter((x) => x.value === digits)) {
    let seen = 0;
    let end = h.start;
    for (let i = 0; i < h.raw.length && seen < 8; i++) {
      if (!/[\s-]/.test(h.raw[i])) seen++;
      end = h.start + i + 1;
    }
    boxes.push(...model.boxesForRange(h.line, h.start, end));
  }
  boxes.push(...model.digitBoxes(digits.slice(0, 8)));
  const key = (b: PageBox) => `${b.page}:${b.box.Left.toFixed(4)}:${b.box.Top.toFixed(4)}:${b.box.Width.toFixed(4)}`;
  return [...new Map(boxes.map((b) => [key(b), b])).values()];
}

function nameAbove(model: DocumentModel, anchor: Line | undefined, second?: unknown): ExtractedField | undefined {
  if (!anchor) return undefined;
  const l = model.linesBefore(anchor, 3).find((x) => looksLikeName(x.text) && !HEADER.test(x.text));
  return l ? field(cleanName(l.text), l.words, { kind: 'heuristic', agreed: sameName(cleanName(l.text), second) }) : undefined;
}

export const extractAadhaar: Extractor = (model, opts) => {
  const found: Record<string, ExtractedField | undefined> = {};
  let redactions: PageBox[] = [];

  const hits = numberCandidates(model);
  const best = hits.find((h) => h.valid) ?? hits[0];
  if (best) {
    const shown = opts.fullAadhaar ? formatAadhaar(best.value) : maskAadhaar(best.value);
    found.aadhaar_number = idField({ value: best.value, valid: best.valid, repairs: best.repairs, check: 'checksum' }, best.words, shown);
    redactions = redactionBoxes(model, hits, best.value);
  }

  const caption = (rx: RegExp) => model.findLines(rx).find((x) => !model.layout.isProseLine(x.line))?.line;
  const dobLine = caption(DOB_LABEL) ?? caption(YOB_LABEL);
  found.date_of_birth =
    // (the date under its caption too, before any unlabelled date: a card or letter prints its issue or download date first)
    labelledDate(model, [DOB_LABEL, YOB_LABEL], { via: ['same-line', 'right', 'below'] }) ??
    (() => {
      const m = model.findLine(new RegExp(`(?:${YOB_LABEL.source})[^0-9]{0,20}((?:19|20)\\d{2})`, 'i'));
      if (!m) return undefined;
      const at = m.match.index + m.match[0].length - 4;
      return field(m.match[1], model.wordsInRange(m.line, at, at + 4), { kind: 'structure', pass: true });
    })();

  // A lender's sheet around the copy names the applicant in its own row ("Applicant Name  MRS. X"):
  // the same person, read a second time, confirms the card's unlabelled name.
  const second = labelledText(model, [PARTY_NAME], { via: ['same-line', 'right'], clean: (t) => cleanName(stripHonorific(t)), accept: looksLikeName })?.value;
  found.name =
    labelledText(model, [HOLDER_NAME], { via: ['same-line', 'below'], clean: cleanName, accept: looksLikeName }) ??
    nameAboveCell(model, second) ??
    nameAbove(model, dobLine, second) ??
    nameAbove(model, best?.line, second);

  const labelled =
    addressForKey(model, CARD_ADDRESS, { stop: ADDRESS_STOP }) ??
    labelledAddress(model, [/(?<!(?:supply|premises|billing|installation|service|connection|consumer|communication)\s*)\baddress\b/i, /पता/, /^\s*pata\b\s*(?:[:/]|$)/i], { maxLines: 5, stop: ADDRESS_STOP });
  // An Aadhaar address ends in its PIN: a "labelled" block without one (the word "address" in the letter's
  // note, "Address printed in the regional language is …") loses to the care-of block that has one.
  const careOf = labelled && hasPincode(String(labelled.value)) ? undefined : addressFromCareOf(model);
  const address = careOf && hasPincode(String(careOf.value)) ? careOf : (labelled ?? careOf);
  // The relation line ("S/O: Father Name,") heads the printed address but is not part of it.
  // (a semicolon between an address's words is OCR's reading of its comma)
  if (address && typeof address.value === 'string') address.value = stripCareOf(dropSpecks(address.value)).replace(/(?<=\p{L})\s*;\s*(?=\p{L})/gu, ', ');
  found.address = address;

  // A date anywhere when no label was read (e-Aadhaar letters print it beside the name).
  if (!found.date_of_birth) {
    // (never a timestamp, a date with its clock time: a call's or upload's moment, not a birth)
    const l = model.lines.find((x) => findDates(x.text)[0]?.precision === 'day' && !/download|issue|print/i.test(x.text) && !/\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4},?\s+\d{1,2}:\d{2}\b/.test(x.text));
    const d = l && findDates(l.text)[0];
    if (l && d) found.date_of_birth = field(d.value, model.wordsInRange(l, d.index, d.index + d.length), { kind: 'heuristic' });
  }

  return { found, redactions };
};
