/**
 * Shared shapes and helpers of the per-type field extractors: labelled lookups that turn a
 * label/value pair into `{ value, confidence_score }` with evidence-based confidence.
 */
import type { DocumentModel, LabelledValue, LabelOptions, Line, PageBox, Word } from '../blocks.ts';
import { SPLIT_CELL_CAP, fieldConfidence, ocrScore, type Evidence } from '../confidence.ts';
import { findAmounts, findDates, findMobiles, type IdRead } from '../validators.ts';
import { evidenceOf, type FieldEvidence } from '../../evidence/fieldEvidence.ts';
import { isPhoneBrand } from './phoneBrands.ts';

export type FieldValue = string | number | string[] | null;

export interface ExtractedField {
  value: FieldValue;
  /** 0..1 */
  confidence_score: number;
  /** Where the value was read (page and box of its words); shown only on request. */
  evidence?: FieldEvidence;
}

export interface ExtractError {
  code: 'INVALID_DOC';
  reason: string;
}

/** Image measurements another module makes; extractors only map them to fields. */
export interface ImageSignal {
  /** Likelihood the image shows an original card rather than a photocopy/screen, 0..1. */
  originalScore?: number;
  /** Overall legibility (focus, glare, crop), 0..1. */
  qualityScore?: number;
}

export interface ExtractOptions {
  /** Return the full Aadhaar number instead of the masked one (operator setting per client). */
  fullAadhaar?: boolean;
  /** Faces counted by the face detector (ASSET_OPEN_BOX_IMAGE). */
  facesFound?: number;
  /** Confidence of the face count, 0..1 (default 0.9 when facesFound is given). */
  faceConfidence?: number;
  /** Originality/quality signal of the image (PAN). */
  imageSignal?: ImageSignal;
}

export interface ExtractionResult {
  data: Record<string, ExtractedField>;
  error?: ExtractError;
  /** Page regions to mask in the stored copy (the first 8 Aadhaar digits, every occurrence). */
  redactions?: PageBox[];
}

/** What an extractor found; the dispatcher completes it to the type's declared field list. */
export interface Extraction {
  found: Record<string, ExtractedField | undefined>;
  error?: ExtractError;
  redactions?: PageBox[];
}

/**
 * Label synonyms of a field as the type declares them, and which section (bill-to vs ship-to,
 * dealer vs customer) its generic keys ("Name", "Address") belong to.
 */
export interface FieldVocabulary {
  labels: RegExp[];
  sections?: RegExp[];
  inSection?: RegExp[];
}

/** A type's vocabulary of one field (empty labels when it declares none). */
export type FieldLabels = (fieldName: string) => FieldVocabulary;

export type Extractor = (model: DocumentModel, opts: ExtractOptions, labels: FieldLabels) => Extraction;

export type FieldKind = 'string' | 'number' | 'array';

/** Value written for a field that was not found (confidence 0). */
export function missing(kind: FieldKind): ExtractedField {
  return { value: kind === 'number' ? null : kind === 'array' ? [] : '', confidence_score: 0 };
}

/**
 * Told of every value a mapper scores, with the evidence it was found by: set by the benches
 * (bench/tuning/calibration.ts) to report how wrong values were found; unset in the service.
 */
export const fieldTrace: { on?: (value: FieldValue, evidence: Evidence) => void } = {};

export function field(value: FieldValue, ocrWords: readonly Word[] | number, evidence: Evidence): ExtractedField {
  fieldTrace.on?.(value, evidence);
  const ocr = typeof ocrWords === 'number' ? ocrWords : ocrScore(ocrWords);
  const where = typeof ocrWords === 'number' ? undefined : evidenceOf(ocrWords);
  let score = fieldConfidence(ocr, evidence);
  if (evidence.kind === 'labelled' && typeof ocrWords !== 'number' && ocrWords.some(doubtfulCode)) score = Math.min(score, DOUBTFUL_CODE_CAP);
  return { value, confidence_score: score, ...(where ? { evidence: where } : {}) };
}

/** Ceiling for free text holding a number or code OCR itself doubted ("X1L/882," at 35 for "XL/882"). */
export const DOUBTFUL_CODE_CAP = 0.5;
const doubtfulCode = (w: Word) => w.confidence < 45 && /\d/.test(w.text) && /[\p{L}\-\/]/u.test(w.text);

/** Fill every field of the type's field set, missing ones as empty with confidence 0. */
export function complete(spec: Record<string, FieldKind>, found: Record<string, ExtractedField | undefined>): Record<string, ExtractedField> {
  const out: Record<string, ExtractedField> = {};
  for (const [name, kind] of Object.entries(spec)) out[name] = found[name] ?? missing(kind);
  for (const [name, f] of Object.entries(found)) if (f && !(name in out)) out[name] = f;
  return out;
}

/** Collapse whitespace and trim separators/punctuation from the ends. */
export function tidy(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;|\-–—]+|[\s,:;|\-–—]+$/g, '')
    .trim();
}

/** A person's or business's name as printed: letters, spaces, dots, apostrophes, & and /. */
/**
 * A party's code printed with its name is no part of it: in brackets after it ("Dzukou Smart Zone (CP Code: RT20531)"),
 * or before it with a dash or colon ("DLR85581 - Jhansi Fort Home Appliances").
 */
export function withoutPartyCode(s: string): string {
  return s
    .replace(/\s*\(\s*(?:[A-Z]{1,4}\s*)?(?:code|id|no\.?)\s*[:.#-]?\s*[A-Z0-9/-]*\d[A-Z0-9/-]*\s*\)\s*$/i, '')
    .replace(/^\s*[A-Z]{1,5}\d{3,}\s*[-–:]\s+(?=\p{Lu})/u, '');
}

export function cleanName(s: string): string {
  // (a dotted leader's dot glued between hand-written words: "Krishnai.Papad.Gruh Udyog")
  s = s.replace(/(?<=\p{L}{4})\.(?=\p{Lu}\p{Ll}{2,})/gu, ' ');
  s = withoutPartyCode(s);
  return tidy(repairNameLookalikes(s).replace(/[^\p{L}\s.'&/()-]/gu, ' ')).replace(/^[.\s]+|[\s]+$/g, '');
}

const NAME_DIGIT: Record<string, [string, string]> = { '0': ['O', 'o'], '1': ['I', 'l'], '5': ['S', 's'], '8': ['B', 'b'], '6': ['G', 'b'] };

/**
 * A name has no digits and its words are capitalised: a digit inside a word of letters is a
 * look-alike ("Sw4ti" stays, "Ma1hotra" -> "Malhotra", "0m" -> "Om"), and a word starting with a
 * lower-case l where the other words are capitalised is an I ("Swati lyer" -> "Swati Iyer").
 */
export function repairNameLookalikes(s: string): string {
  const tokens = s.split(/(\s+)/);
  const words = tokens.filter((t) => /\p{L}/u.test(t));
  const capitalised = words.length >= 2 && words.filter((w) => /^\p{Lu}/u.test(w)).length >= words.length - 1;
  return tokens
    .map((t) => {
      let w = t;
      if ((w.match(/\p{L}/gu) ?? []).length >= 2 && /\d/.test(w) && !/\d{2,}/.test(w)) {
        w = w.replace(/\d/g, (d, i: number) => (NAME_DIGIT[d] ? NAME_DIGIT[d][i === 0 ? 0 : 1] : d));
      }
      if (capitalised && /^l[a-z]{2,}$/.test(w)) w = 'I' + w.slice(1);
      return w;
    })
    .join('');
}

/** Does this look like a name (latin letters, 2-6 words, no digits)? */
export function looksLikeName(s: string): boolean {
  const t = s.trim();
  return /^[A-Za-z][A-Za-z.' ]{1,60}$/.test(t) && t.split(/\s+/).length <= 6 && /[A-Za-z]{2}/.test(t);
}

/** Free text next to one of the labels; labelled evidence. */
export function labelledText(
  model: DocumentModel,
  labels: RegExp[],
  opts: LabelOptions & { clean?: (s: string) => string; accept?: (s: string) => boolean } = {},
): ExtractedField | undefined {
  for (const label of labels) {
    const hit = model.labelValue(label, opts);
    if (!hit) continue;
    const value = (opts.clean ?? tidy)(hit.text);
    if (!value || (opts.accept && !opts.accept(value))) continue;
    return field(value, hit.words, { kind: 'labelled', via: hit.fromPair ? 'pair' : 'line' });
  }
  return undefined;
}

/** A labelled date, normalised to DD/MM/YYYY; structure evidence. */
export function labelledDate(model: DocumentModel, labels: RegExp[], opts: LabelOptions = {}): ExtractedField | undefined {
  for (const label of labels) {
    let parsed: string | undefined;
    const hit = model.labelValue(label, {
      ...opts,
      find: (text) => {
        const d = findDates(text)[0];
        if (!d) return undefined;
        parsed = d.value;
        return d;
      },
    });
    if (hit && parsed) return besideUnreadable(model, label, hit, field(parsed, hit.words, { kind: 'structure', pass: true }));
  }
  return undefined;
}

/**
 * Cap of a value read on the line below its label while the label's own line holds something else
 * after it ("Date  2211012028" over "Quotation Ref Q-3096 dt. 18.07.2024"): the label's own value was
 * unreadable, and the line below belongs to another label as likely as to this one.
 */
export const BELOW_UNREADABLE_CAP = 0.5;

function besideUnreadable(model: DocumentModel, label: RegExp, hit: LabelledValue, f: ExtractedField): ExtractedField {
  if (hit.fromPair || hit.via !== 'below') return f;
  // (a table's header row has the next column's heading there, in letters: not a value)
  const m = new RegExp(label.source, label.flags.replace('g', '')).exec(hit.labelLine.text);
  const end = m ? m.index + m[0].length : Infinity;
  const next = model.layout.segments.find((x) => x.line === hit.labelLine && x.end > end && /[\p{L}\d]/u.test(hit.labelLine.text.slice(Math.max(end, x.start), x.end)));
  if (next && /\d/.test(hit.labelLine.text.slice(Math.max(end, next.start), next.end))) f.confidence_score = Math.min(f.confidence_score, BELOW_UNREADABLE_CAP);
  return f;
}

/** A labelled amount; the last amount on the value text (totals follow quantities). */
export function labelledAmount(model: DocumentModel, labels: RegExp[], opts: LabelOptions = {}): ExtractedField | undefined {
  for (const label of labels) {
    let value: number | undefined;
    const hit = model.labelValue(label, {
      ...opts,
      find: (text) => {
        const hits = findAmounts(text).filter((a) => a.value > 0);
        const a = hits.filter((h) => h.currency || h.decimals).pop() ?? hits.pop();
        if (!a) return undefined;
        value = a.value;
        return a;
      },
    });
    if (hit && value !== undefined) return besideUnreadable(model, label, hit, field(value, hit.words, { kind: 'structure', pass: true }));
  }
  return undefined;
}

/** A labelled Indian mobile number, normalised to 10 digits. */
export function labelledMobile(model: DocumentModel, labels: RegExp[], opts: LabelOptions = {}): ExtractedField | undefined {
  for (const label of labels) {
    let value: string | undefined;
    const hit = model.labelValue(label, {
      ...opts,
      find: (text) => {
        const m = findMobiles(text)[0];
        if (!m) return undefined;
        value = m.value;
        return m;
      },
    });
    if (hit && value) return besideUnreadable(model, label, hit, field(value, hit.words, { kind: 'structure', pass: true }));
  }
  return undefined;
}

/** A field from an identifier read, with checksum/structure evidence and repair count. */
export function idField(read: IdRead, words: readonly Word[], value: string = read.value): ExtractedField {
  return field(value, words, { kind: read.check, pass: read.valid, repairs: read.repairs });
}

const PINCODE = /(?<!\d)[1-9]\d{2}\s?\d{3}(?!\d)/;

/**
 * Indian states and union territories, and (for the Malaysian receipts of the SROIE regression
 * set) Malaysia's states with their honorifics: a line holding only one, or only the country,
 * continues an address after its PIN or postcode line.
 */
const MALAYSIAN_STATE = String.raw`johor(?:\s*darul\s*ta(?:k|')?zim)?|kedah|kelantan|melaka|malacca|negeri\s*sembilan|pahang|pulau\s*pinang|penang|perak|perlis|sabah|sarawak|selangor(?:\s*(?:darul\s*ehsan|d\.?\s*e\.?))?|terengganu|wilayah\s*persekutuan|malaysia`;
const STATE_LINE = new RegExp(
  String.raw`^\s*(?:(?:andhra\s*pradesh|arunachal\s*pradesh|assam|bihar|chhattisgarh|goa|gujarat|haryana|himachal\s*pradesh|jharkhand|karnataka|kerala|madhya\s*pradesh|maharashtra|manipur|meghalaya|mizoram|nagaland|odisha|orissa|punjab|rajasthan|sikkim|tamil\s*nadu|telangana|tripura|uttar\s*pradesh|uttarakhand|west\s*bengal|delhi|new\s*delhi|jammu\s*(?:and|&)\s*kashmir|ladakh|puducherry|chandigarh|india)\s*[.,]?\s*(?:india)?|(?:${MALAYSIAN_STATE})(?:\s*[.,]?\s*malaysia)?)\s*[.,]?\s*$`,
  'i',
);

export function isStateLine(s: string): boolean {
  return STATE_LINE.test(s);
}

const STATES = [
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa', 'Gujarat', 'Haryana', 'Himachal Pradesh', 'Jharkhand',
  'Karnataka', 'Kerala', 'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland', 'Odisha', 'Punjab', 'Rajasthan',
  'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura', 'Uttar Pradesh', 'Uttarakhand', 'West Bengal', 'Puducherry', 'Chandigarh',
];
/** Each state with the pattern of its name printed whole ("Tamil Nadu", "TAMIL  NADU"). */
const STATE_NAMES: readonly [string, RegExp][] = STATES.map((st) => [st, new RegExp(`\\b${st.replace(/ /g, '\\s+')}\\b`, 'i')]);


/** OCR's usual confusions in a word: "rn" read as "m", "cl" as "d", "1"/"l" as "I". */
const squash = (w: string) => w.toLowerCase().replace(/rn/g, 'm').replace(/cl/g, 'd').replace(/[1l]/g, 'i');

/** At most one character inserted, removed or replaced between the two. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { i++; j++; continue; }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else { i++; j++; }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * A state name misread inside an address ("Kamataka", "Maharashtra" with one letter lost) is
 * put back: states are a closed list, and a long name one OCR confusion away is that state.
 * Returns the address and the number of names changed.
 */
export function repairStateNames(address: string): { value: string; repairs: number } {
  const words = [...address.matchAll(/[\p{L}1]+/gu)];
  // An address names one state: when it already prints one exactly, a word near another state is a
  // place inside it ("Manpur, Gaya, Bihar" is not Manipur).
  const printed = STATE_NAMES.filter(([, re]) => re.test(address)).map(([st]) => st);
  const out: { at: number; end: number; state: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    for (const n of [2, 1]) {
      const last = words[i + n - 1];
      if (!last) continue;
      const at = words[i].index;
      const end = last.index + last[0].length;
      const text = address.slice(at, end);
      if (n === 2 && !/^\S+ \S+$/.test(text)) continue;
      // (a six-letter state, "QOdisha" for Odisha, only where a state stands: right before the PIN)
      const statePlace = /^\s*[-,]?\s*\d{3}\s?\d{3}\b/.test(address.slice(end));
      const state = STATES.find((st) => st.split(' ').length === n && text.toLowerCase() !== st.toLowerCase() && (!printed.length || printed.includes(st)) && (st.length >= 7 || (st.length >= 6 && statePlace)) && withinOneEdit(squash(text), squash(st)));
      if (state) {
        out.push({ at, end, state: text === text.toUpperCase() ? state.toUpperCase() : state });
        i += n - 1;
        break;
      }
      if (STATES.some((st) => st.toLowerCase() === text.toLowerCase())) {
        i += n - 1;
        break;
      }
    }
  }
  let value = address;
  for (const r of out.reverse()) value = value.slice(0, r.at) + r.state + value.slice(r.end);
  return { value, repairs: out.length };
}


/**
 * A line starting with one of these labels ends an address. Whole words only: "Tel" must not
 * stop at "Telangana", nor "PAN" at "Panvel".
 */
export const DEFAULT_ADDRESS_STOP =
  /^[\s(\[]*(?:mobile|mob|phone|ph|tel|contact|cell|gstin|gst|e-?mail|pan|state\s*code|date|dated|invoice|dob|place\s*of\s*supply|udyam|type\s*of|major\s*activity|valid|validity|registration|licen[cs]e|bill\s*(?:no|date)|due\s*date|consumer|account|a\/c|ifsc|branch|customer|buyer|ship\s*to|sl\.?\s*no|s\.?\s*no|description|particulars|items?|vid|aadhaar|qty)(?![A-Za-z0-9])/i;

/**
 * The address's cells of a line ending it: a line whose PIN sits in one cell, with cells beside it
 * that hold neither a PIN nor a state ("Hyderabad 500238, Telangana ‖ Scan to verify": a panel's
 * text on the same row), is the address up to that cell. Undefined when the whole line belongs.
 */
function pinCellOnly(model: DocumentModel, line: Line): { text: string; words: Word[] } | undefined {
  const segs = model.layout.segments.filter((s) => s.line === line);
  const k = segs.findIndex((s) => PINCODE.test(s.text));
  if (k < 0 || segs.length < 2) return undefined;
  const keep = segs.slice(0, k + 1);
  for (const s of segs.slice(k + 1)) if (isStateLine(s.text) && keep.length === segs.indexOf(s)) keep.push(s);
  if (keep.length === segs.length) return undefined;
  return { text: keep.map((s) => s.text).join(' '), words: keep.flatMap((s) => s.words) };
}

/**
 * A multi-line address starting after a label: the rest of the label line, then following
 * lines until a line holding a PIN code (included), a line that starts another label
 * (excluded), or `maxLines` lines.
 */
export function addressAfter(
  model: DocumentModel,
  labelLine: Line,
  from: number,
  opts: { maxLines?: number; stop?: RegExp; skip?: RegExp } = {},
): { text: string; words: Word[]; split?: boolean } | undefined {
  const stop = opts.stop ?? DEFAULT_ADDRESS_STOP;
  const parts: string[] = [];
  const words: Word[] = [];
  const first = tidy(labelLine.text.slice(from));
  // The rest of the label's line crossing a cell break ("Padmavati Compl ‖ Nehru Chowk"): OCR lost
  // the words between the pieces, or another column's text was joined to the address.
  const split = model.layout.segments.filter((x) => x.line === labelLine && x.end > from && /[\p{L}\d]/u.test(labelLine.text.slice(Math.max(from, x.start), x.end))).length > 1;
  if (first) {
    parts.push(first);
    words.push(...model.wordsInRange(labelLine, from, labelLine.text.length));
    if (PINCODE.test(first)) return { text: joinAddress(parts), words, split };
  }
  let skipped = 0;
  let crossed = false;
  // where another copy's same caption starts on the label's row: nothing right of it is this address
  let otherCopy = Infinity;
  for (const line of model.linesAfter(labelLine, (opts.maxLines ?? 4) + 2)) {
    if (opts.skip?.test(line.text) && skipped < 2 && !parts.length) {
      skipped++;
      continue;
    }
    // a line beside the label's, on its row, opening with the same caption: another copy's pair (two slips
    // side by side on one sheet, "DEALER ADDR. …" on both), no line of this address
    const besideLabel = line.box.Left > labelLine.box.Left + labelLine.box.Width && Math.abs(line.box.Top - labelLine.box.Top) < labelLine.box.Height * 0.6;
    const caption = labelLine.text.slice(0, from).replace(/[\s:.\-]+$/, '').trim().toLowerCase();
    const firstCell = besideLabel ? model.layout.segments.find((x) => x.line === line) : undefined;
    if (stop.test(line.text)) break;
    if (firstCell && caption.length >= 3 && line.text.trim().toLowerCase().startsWith(caption)) {
      otherCopy = Math.min(otherCopy, line.box.Left);
      continue;
    }
    if (besideLabel && line.box.Left >= otherCopy) continue;
    const own = pinCellOnly(model, line);
    // a line under the key crossing a cell break (another column's text joined to the address)
    if (!own && model.layout.segments.filter((x) => x.line === line && /\p{L}/u.test(x.text)).length > 1) crossed = true;
    parts.push(tidy(own?.text ?? line.text));
    words.push(...(own?.words ?? line.words));
    if (PINCODE.test(line.text) || parts.length >= (opts.maxLines ?? 4)) {
      // "Pune - 411001" then "Maharashtra" on its own line: the state still belongs to the address.
      const next = model.linesAfter(line, 1)[0];
      if (PINCODE.test(line.text) && next && isStateLine(next.text)) {
        parts.push(tidy(next.text));
        words.push(...next.words);
      }
      break;
    }
  }
  return parts.length ? { text: joinAddress(parts), words, split: split || crossed } : undefined;
}

/** An address read by `addressAfter` as a field: labelled evidence, capped when its first line crossed a cell break. */
export function addressField(a: { text: string; words: Word[]; split?: boolean }): ExtractedField {
  const f = field(a.text, a.words, { kind: 'labelled' });
  if (a.split) f.confidence_score = Math.min(f.confidence_score, SPLIT_CELL_CAP);
  return f;
}

export function joinAddress(parts: string[]): string {
  return repairNumberAbbreviation(tidy(parts.map(tidy).filter(Boolean).join(', ').replace(/,\s*,/g, ',').replace(/\s+,/g, ',')));
}

/** "No." before a house or door number, read with a look-alike for its O ("ND.54", "N0. 12", "D.Nd. 4-5"): spelled as printed. */
function repairNumberAbbreviation(address: string): string {
  return address.replace(/\b(N)([D0Q])\.(?=\s*\d)/g, (_m: string, n: string) => `${n}O.`).replace(/\b(N)(d)\.(?=\s*\d)/g, '$1o.');
}

/** An address after the first of `labels` found; labelled evidence. */
/**
 * A caption's qualifier after the matched word ("Address" in "4. Address of Principal Place :", "Address of
 * Licensee"): "of …" in letters up to a colon or the end of the caption's cell is caption, never the address
 * (no address begins with "of"). Returns where the value starts: after the qualifier, else `from`.
 */
function captionQualifierEnd(model: DocumentModel, line: Line, at: number, from: number): number {
  const seg = model.layout.segments.find((x) => x.line === line && x.start <= at && x.end >= from);
  const end = seg?.end ?? line.text.length;
  const m = /^\s*of\s+(?:the\s+)?\p{L}[\p{L} .'’/&()-]{0,40}?\s*(?:[:：]\s*|\s*$)/iu.exec(line.text.slice(from, end));
  return m ? from + m[0].length : from;
}

export function labelledAddress(model: DocumentModel, labels: RegExp[], opts: { maxLines?: number; stop?: RegExp } = {}): ExtractedField | undefined {
  for (const label of labels) {
    const lm = model.findLine(label);
    if (!lm) continue;
    const a = addressAfter(model, lm.line, captionQualifierEnd(model, lm.line, lm.match.index, lm.match.index + lm.match[0].length), opts);
    if (a && a.text.length >= 5) return addressField(a);
  }
  return undefined;
}

export function hasPincode(s: string): boolean {
  return PINCODE.test(s);
}

/**
 * "S/O: Rakesh Kumar, 12 MG Road, …" -> "12 MG Road, …". The relation (care of) printed at the
 * head of an Aadhaar address is a person, not part of the address (UIDAI's own e-KYC data keeps
 * it apart as `careof`).
 */
export function stripCareOf(address: string): string {
  // ("5/0:" or "$/0:" is S/O read with a digit or a dollar for the S: only with its slash and a colon, never a house number "50,")
  const m = /^[\s'‘’"`.,;:«»]*(?:[SDWC]\s*[/\\|]?\s*[O0o]|[5$]\s*[/\\|]\s*[O0o]\s*(?=[:.])|care\s*of)\b\s*[:.\-]?\s*[^,]{2,60},\s*/i.exec(address);
  return m && address.length - m[0].length >= 5 ? address.slice(m[0].length) : address;
}

const ECHO_LOOKALIKE: Record<string, string> = { O: '[O0o]', I: '[I1l|]', S: '[S5]', B: '[B8]', Z: '[Z2]' };

/**
 * Identifiers often begin with their document's abbreviation ("DO Number: DO70718802", "PO
 * No: PO-2024-0043"), and OCR reads the O of that prefix as a zero ("D070718802") or, in bold
 * type, as two glyphs ("P0O-2024-0043"). Undo that for the given abbreviations only: a look-alike
 * swap anywhere in the prefix, and a doubled O only when a separator follows (before digits the
 * extra zero could be real). Returns the repaired value and the number of characters changed.
 */
export function repairEchoPrefix(value: string, abbreviations: readonly string[]): { value: string; repairs: number } {
  for (const abbr of abbreviations) {
    // "DO0-2025…": the abbreviation read right, then its O again as a zero before a separator.
    const dup = new RegExp(`^${abbr}[0Oo](?=[/\\-])`, 'i');
    if (abbr.toUpperCase().endsWith('O') && dup.test(value)) return { value: abbr.toUpperCase() + value.slice(abbr.length + 1), repairs: 1 };
    if (value.toUpperCase().startsWith(abbr.toUpperCase())) return { value, repairs: 0 };
    const swap = new RegExp(`^${[...abbr.toUpperCase()].map((c) => ECHO_LOOKALIKE[c] ?? c).join('\\.?')}(?=\\.?[0-9/\\-])`, 'i');
    const m = swap.exec(value);
    if (m) {
      // Keep the printed dots ("P.0/23" -> "P.O/23"); only the look-alike letters change.
      const letters = [...m[0]].filter((c) => c !== '.');
      const repairs = letters.filter((c, i) => c.toUpperCase() !== abbr[i].toUpperCase()).length;
      let k = 0;
      const fixed = [...m[0]].map((c) => (c === '.' ? c : abbr[k++].toUpperCase())).join('');
      return { value: fixed + value.slice(m[0].length), repairs };
    }
    if (abbr.toUpperCase().includes('O')) {
      const doubled = new RegExp(`^${[...abbr.toUpperCase()].map((c) => (c === 'O' ? '(?:0O|O0|0o|o0)' : (ECHO_LOOKALIKE[c] ?? c))).join('')}(?=[/\\-])`, 'i');
      const d = doubled.exec(value);
      if (d) return { value: abbr.toUpperCase() + value.slice(d[0].length), repairs: 1 };
    }
  }
  return { value, repairs: 0 };
}

/**
 * Model names mix letters and digits ("Galaxy A15", "Reno11 5G"): inside a token that already
 * holds digits, an l, I or | next to a digit is a 1 ("Al5" -> "A15"), and an O between digits a 0;
 * a capitalised series name ending in a vowel then "ll", before a token with digits, is "11"
 * ("Renoll 5G" -> "Reno11 5G"; a short stem such as "Small" stays).
 */
export function repairModelName(s: string): string {
  const tokens = s.trim().split(/\s+/);
  return s.replace(/\S+/g, (tok) => {
    // "IQ00 Z9 Lite": the maker's name first, its O read as 0 (a logo's round letters)
    if (tok === tokens[0] && tok.includes('0') && /[A-Za-z]/.test(tok) && isPhoneBrand(tok.replace(/0/g, 'O'))) return tok.replace(/0/g, 'O');
    // "Renoll 5G": a series name ending in a vowel, then "ll" read for "11", before a generation token.
    const ll = /^([A-Z][a-z]{2,}[aeiou])([lI|]{2})$/.exec(tok);
    if (ll && tokens.length > 1 && tokens.indexOf(tok) < tokens.length - 1 && /\d/.test(tokens[tokens.indexOf(tok) + 1])) return `${ll[1]}11`;
    // "DI 745 lll Sikander": a generation's roman numeral (II, III) read as "l"s, standing alone after the model's number
    const i = tokens.indexOf(tok);
    if (/^[lI|]{2,3}$/.test(tok) && i > 0 && /\d/.test(tokens[i - 1])) return 'I'.repeat(tok.length);
    if (!/\d/.test(tok) || !/[A-Za-z]/.test(tok)) return tok;
    let t = tok.replace(/[lI|](?=\d)|(?<=\d)[lI|]/g, '1');
    t = t.replace(/(?<=\d)[Oo](?=\d)/g, '0');
    return t;
  });
}
