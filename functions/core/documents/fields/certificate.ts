/**
 * Reading certificates, statements and bills where a value is not (only) the cell beside its key:
 * - values inside sentences, found by the phrases around them ("This is to certify that M/s X,
 *   situated at Y, … vide Registration No. Z … valid up to D");
 * - keys that wrap onto a second line in their column ("5. Address of Principal Place of" /
 *   "Business"), with the value beside the first line;
 * - addresses printed as labelled parts, inline ("Building No./Flat No.: 12, Road/Street: …") or as
 *   a table of parts under an address heading ("Flat/Door/Block No. | 12 | City | Pune");
 * - which of two addresses a field wants (a principal place, not an additional one; the premises,
 *   not the registered office; the establishment, not the employer's residence);
 * - addressee blocks ("To," / "SHRI RAMESH KUMAR" / address, or an honorific name at the top left
 *   above its address) and "Name & Address" cells;
 * - values that are really labels ("Constitution", "Name of Proprietor") are refused.
 * Used by the MSME and bill mappers; the layout model (layout.ts) is read, never changed.
 */
import type { DocumentModel, Line, Word } from '../blocks.ts';
import { looksLikeCaption, type KeyValue, type Segment } from '../layout.ts';
import { findDates } from '../validators.ts';
import { SPLIT_CELL_CAP } from '../confidence.ts';
import { DEFAULT_ADDRESS_STOP, cleanName, field, hasPincode, isStateLine, joinAddress, repairStateNames, tidy, withinOneEdit, type ExtractedField } from './common.ts';
import { addressUnderSegment, columnBlock } from './layoutFields.ts';

// ---------------------------------------------------------------------------------------------
// Names

/** Titles printed before a name: never part of it (truth and cross-checks compare bare names). */
const HONORIFIC = /^\s*(?:(?:mr|mrs|ms|miss|shri|shree|sri|smt|srimati|shrimati|kum|kumari|dr|m\/s|messrs)\.?(?=[\s.])\s*)+/i;

/** "M/s" before a name says a firm follows: a "Shri" after it is the firm's own ("M/S SHRI DATTA ENTERPRISES"). */
const FIRM_TITLE = /^\s*(?:m\s*\/\s*s|messrs)\.?(?=[\s.])\s*/i;

export function stripHonorific(s: string): string {
  const t = FIRM_TITLE.test(s) ? s.replace(FIRM_TITLE, '') : s.replace(HONORIFIC, '');
  return t.trim() ? t.trim() : s.trim();
}

export function hasHonorific(s: string): boolean {
  return HONORIFIC.test(s) && /\p{L}{2}/u.test(s.replace(HONORIFIC, ''));
}

/** A person's name from a value: honorific ("Mr.", "SHRI", "Smt.") dropped, look-alikes repaired. */
export function cleanPartyName(s: string): string {
  return cleanName(unbracketNameJ(stripHonorific(tidy(s))));
}

/**
 * A name in capitals whose word ends in a closing bracket no opening one precedes ("VISHNU BAJA)",
 * "RA)U"): OCR's reading of a J, whose hook it takes for the bracket. "(HUF)" keeps its brackets.
 */
export function unbracketNameJ(s: string): string {
  return s.replace(/(?<=\p{Lu})[)\]](?=\p{Lu}|\s|$)/gu, (m, at: number) => (s.slice(0, at).includes(m === ')' ? '(' : '[') ? m : 'J'));
}

/** A business's name: "M/s" / "Messrs" dropped ("Sri Balaji Traders" keeps its "Sri"). */
export function cleanBusinessName(s: string): string {
  const t = unbracketNameJ(tidy(s).replace(/^\s*(?:m\s*\/\s*s|messrs)\.?\s*/i, ''));
  return cleanName(t || s);
}

/**
 * Text that is a label rather than a value: a phrase made of label words ("Name of Proprietor",
 * "Enterprise Type", "CATEGORY", "Postal"), the tail of a wrapped key ("/ Company", "of the
 * Establishment"), or text one of the type's own labels covers.
 */
const LABEL_HEAD =
  /^(?:name|address|type|category|constitution|postal|nature|kind|status|mobile|phone|e-?mail|district|state|pin(?:\s*code)?|valid(?:ity)?|registration|licen[cs]e|enterprise\s+type|proprietor|owner|employer|designation|date|period|tariff|details|particulars|signature|place|taluka|city|village|premises)\b/i;
/**
 * A bilingual form's Hindi caption printed in Latin letters over or beside the English one ("Udyam ka
 * naam", "Udyam panjikaran ki tithi", "Pita ka Naam", "Janm ki Tarikh"): a caption, never a value.
 */
const HINDI_CAPTION = /\b(?:ka|ki|ke)\s+(?:naam|nam|prakar|pata|tithi|tarikh|sankhya|vivran)\b|\b(?:panjikaran|sankhya|gatividhi|tithi)\b/i;
export function isLabelText(s: string, labels: readonly RegExp[] = []): boolean {
  const t = tidy(s);
  if (!t) return true;
  if (/^[/&(]|^(?:of|and|the|if|to)\b/i.test(t)) return true;
  if (/\d/.test(t)) return false;
  if (LABEL_HEAD.test(t) && t.split(/\s+/).length <= 5) return true;
  if (HINDI_CAPTION.test(t)) return true;
  const letters = (x: string) => (x.match(/\p{L}/gu) ?? []).length;
  return labels.some((l) => {
    const m = new RegExp(l.source, l.flags.replace(/[gy]/g, '')).exec(t);
    return !!m && letters(t) - letters(m[0]) <= 3;
  });
}

/** Ceiling for a reference number too short to be one (a billing unit "9550", a page number "1"). */
export const SHORT_ID_CAP = 0.4;

/** A consumer or registration number has at least five characters and four digits; shorter ones keep a low score. */
export function capShortId(f: ExtractedField | undefined): ExtractedField | undefined {
  if (!f || typeof f.value !== 'string') return f;
  const digits = (f.value.match(/\d/g) ?? []).length;
  return f.value.replace(/[\s/.-]/g, '').length >= 5 && digits >= 4 ? f : { ...f, confidence_score: Math.min(f.confidence_score, SHORT_ID_CAP) };
}

// ---------------------------------------------------------------------------------------------
// Keys read with an OCR slip

/** A key as OCR may have garbled it: a digit inside a word of letters is its look-alike letter ("N0." → "No.", "Addre5s"), "rn" → "m". */
export function unslipKey(key: string): string {
  const AS_LETTER: Record<string, string> = { '0': 'o', '1': 'l', '5': 's', '8': 'b', '6': 'g' };
  return key
    .replace(/\S+/g, (w) => ((w.match(/\p{L}/gu) ?? []).length >= 1 && /\d/.test(w) && !/\d{2,}/.test(w) ? w.replace(/\d/g, (d) => AS_LETTER[d] ?? d) : w))
    .replace(/rn/g, 'm');
}

/**
 * A key printing alternatives with a slash ("Name of Licensee/Company", "Address of the
 * Shop/Establishment") read as each alternative alone ("Name of Licensee", "Name of Company"); a key
 * ending in a bracketed name ("Name of Business (Trade Name)") as the key before it and as that name.
 */
export function keyAlternatives(key: string): string[] {
  const out: string[] = [];
  // (a caption naming its field again in brackets, "Name of Business (Trade Name)", "Address of Principal Place of
  // Business (PPOB)": the caption without the brackets, and the bracketed name alone)
  const bracket = /^(.*?\p{L}.*?)\s*\(\s*([^()]*\p{L}[^()]*?)\s*\)\s*[:：.]?\s*$/u.exec(key);
  if (bracket) out.push(bracket[1], bracket[2]);
  for (const m of key.matchAll(/([\p{L}.]+)\s*\/\s*([\p{L}.]+)/gu)) {
    out.push(key.slice(0, m.index) + m[1] + key.slice(m.index + m[0].length));
    out.push(key.slice(0, m.index) + m[2] + key.slice(m.index + m[0].length));
  }
  return out;
}

/**
 * Pairs whose key one of the labels covers, as printed, with an OCR slip undone, or as one of its
 * slash alternatives. A key continued on a line of its own under it ("Name of Food Business" /
 * "Operator") is read whole: the label must cover the whole key, so the operator's name is not
 * the business's.
 */
export function findPairs(model: DocumentModel, labels: readonly RegExp[]): KeyValue[] {
  const lay = model.layout;
  const out: KeyValue[] = [];
  const whole = new Map<KeyValue, string | undefined>();
  const wholeKey = (p: KeyValue) => {
    if (!whole.has(p)) {
      const c = p.keySegment && p.valueSegment ? keyContinuation(model, p.keySegment, p.valueSegment) : undefined;
      whole.set(p, c ? `${p.key.replace(/[\s:：.,;\-–]+$/, '')} ${c.text.replace(/[\s:：.,;\-–]+$/, '')}` : undefined);
    }
    return whole.get(p);
  };
  const keeps = (label: RegExp, p: KeyValue) => {
    const w = wholeKey(p);
    return !w || covers(label, w) || keyAlternatives(w).some((a) => covers(label, a));
  };
  for (const label of labels) {
    for (const p of lay.find([label])) if (!out.includes(p) && keeps(label, p)) out.push(p);
    for (const p of lay.pairs) {
      if (out.includes(p)) continue;
      const k = unslipKey(p.key);
      if (((k !== p.key && covers(label, k)) || keyAlternatives(k).some((a) => covers(label, a))) && keeps(label, p)) out.push(p);
    }
  }
  return out;
}

/**
 * The second line of a key printed over two lines with nothing beside it ("Name of Food Business"
 * over "Operator"): directly under the key (left or right edges aligned, as key columns print
 * them), short, no digits, alone on its row, ending left of the value.
 */
export function keyContinuation(model: DocumentModel, key: Segment, value: Segment): Segment | undefined {
  const lay = model.layout;
  const h = Math.max(key.box.Height, 0.004);
  const charW = key.box.Width / Math.max(1, key.text.length);
  const under = lay.segments
    .filter((b) => b.page === key.page && b.line !== key.line && b.box.Top > key.box.Top + h * 0.5 && b.box.Top - (key.box.Top + key.box.Height) <= h * 0.9)
    .filter((b) => alignedUnder(key, b, charW) && b.box.Left + b.box.Width <= value.box.Left)
    .sort((a, b) => a.box.Top - b.box.Top)[0];
  if (!under || /\d/.test(under.text) || under.text.trim().split(/\s+/).length > 3 || NUMBERING.test(under.text) || lay.isProseLine(under.line)) return undefined;
  const row = lay.rows.find((r) => r.includes(under));
  return row && row.length === 1 ? under : undefined;
}

/** `b` starts under `a` (left edges within a few characters) or ends under it (a right-aligned key column). */
function alignedUnder(a: Segment, b: Segment, charW: number): boolean {
  const right = (s: Segment) => s.box.Left + s.box.Width;
  return (b.box.Left >= a.box.Left - charW * 2 && b.box.Left <= a.box.Left + charW * 8) || Math.abs(right(b) - right(a)) <= charW * 2;
}

// ---------------------------------------------------------------------------------------------
// Wrapped keys

export interface WrappedPair {
  key: string;
  keySegments: Segment[];
  value: Segment;
}

const NUMBERING = /^\s*(?:\(?\d{1,2}[.)]|\(?[a-z][.)]|[ivx]{1,4}[.)])\s*/i;

function covers(label: RegExp, key: string, slack = 3): boolean {
  const rx = new RegExp(label.source, label.flags.replace(/[gy]/g, ''));
  const k = key.replace(/\s+/g, ' ').trim();
  const m = rx.exec(k);
  const letters = (x: string) => (x.match(/\p{L}/gu) ?? []).length;
  return !!m && letters(k) - letters(m[0]) <= slack;
}

/**
 * Keys printed over two lines in their column, the value beside the first line: the key's second
 * line sits under the first (left edge within a few characters), is short and holds no digits, and
 * ends left of the value. Both key lines together must be covered by one of `labels`.
 */
export function wrappedPairs(model: DocumentModel, labels: readonly RegExp[]): WrappedPair[] {
  const lay = model.layout;
  const out: WrappedPair[] = [];
  for (const label of labels) {
    for (const row of lay.rows) {
      for (let i = 0; i + 1 < row.length; i++) {
        const seg = row[i];
        const value = row[i + 1];
        if (lay.isProseLine(seg.line)) continue;
        const h = Math.max(seg.box.Height, 0.004);
        const charW = seg.box.Width / Math.max(1, seg.text.length);
        const under = lay.segments
          .filter(
            (b) =>
              b.page === seg.page &&
              b.line !== seg.line &&
              b.box.Top > seg.box.Top + h * 0.5 &&
              b.box.Top - (seg.box.Top + seg.box.Height) <= h * 1.1 &&
              alignedUnder(seg, b, charW) &&
              b.box.Left + b.box.Width <= value.box.Left,
          )
          .sort((a, b) => a.box.Top - b.box.Top)[0];
        if (!under || /\d/.test(under.text) || under.text.trim().split(/\s+/).length > 5 || NUMBERING.test(under.text)) continue;
        const first = seg.text.replace(NUMBERING, '').replace(/[\s:：.,;\-–]+$/, '');
        const key = `${first} ${under.text.replace(/[\s:：.,;\-–]+$/, '').trim()}`.replace(/\s+/g, ' ');
        if (covers(label, first)) continue; // not wrapped: the first line is the key on its own
        if (covers(label, key) && !out.some((w) => w.value === value)) out.push({ key, keySegments: [seg, under], value });
      }
    }
  }
  return out;
}

/**
 * A key cell the layout did not pair (a label of six words or more, "Address of Principal Place of
 * Business") with the cell beside it on its row: the label must cover the whole key cell.
 */
export function rowPairs(model: DocumentModel, labels: readonly RegExp[]): WrappedPair[] {
  const lay = model.layout;
  const out: WrappedPair[] = [];
  for (const label of labels) {
    for (const row of lay.rows) {
      for (let i = 0; i + 1 < row.length; i++) {
        const seg = row[i];
        if (lay.isProseLine(seg.line) || lay.pairs.some((p) => p.keySegment === seg)) continue;
        const key = seg.text.replace(NUMBERING, '').replace(/[\s:：.,;\-–]+$/, '');
        if (/\d/.test(key) || !(covers(label, key) || keyAlternatives(unslipKey(key)).some((a) => covers(label, a)))) continue;
        if (!out.some((w) => w.value === row[i + 1])) out.push({ key, keySegments: [seg], value: row[i + 1] });
      }
    }
  }
  return out;
}

/**
 * A value printed under its caption in a row of captions ("From Date | To Date | Currency" over
 * "01/12/2025 | 30/11/2026 | INR", a bill's summary boxes): the segment under a caption one of the
 * labels covers, in its column, that `accept` takes. Never a caption inside a sentence.
 */
export function valueUnderCaption(model: DocumentModel, labels: readonly RegExp[], accept: (text: string) => boolean, opts: { avoid?: RegExp } = {}): Segment | undefined {
  const lay = model.layout;
  for (const label of labels) {
    for (const seg of lay.segments) {
      if (lay.isProseLine(seg.line) || (opts.avoid && opts.avoid.test(seg.text))) continue;
      if (!covers(label, seg.text.replace(/[\s:：.,;\-–]+$/, ''))) continue;
      // boxes of figures space their captions apart from the values (up to four caption heights)
      const under = lay.segmentBelow(seg, 4);
      if (under && accept(under.text)) return under;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Addresses

/** Labels of the parts of an address as Indian forms print them. */
const PART_LABEL =
  /(?:building\s*(?:no\.?|number|name)?\s*\/?\s*(?:flat\s*no\.?)?|flat\s*\/?\s*(?:door\s*)?\/?\s*(?:block\s*)?(?:no\.?|number)|door\s*(?:no\.?|number)|house\s*(?:no\.?|number)|plot\s*(?:no\.?|number)|floor\s*(?:no\.?)?|name\s*of\s*(?:the\s*)?premises\s*\/?\s*building|premises\s*\/?\s*building(?:\s*name)?|name\s*of\s*premises|road\s*\/?\s*street(?:\s*\/?\s*lane)?|street|lane|locality\s*\/?\s*(?:sub\s*locality)?|sub\s*locality|area|village\s*\/?\s*town|town\s*\/?\s*village|city\s*\/?\s*town(?:\s*\/?\s*village)?|city|block|taluka|tehsil|mandal|district|state|pin\s*code|pincode|pin|post\s*office|landmark)/i;
/** A bare word of a slashed part caption ("Flat/Door/Block", "Area / Locality"): a part only beside another part word. */
const PART_WORD = /(?:flat|door|house|plot|building|premises|road|street|lane|area|locality|village|town|city|block)(?:\s*(?:no\.?|number))?/;
// (a caption printing several parts' words with slashes, with or without its "No.": each piece a part or a part's word)
const PART_ANCHORED = new RegExp(`^\\s*(?:(?:${PART_LABEL.source})|(?:${PART_WORD.source})(?:\\s*\\/\\s*(?:${PART_WORD.source}))+)\\s*$`, 'i');
const INLINE_PART = new RegExp(`(?:^|,\\s*|\\s{2,})(${PART_LABEL.source})\\s*[:：]\\s*`, 'gi');

/**
 * An address printed as labelled parts inside one value ("Building No./Flat No.: 12, Road/Street:
 * MG Road, …, PIN Code: 411038") as the parts alone, in order; empty parts ("-", "NA") and a part
 * repeating the one before it are left out. Text without two such parts is returned as it is.
 */
export function composeAddressParts(s: string): string {
  const hits = [...s.matchAll(INLINE_PART)];
  if (hits.length < 2) return s;
  const parts: string[] = [];
  const head = s.slice(0, hits[0].index).trim();
  if (head) parts.push(head);
  hits.forEach((m, i) => {
    const from = m.index + m[0].length;
    const to = i + 1 < hits.length ? hits[i + 1].index : s.length;
    parts.push(s.slice(from, to));
  });
  return joinParts(parts);
}

function joinParts(parts: string[], keepRepeats = false): string {
  const out: string[] = [];
  for (const raw of parts) {
    const p = tidy(raw.replace(/(?:^|\b)pin\s*(?:code)?\s*[:\-]?\s*(?=\d{6}\b)/gi, ''));
    if (!p || /^(?:-+|na|n\/a|nil|none)$/i.test(p)) continue;
    if (!keepRepeats && out.length && out[out.length - 1].toLowerCase() === p.toLowerCase()) continue;
    out.push(p);
  }
  return joinAddress(out);
}

/**
 * An address printed as a table of parts under its heading: rows of "part label | value" cells
 * (two or more per row), read row by row until a row without a part label.
 */
export function addressFromPartsTable(model: DocumentModel, heading: Segment): ExtractedField | undefined {
  const lay = model.layout;
  const h = Math.max(heading.box.Height, 0.004);
  const start = lay.rows.findIndex((r) => r.includes(heading));
  if (start < 0) return undefined;
  const grid = partsGrid(model, start, heading);
  if (grid) return grid;
  const parts: string[] = [];
  const words: Word[] = [];
  let gapRows = 0;
  let lastTop = heading.box.Top;
  for (let ri = start; ri < lay.rows.length && ri < start + 12; ri++) {
    const row = lay.rows[ri].filter((s) => s !== heading && s.box.Left >= heading.box.Left - h * 2);
    if (row[0] && row[0].page !== heading.page) break;
    // a row of OCR specks only ("Dl | 1" from a stamp's edge) is stepped over
    if (ri > start && row.length && !row.some((s) => /[\p{L}\p{N}]{3}/u.test(s.text))) continue;
    // so is a row only of another column's text, far right of the table's first column (the second
    // page of a two-pages-per-sheet print: "CHENNAI" between the heading and the first part)
    if (ri > start && row.length && row.every((s) => s.box.Left > heading.box.Left + heading.box.Width + h * 8) && !row.some((s) => PART_ANCHORED.test(s.text.replace(/[\s:：.,;\-–]+$/, '')))) continue;
    let found = 0;
    for (let i = 0; i < row.length; i++) {
      const t = row[i].text.replace(/[\s:：.,;\-–]+$/, '');
      if (!PART_ANCHORED.test(t)) continue;
      found++;
      const v = row[i + 1];
      if (v && !PART_ANCHORED.test(v.text.replace(/[\s:：.,;\-–]+$/, '')) && !/^(?:mobile|e-?mail|phone)/i.test(t)) {
        parts.push(v.text);
        words.push(...v.words);
        i++;
      }
    }
    if (found) {
      gapRows = 0;
      lastTop = row[0].box.Top;
    } else if (ri > start) {
      if (++gapRows > 0 || (row[0] && row[0].box.Top - lastTop > h * 4)) break;
    }
  }
  if (parts.length < 3) return undefined;
  return field(joinParts(parts), words, { kind: 'labelled', via: 'pair' });
}

/**
 * An address printed as a one-row grid under its heading (a landscape print: "Flat/Door/Block No. |
 * Name of Premises/ Building | Road/Street/Lane | … | Pin" over the values): each column's value
 * (with a line it wraps onto) in the columns' order.
 */
function partsGrid(model: DocumentModel, start: number, heading: Segment): ExtractedField | undefined {
  const lay = model.layout;
  const isPart = (x: Segment) => PART_ANCHORED.test(x.text.replace(/[\s:：.,;\-–]+$/, ''));
  for (let ri = start; ri < lay.rows.length && ri <= start + 2; ri++) {
    const labels = lay.rows[ri].filter((x) => x !== heading);
    if (labels.length < 3 || labels[0].page !== heading.page || !labels.every(isPart)) continue;
    // A grid stacked in bands (a narrow print: "Flat/Door/Block No. | Name of Premises | Village/Town"
    // over their values, then "Road/Street/Lane | City | District" over theirs, …): each band read in turn.
    const filled: Segment[][] = [];
    let band: Segment[] | undefined = labels;
    let bi = ri;
    while (band) {
      const next = gridBand(model, heading, band, bi);
      filled.push(...next.cells);
      band = next.nextBand;
      bi = next.nextRow;
    }
    if (filled.length < 3) return undefined;
    // (each cell has its own caption: a city and district of one name, "JAMMU | JAMMU", are both printed parts)
    return field(joinParts(filled.map((c) => c.map((x) => x.text).join(' ')), true), filled.flat().flatMap((x) => x.words), { kind: 'labelled', via: 'pair' });
  }
  return undefined;
}

/** One band of a parts grid: the values under its row of part captions, and the next band's captions when another row of them follows. */
function gridBand(model: DocumentModel, heading: Segment, labels: Segment[], ri: number): { cells: Segment[][]; nextBand?: Segment[]; nextRow: number } {
  const lay = model.layout;
  const isPart = (x: Segment) => PART_ANCHORED.test(x.text.replace(/[\s:：.,;\-–]+$/, ''));
  const contact = (x: Segment) => /^(?:mobile|e-?mail|phone)\b/i.test(x.text.trim());
  const h = Math.max(...labels.map((x) => x.box.Height), 0.004);
  // the columns: from a label's left edge to the next label's
  const column = (x: Segment) => {
    const c = x.box.Left + Math.min(x.box.Width, h) / 2;
    let k = -1;
    labels.forEach((l, i) => {
      if (c >= l.box.Left - h * 0.8) k = i;
    });
    return k;
  };
  const cells: Segment[][] = labels.map(() => []);
  // (a contact caption in the grid, "Mobile", is no part of the address: its column is read and dropped)
  const parts = () => cells.filter((c, i) => c.length && !contact(labels[i]));
  let lastTop = labels[0].box.Top;
  for (let rj = ri + 1; rj < lay.rows.length && rj <= ri + 8; rj++) {
    const row = lay.rows[rj];
    if (row[0].page !== heading.page || row[0].box.Top - lastTop > h * 4.5) break;
    if (row.some(isPart)) {
      // the next band: a row of part captions (a contact caption among them), under values already read
      const next = row.filter((x) => x !== heading);
      const band = cells.some((c) => c.length) && next.filter(isPart).length >= 2 && next.every((x) => isPart(x) || contact(x)) ? next : undefined;
      return { cells: parts(), nextBand: band, nextRow: rj };
    }
    // a row of the grid's rules read as specks ("T | T | T") is stepped over
    if (!row.some((x) => /[\p{L}\p{N}]{3}/u.test(x.text))) continue;
    // (the values' row; a second row only as the wrapped lines of cells already started)
    if (cells.some((c) => c.length) && !row.every((x) => column(x) >= 0 && cells[column(x)].length)) break;
    for (const x of row) if (column(x) >= 0) cells[column(x)].push(x);
    lastTop = row[0].box.Top;
  }
  return { cells: parts(), nextRow: ri };
}

/** Address headings whose block is not the one a field wants (a second address on the page). */
export interface AddressChoice {
  /** Keys or section headings naming another address ("Additional Place of Business", "Registered Office"). */
  avoid?: RegExp;
  stop?: RegExp;
  /** Filled with the first lines of the addresses refused as another place's (see `notRefused`). */
  refused?: string[];
}

/** Ceiling for an address a fallback lookup returned that the labelled reader refused as another place's. */
export const REFUSED_CAP = 0.4;

/**
 * A fallback address (a key matched without the section check, a label in a line) that starts
 * like one the labelled reader refused (an additional place, the registered office, a unit) is
 * that other address: kept for review, capped at REFUSED_CAP.
 */
export function notRefused(f: ExtractedField | undefined, refused: readonly string[]): ExtractedField | undefined {
  if (!f || typeof f.value !== 'string' || !refused.length) return f;
  const v = norm(f.value).replace(/\s+/g, '');
  const hit = refused.some((r) => {
    const x = norm(r).replace(/\s+/g, '');
    return x.length >= 6 && (v.startsWith(x.slice(0, 24)) || x.startsWith(v.slice(0, 24)));
  });
  return hit ? { ...f, confidence_score: Math.min(f.confidence_score, REFUSED_CAP) } : f;
}

/**
 * The section heading above a segment: the nearest row above, within a few rows, that holds a
 * single short cell without digits (a key with its value beside it is not a heading).
 */
function besideColumn(model: DocumentModel, head: Segment, seg: Segment): boolean {
  const charW = seg.box.Width / Math.max(1, seg.text.length);
  const right = head.box.Left > seg.box.Left + seg.box.Width + charW;
  const left = head.box.Left + head.box.Width < seg.box.Left - charW;
  if (!right && !left) return false;
  const cy = (b: Segment) => b.box.Top + b.box.Height / 2;
  return model.layout.segments.some(
    (o) => o.page === head.page && o !== head && Math.abs(cy(o) - cy(head)) <= head.box.Height * 1.2 && (right ? o.box.Left + o.box.Width < head.box.Left : o.box.Left > head.box.Left + head.box.Width),
  );
}

function headingAbove(model: DocumentModel, seg: Segment): Segment | undefined {
  const lay = model.layout;
  const ri = lay.rows.findIndex((r) => r.includes(seg));
  for (let i = ri - 1; i >= 0 && i >= ri - 8; i--) {
    const row = lay.rows[i];
    if (row[0].page !== seg.page) break;
    if (row.length !== 1) continue;
    // a panel's heading beside the segment's column ("Address of Plant(s)" on the right, a cell of the left
    // column at its height) heads the other panel, not this one
    if (besideColumn(model, row[0], seg)) continue;
    const t = row[0].text;
    // an empty key of the same form ("Additional trade names, if any" ending where the keys end) heads nothing
    const charW = seg.box.Width / Math.max(1, seg.text.length);
    const keyOfColumn = /,\s*if\s+(?:any|applicable)\s*$/i.test(t) || (Math.abs(row[0].box.Left + row[0].box.Width - (seg.box.Left + seg.box.Width)) <= charW * 1.5 && row[0].box.Left > seg.box.Left + charW * 2);
    if (keyOfColumn) continue;
    if (!/\d/.test(t) && t.trim().split(/\s+/).length <= 9 && !lay.isProseLine(row[0].line)) return row[0];
    // a section band worded as a phrase ("Premises where food business is carried out"): a capitalised line
    // of a few words, no sentence's stop; the headings above it head earlier sections
    if (!/\d/.test(t) && t.trim().split(/\s+/).length <= 9 && /^\p{Lu}/u.test(t.trim()) && !/[.;:!?]$/.test(t.trim())) return row[0];
  }
  return undefined;
}

function avoided(model: DocumentModel, key: string, seg: Segment | undefined, avoid: RegExp | undefined): boolean {
  if (!avoid) return false;
  if (avoid.test(key)) return true;
  const head = seg ? headingAbove(model, seg) : undefined;
  return !!head && avoid.test(head.text);
}

/** Ceiling for an address whose first cell OCR broke apart (fragments left beside it on its row). */
export { SPLIT_CELL_CAP };

function blockFrom(model: DocumentModel, value: Segment, firstText: string, firstWords: Word[], stop?: RegExp): ExtractedField | undefined {
  // OCR may cut a long value line in two where a word was split ("…, Vijayawa" | "da, Andhra Pradesh 520036"): the piece
  // touching it on its row continues it.
  const row = model.layout.rowOf(value);
  const touching = row[row.indexOf(value) + 1];
  const charW = value.box.Width / Math.max(1, value.text.length);
  if (touching && touching.line !== value.line && !model.layout.isKey(touching) && touching.box.Left - (value.box.Left + value.box.Width) <= charW * 1.5) {
    firstText = /\p{L}$/u.test(firstText) && /^\p{Ll}/u.test(touching.text) ? firstText + touching.text : `${firstText} ${touching.text}`;
    firstWords = [...firstWords, ...touching.words];
  }
  const b = columnBlock(model, value, { address: true, stop, firstText, firstWords });
  const state = stateAfterPin(model, b.segments[b.segments.length - 1], b.text);
  const margin = state ? undefined : lineFromMargin(model, value, b.segments[b.segments.length - 1] ?? value, b.text);
  const text = finishAddress(state ? joinAddress([b.text, state.text]) : margin ? joinAddress([b.text, margin.text]) : b.text);
  const words = state ? [...b.words, ...state.words] : margin ? [...b.words, ...margin.words] : b.words;
  if (text.length < 5) return undefined;
  const f = field(text, words, { kind: 'labelled', via: 'pair' });
  return splitCell(model, value) ? { ...f, confidence_score: Math.min(f.confidence_score, SPLIT_CELL_CAP) } : f;
}

/**
 * A form's second dotted line runs from the margin: an address hand-written beside its caption ("Location of Trade
 * ‖ Plot No. 27, Laxmi Bhavan, Gandhi Chowk") goes on under the caption, left of the value ("Darbhanga, Dist.
 * Darbhanga - 846459"). Taken when the block has no PIN yet and the next line, right under it, is one cell that is
 * no caption and ends the address with its PIN.
 */
function lineFromMargin(model: DocumentModel, value: Segment, last: Segment, text: string): Segment | undefined {
  if (hasPincode(text)) return undefined;
  const lay = model.layout;
  const next = model.linesAfter(last.line, 1)[0];
  if (!next || next.page !== last.page || lay.isProseLine(next)) return undefined;
  const cells = lay.segments.filter((x) => x.line === next);
  if (cells.length !== 1 || lay.isKey(cells[0]) || lay.pairs.some((p) => p.keySegment === cells[0])) return undefined;
  const cell = cells[0];
  const charW = value.box.Width / Math.max(1, value.text.length);
  const gap = cell.box.Top - (last.box.Top + last.box.Height);
  if (gap < 0 || gap > last.box.Height * 1.6 || cell.box.Left > value.box.Left - charW * 3) return undefined;
  return hasPincode(cell.text) && !isLabelText(cell.text) ? cell : undefined;
}

/**
 * The value's cell broke apart: right of it on its row, before the next key, sit fragments that
 * belong to no pair ("SHOP NO. 34," | "FLOOR," | "AM" from a blurred "GROUND FLOOR, MANGALAM
 * ARCADE"), so words of the value are missing or misplaced.
 */
function splitCell(model: DocumentModel, value: Segment): boolean {
  const lay = model.layout;
  const row = lay.rowOf(value);
  const paired = (s: Segment) => lay.pairs.some((p) => p.keySegment === s || p.valueSegment === s);
  for (const s of row.slice(row.indexOf(value) + 1)) {
    if (lay.isKey(s) || paired(s)) return false;
    if (s.line === value.line && /\p{L}{2}/u.test(s.text)) return true;
  }
  return false;
}

/**
 * "Kolkata 700266," then "West Bengal" a little further down the value column than the block
 * reached (forms space their value lines widely): the state still belongs to the address.
 */
function stateAfterPin(model: DocumentModel, last: Segment | undefined, text: string): Segment | undefined {
  if (!last || !hasPincode(last.text) || isStateLine(last.text.replace(/^.*\d\s*,?\s*/, '')) || /[A-Za-z]{4,}\s*$/.test(text.replace(/[\s,.-]+$/, '')) && !/\d\s*,?\s*$/.test(text)) return undefined;
  const under = model.layout.segmentBelow(last, 2.6);
  // the state may be misread by one letter ("TAMIL NADY"); the address's state repair puts it back
  return under && isStateLine(repairStateNames(under.text).value) ? under : undefined;
}

/**
 * A key of another field inside an address line: the engine joined the address with the next
 * column's cell ("Rohini Amount Payable on or before Due Date 2,340.00"). Capitalised, as printed.
 */
const INNER_KEY = /\s(?:(?:Net\s+|Total\s+)?Amount\s+(?:Due|Payable)|Due\s+Date|Bill\s+(?:Date|No\.?|Amount)|Consumer\s+No|Meter\s+No|Mobile(?:\s+No)?|Phone|E-?mail|GSTIN|Date\s+of\s+\w+|Tariff|Sanctioned\s+Load|Account\s+No|IFSC)\b/;

/** An address as returned: labelled parts composed, repeated parts, label residue, a spliced key and OCR specks removed. */
export function finishAddress(s: string): string {
  return romanNumerals(dropSpecks(composeAddressParts(withoutSplicedKeys(tidy(unbracketJ(captionQualifierDropped(s.replace(/\s*[:：]\s*$/, ''))))))));
}

/**
 * A caption's bracketed qualifier read as the address's first line ("Address of Authorised Premises" /
 * "(where food business is carried out)"): lower case in brackets opens no address ("(Near Bus Stand)" is kept).
 */
function captionQualifierDropped(s: string): string {
  return s.replace(/^\s*\([a-z][^()]{2,60}\)\s*[,:;]?\s*(?=\S)/, '');
}

/** A roman numeral after a word ("Phase II", "Sector III") read with its I as l or a bar ("Phase Il"): no word is made of those. */
function romanNumerals(s: string): string {
  return s.replace(/(?<=\p{L}{2,}\.?\s)[Il|]{2,3}(?=[\s,]|$)/gu, (t) => (/[l|]/.test(t) ? 'I'.repeat(t.length) : t));
}

/** A ")" closing a capitalised word with no "(" before it in its part is a J read in bold type ("GANDHI GAN)," for "GANJ"). */
function unbracketJ(s: string): string {
  return s
    .split(',')
    .map((part) => part.replace(/\b([A-Z]{2,})\)(?=\s|$)/g, (m, w: string, at: number) => (part.slice(0, at).includes('(') ? m : `${w}J`)))
    .join(',');
}

/**
 * Address lines are joined with ", ": a line holding another column's key and value is cut at
 * the key, and the address lines after it are kept when the address before it has no PIN yet.
 */
function withoutSplicedKeys(t: string): string {
  const inner = INNER_KEY.exec(t);
  if (!inner || inner.index < 8) return t;
  const kept = t.slice(0, inner.index);
  const next = t.indexOf(', ', inner.index);
  const more = next >= 0 ? withoutSplicedKeys(t.slice(next + 2)) : '';
  return more && hasPincode(more) && !hasPincode(kept) ? `${kept}, ${more}` : kept;
}

/**
 * Comma parts of an address that are OCR specks, not words: no letter or digit at all ("=", "™"),
 * or, at the head, no run of three letters or digits ("B I]" read from a photo's edge).
 */
export function dropSpecks(s: string): string {
  const parts = s.split(/\s*,\s*/);
  let i = 0;
  while (i < parts.length - 1 && !/[\p{L}\p{N}]{3}/u.test(parts[i]) && (!/\d/.test(parts[i]) || /[\[\]{}|™=~_<>]/.test(parts[i]))) i++;
  const kept = parts.slice(i).filter((p) => /[\p{L}\p{N}]/u.test(p));
  // a speck after the state at the end ("Uttar Pradesh un")
  const last = kept.length ? kept[kept.length - 1] : '';
  const tail = /^(.*\S)\s+([a-z]{1,2}|[^\p{L}\p{N}\s]+)$/u.exec(last);
  if (tail && isStateLine(tail[1])) kept[kept.length - 1] = tail[1];
  return kept.length === parts.length && !tail ? s : kept.join(', ');
}

/**
 * The address a field wants, label by label in the vocabulary's order: a key-value pair (its
 * value continued down its column), else a key wrapped over two lines, else a parts table under
 * an address heading. Pairs under a heading or key the field does not want are skipped.
 */
export function addressByLabels(model: DocumentModel, labels: readonly RegExp[], opts: AddressChoice = {}): ExtractedField | undefined {
  const lay = model.layout;
  for (const label of labels) {
    for (const p of findPairs(model, [label])) {
      if (avoided(model, p.key, p.keySegment, opts.avoid)) {
        opts.refused?.push(p.value);
        continue;
      }
      const seg = p.valueSegment;
      if (!seg) {
        // Textract's KEY_VALUE_SET: the VALUE block already holds every line of the address.
        const text = finishAddress(p.value);
        if (text.length >= 5 && !isLabelText(text)) return field(text, p.valueWords, { kind: 'labelled', via: 'pair' });
        continue;
      }
      // The heading of a parts table ("OFFICIAL ADDRESS OF ENTERPRISE" over "Flat/Door/Block No. | 12").
      if (PART_ANCHORED.test(p.value.replace(/[\s:：.,;\-–]+$/, '')) && p.keySegment) {
        const t = addressFromPartsTable(model, p.keySegment);
        if (t) return t;
        continue;
      }
      if (isLabelText(p.value) && !/\d/.test(p.value)) continue;
      // A heading with a parts table under it, paired with a word beside it that is no address (another
      // page's "CHENNAI" or contact line on the same row of a two-pages-per-sheet print: no PIN) or with the first part's value
      // under it ("Plot No. 16"): the table is the address.
      if (p.keySegment && p.via !== 'colon' && (p.via === 'below' || !hasPincode(p.value))) {
        const t = addressFromPartsTable(model, p.keySegment);
        if (t) return t;
      }
      // A dotted leader's remains read as a lone letter or two between caption and value ("Address of Food Business
      // Premises ‖ A ‖ Plot No. 117, …"): the value starts at the next cell on its line.
      const row = lay.rowOf(seg);
      const next = row[row.indexOf(seg) + 1];
      // (a longer misread, "Silat", only when the next cell starts the column the address's next line is in)
      const below = next && model.linesAfter(seg.line, 1)[0];
      const column = !!below && !!next && Math.abs(below.box.Left - next.box.Left) <= (next.box.Width / Math.max(1, next.text.length)) * 1.5;
      if (p.via !== 'colon' && (/^\s*[^\d\s]{1,2}\s*$/u.test(seg.text) || (column && /^\s*\p{L}{3,6}\s*$/u.test(seg.text))) && next && next.line === seg.line && !lay.isKey(next) && /\d/.test(next.text)) {
        const a = blockFrom(model, next, next.text, next.words, opts.stop);
        if (a) return a;
      }
      const a = blockFrom(model, seg, p.via === 'colon' ? p.value : seg.text, p.via === 'colon' ? p.valueWords : seg.words, opts.stop);
      if (a) return a;
    }
    const wrapped = wrappedPairs(model, [label]);
    for (const w of [...wrapped, ...rowPairs(model, [label])]) {
      // the cell beside is another address's caption ("Postal Address of the Establishment" | "Residential
      // Address of the Employer", each over its own block): no value
      if (!/\d/.test(w.value.text) && labels.some((l) => l.test(w.value.text))) continue;
      if (avoided(model, w.key, w.keySegments[0], opts.avoid)) {
        opts.refused?.push(w.value.text);
        continue;
      }
      // a wrapped heading ("OFFICIAL ADDRESS OF" / "ENTERPRISE") beside a grid of part captions: the grid is the address
      if (PART_ANCHORED.test(w.value.text.replace(/[\s:：.,;\-–]+$/, ''))) {
        const t = addressFromPartsTable(model, w.keySegments[0]);
        if (t) return t;
        continue;
      }
      const a = blockFrom(model, w.value, w.value.text, w.value.words, opts.stop);
      // a key cell the layout left unpaired is trusted only with a whole address beside it (up to its PIN)
      if (a && (wrapped.includes(w) || hasPincode(String(a.value)))) return a;
    }
    const captioned = addressUnderCaption(model, label, opts);
    if (captioned) return captioned;
    // A heading alone on its row with a parts table under it.
    for (const s of lay.segments) {
      if (lay.isProseLine(s.line) || !covers(label, s.text.replace(/[\s:：.\-–*]+$/, ''), 3)) continue;
      if (avoided(model, s.text, s, opts.avoid)) continue;
      const t = addressFromPartsTable(model, s);
      if (t) return t;
    }
  }
  return undefined;
}

/** A label as a caption test: whether a cell's text is a caption the label ends (see `endsCaption`). Built once per label, not per cell. */
function captionOf(label: RegExp): (text: string, words: number) => boolean {
  // (a global or sticky label would carry lastIndex from one cell to the next)
  const re = new RegExp(label.source, label.flags.replace(/[gy]/g, ''));
  return (text, words) => endsCaption(re, text, words);
}

/** A caption the label ends (a prefix may lead it: "Door No. & Address of …", "License Valid Up To"), of at most `words` words, no digits. */
function endsCaption(label: RegExp, text: string, words: number): boolean {
  const t = text.replace(/[\s:：.\-–*]+$/, '');
  const m = label.exec(t);
  return !!m && m.index + m[0].length >= t.length && t.split(/\s+/).length <= words && !/\d/.test(t);
}

/**
 * A caption over its value in a grid of captioned cells ("Postal Address of the Establishment" over
 * two address lines, "Residential Address of the Employer" beside it over its own): the layout pairs
 * no row of such a grid when the values run on for several lines, and the caption's line read as a
 * whole runs into the next column's caption. The caption ends with the label (a prefix such as "Door
 * No. &" may lead it); the address is the block under it, in its column, up to its PIN.
 */
function addressUnderCaption(model: DocumentModel, label: RegExp, opts: AddressChoice): ExtractedField | undefined {
  const lay = model.layout;
  const isCaption = captionOf(label);
  for (const s of lay.segments) {
    if (!isCaption(s.text, 8)) continue;
    // (a row of captions may read as a sentence, "… of the Establishment ‖ … of the Employer": a cell of several is no prose)
    const sentence = lay.isProseLine(s.line) && lay.segments.filter((x) => x.line === s.line).length < 2;
    // (only in a grid: a caption alone on its row is read by the other lookups)
    if (sentence || lay.isKey(s) || lay.rowOf(s).length < 2) continue;
    if (avoided(model, s.text, s, opts.avoid)) continue;
    const a = addressUnderSegment(model, s, { stop: opts.stop });
    if (a && hasPincode(String(a.value))) return { ...a, value: finishAddress(String(a.value)) };
  }
  return undefined;
}

/** The text value for a field by label: a pair first, then a wrapped key; values that are labels are refused. */
export function textByLabels(
  model: DocumentModel,
  labels: readonly RegExp[],
  opts: { clean?: (s: string) => string; accept?: (s: string) => boolean; allLabels?: readonly RegExp[]; avoid?: RegExp } = {},
): ExtractedField | undefined {
  const clean = opts.clean ?? tidy;
  const ok = (v: string) => !!v && !isLabelText(v, opts.allLabels) && (!opts.accept || opts.accept(v));
  for (const label of labels) {
    const found: ExtractedField[] = [];
    for (const p of findPairs(model, [label])) {
      if (opts.avoid && avoided(model, p.key, p.keySegment, opts.avoid)) continue;
      const raw = p.value.split(/\s{3,}/)[0];
      const v = clean(raw);
      if (ok(v)) found.push(field(v, p.valueWords.length ? p.valueWords : (p.valueSegment?.words ?? []), { kind: 'labelled', via: 'pair' }));
    }
    if (!found.length) {
      for (const w of [...wrappedPairs(model, [label]), ...rowPairs(model, [label])]) {
        const v = clean(w.value.text);
        if (ok(v)) found.push(field(v, w.value.words, { kind: 'labelled', via: 'pair' }));
      }
    }
    if (found.length) return competing(found);
  }
  return undefined;
}

/**
 * The first of the values one label gave; when the same label named different values on the page
 * (two "Name of Business" keys, one of them another party's), which one is meant is a guess: it is
 * capped at DISAGREED_CAP for review.
 */
function competing(found: readonly ExtractedField[]): ExtractedField {
  const first = found[0];
  return found.some((f) => norm(f.value) !== norm(first.value)) ? { ...first, confidence_score: Math.min(first.confidence_score, DISAGREED_CAP) } : first;
}

// ---------------------------------------------------------------------------------------------
// Prose

export interface Paragraph {
  page: number;
  text: string;
  spans: { line: Line; at: number }[];
}

function nextInParagraph(model: DocumentModel, line: Line): Line | undefined {
  const h = Math.max(line.box.Height, 0.004);
  return model.lines
    .filter((l) => l.page === line.page && l !== line && l.box.Top > line.box.Top + h * 0.5 && l.box.Top - (line.box.Top + line.box.Height) <= h * 1.3 && Math.abs(l.box.Left - line.box.Left) <= h * 1.5)
    .sort((a, b) => a.box.Top - b.box.Top)[0];
}

/**
 * Sentences as paragraphs: a prose line and the lines continuing it in its column (a wrapped
 * sentence's last line may be short). A line after a finished sentence that is not prose itself
 * starts something else.
 */
export function paragraphs(model: DocumentModel): Paragraph[] {
  const lay = model.layout;
  const used = new Set<Line>();
  const out: Paragraph[] = [];
  for (const line of model.lines) {
    if (used.has(line) || !lay.isProseLine(line)) continue;
    const p: Paragraph = { page: line.page, text: '', spans: [] };
    let cur: Line | undefined = line;
    while (cur && !used.has(cur)) {
      used.add(cur);
      const sep = p.text ? ' ' : '';
      p.spans.push({ line: cur, at: p.text.length + sep.length });
      p.text += sep + cur.text;
      const next = nextInParagraph(model, cur);
      if (!next || (!lay.isProseLine(next) && /[.!?]["')]?\s*$/.test(cur.text))) break;
      cur = next;
    }
    out.push(p);
  }
  return out;
}

function wordsOf(model: DocumentModel, p: Paragraph, from: number, to: number): Word[] {
  const out: Word[] = [];
  for (const s of p.spans) {
    const a = Math.max(from, s.at) - s.at;
    const b = Math.min(to, s.at + s.line.text.length) - s.at;
    if (b > a) out.push(...model.wordsInRange(s.line, a, b));
  }
  return out;
}

/** What a prose read found: the value and the words it was read from. */
export interface ProseHit<V extends string | number = string> {
  value: V;
  words: Word[];
}

/** Find `intro` in a paragraph and read what follows it with `take` (offsets relative to the rest). */
export function proseRead<V extends string | number = string>(
  model: DocumentModel,
  intros: readonly RegExp[],
  take: (rest: string) => { at: number; length: number; value: V } | undefined,
): ProseHit<V> | undefined {
  const paras = paragraphs(model);
  for (const intro of intros) {
    const rx = new RegExp(intro.source, intro.flags.includes('g') ? intro.flags : intro.flags + 'g');
    for (const p of paras) {
      for (const m of p.text.matchAll(rx)) {
        const from = m.index + m[0].length;
        const t = take(p.text.slice(from));
        if (t && t.value !== '') return { value: t.value, words: wordsOf(model, p, from + t.at, from + t.at + t.length) };
      }
    }
  }
  return undefined;
}

/** Where a name introduced in a sentence stops. */
const NAME_END = /\s*(?:[,;(]|\s(?:situated|located|having|at|carrying|run|owned|is|are|has|have|was|were|bearing|with|for|vide|proprietor|through|under|on|as|in|which)\b|\.(?:\s|$))/i;

export const NAME_INTROS: readonly RegExp[] = [
  /\b(?:certif(?:y|ied)\s+that|granted\s+to|issued\s+to|in\s+(?:the\s+)?(?:name|favou?r)\s+of)\s*:?\s*(?:the\s+(?:establishment|enterprise|shop|firm|business|unit|food\s+business(?:\s+operator)?|concern)\s+(?:named\s+|called\s+|known\s+as\s+)?)?/i,
  /\bM\/s\.?\s+/,
];

/** A business or person named in a sentence ("certify that M/s X, situated at …"). */
export function proseName(model: DocumentModel, intros: readonly RegExp[] = NAME_INTROS): ExtractedField | undefined {
  const hit = proseRead(model, intros, (rest) => {
    const lead = /^(?:M\/s\.?\s*|Messrs\.?\s*|Shri\s+|Smt\.?\s+)?/i.exec(rest)?.[0].length ?? 0;
    const body = rest.slice(lead);
    const end = NAME_END.exec(body);
    const raw = body.slice(0, end ? end.index : Math.min(body.length, 60)).trim();
    const words = raw.split(/\s+/);
    if (!raw || words.length > 9 || !/^[\p{Lu}\d]/u.test(raw) || !/\p{L}{2}/u.test(raw)) return undefined;
    return { at: lead, length: raw.length, value: cleanBusinessName(raw) };
  });
  return hit ? field(hit.value, hit.words, { kind: 'labelled' }) : undefined;
}

export const ADDRESS_INTROS: readonly RegExp[] = [
  /\b(?:situated|located|carrying\s+on\s+(?:the\s+)?business|functioning|operating)\s+(?:at|from)\s*:?\s*/i,
  /\bhaving\s+(?:its\s+)?(?:registered\s+|principal\s+|head\s+|business\s+)?(?:office|premises|place\s+of\s+business|address|establishment|unit|shop)\s+(?:at|situated\s+at)\s*:?\s*/i,
  /\b(?:premises|address)\s+(?:at|situated\s+at)\s*:?\s*/i,
];

const PIN_IN_TEXT = /(?<!\d)[1-9]\d{2}\s?\d{3}(?!\d)/;
const ADDRESS_END = /,?\s+(?:has|have|is|are|was|were|for|with|vide|under|bearing|and\s+(?:has|is))\b|\.\s+(?=[A-Z])/;

/** An address introduced in a sentence ("situated at …"), up to its PIN code (and a state after it). */
export function proseAddress(model: DocumentModel, intros: readonly RegExp[] = ADDRESS_INTROS): ExtractedField | undefined {
  const hit = proseRead(model, intros, (rest) => {
    const pin = PIN_IN_TEXT.exec(rest.slice(0, 220));
    let end: number;
    if (pin) {
      end = pin.index + pin[0].length;
      const after = /^\s*[,-]?\s*([A-Za-z ]{3,25}?)(?=\s*[,.;]|\s+(?:has|is|and|for|with)\b|$)/.exec(rest.slice(end));
      if (after && isStateLine(after[1])) end += after[0].length;
    } else {
      const e = ADDRESS_END.exec(rest);
      end = e ? e.index : Math.min(rest.length, 160);
    }
    const raw = tidy(rest.slice(0, end));
    return raw.length >= 8 ? { at: 0, length: end, value: raw } : undefined;
  });
  return hit ? field(finishAddress(hit.value), hit.words, { kind: 'labelled' }) : undefined;
}

/** A date after a phrase in a sentence ("valid up to 31/12/2028", "with effect from 12 March 2024"). */
export function proseDate(model: DocumentModel, intros: readonly RegExp[], opts: { second?: boolean; within?: number } = {}): ExtractedField | undefined {
  const hit = proseRead(model, intros, (rest) => {
    const ds = findDates(rest.slice(0, opts.within ?? 40));
    const d = opts.second ? ds[1] : ds[0];
    return d ? { at: d.index, length: d.length, value: d.value } : undefined;
  });
  return hit ? field(hit.value, hit.words, { kind: 'structure', pass: true }) : undefined;
}

/** An identifier after a phrase in a sentence ("Registration No. KA/BNG/SE/2024/012345"). */
export function proseId(model: DocumentModel, intros: readonly RegExp[], shape: RegExp = /^[A-Z0-9][A-Z0-9/\-.]*\d[A-Z0-9/\-.]*/i): ProseHit | undefined {
  return proseRead(model, intros, (rest) => {
    const lead = /^\s*[:.#-]?\s*/.exec(rest)?.[0].length ?? 0;
    const m = shape.exec(rest.slice(lead));
    if (!m) return undefined;
    const value = m[0].replace(/[.,/-]+$/, '');
    return { at: lead, length: value.length, value };
  });
}

/**
 * A validity date by its label: the value's last date when it prints a range ("5 Year(s) from
 * 12/03/2024 to 11/03/2029", "From 01/01/2024 To 31/12/2028"), else its only date.
 */
export function labelledValidUpto(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  // A row of captions over a row of dates ("DATE OF ISSUE  VALID UP TO" over "24 Apr 2024  23 Apr 2028"):
  // the date in the caption's column, not the row's first.
  const lay = model.layout;
  for (const label of labels) {
    const isCaption = captionOf(label);
    for (const cap of lay.segments.filter((x) => !lay.isProseLine(x.line) && isCaption(x.text, 6))) {
      const under = lay.segmentBelow(cap, 4);
      const d = under && lay.rowOf(under).length >= 2 ? validityEnd(under.text) : undefined;
      // (not a column of a table of many rows, a date under each: "Valid upto" over the other premises' own licences)
      if (under && dateColumnGoesOn(model, under.words[0])) continue;
      if (d) return field(d.value, under!.words, { kind: 'structure', pass: true });
    }
  }
  for (const label of labels) {
    let parsed: string | undefined;
    const hit = model.labelValue(label, {
      via: ['same-line', 'right', 'below'],
      find: (text) => {
        const d = validityEnd(text);
        if (!d) return undefined;
        parsed = d.value;
        return d;
      },
    });
    if (hit && parsed && !(hit.via === 'below' && dateColumnGoesOn(model, hit.words[0]))) return field(parsed, hit.words, { kind: 'structure', pass: true });
  }
  return dateAfterLabel(model, labels, 'range') ?? raisedDateBeside(model, labels);
}

/**
 * The end of a validity: the last of two dates a period joins ("22.12.2023 to 21.12.2028"), else the one date; never
 * a date the validity runs from ("ONE YEAR FROM 27/03/2022": its end is printed elsewhere, or not at all).
 */
function validityEnd(text: string): ReturnType<typeof findDates>[number] | undefined {
  const t = monthJ(text);
  const ds = findDates(t);
  if (ds.length >= 2 && /\b(?:to|till|until|upto|up\s*to)\b|\s[-–]\s/i.test(t.slice(ds[0].index + ds[0].length, ds[1].index))) return ds[ds.length - 1];
  if (ds.length === 1 && /\bfrom\s*[:.]?\s*$/i.test(t.slice(0, ds[0].index))) return undefined;
  return ds[0];
}


/** The date's cell has another date under it in its column: a table of many rows, not the document's own date. */
function dateColumnGoesOn(model: DocumentModel, word: Word | undefined): boolean {
  const seg = word ? model.layout.segments.find((x) => x.words.includes(word)) : undefined;
  const next = seg ? model.layout.segmentBelow(seg, 4) : undefined;
  return !!next && findDates(monthJ(next.text)).length > 0;
}

/**
 * A date hand-written above a form's dotted line, right of its caption ("Date of Expiry ....." with "31/12/2022"
 * half a line higher): the caption alone on its line, the date alone on the nearest line to its right, their lines
 * overlapping by a quarter of a line or more (a value beside its caption needs half otherwise).
 */
function raisedDateBeside(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  for (const label of labels) {
    const isCaption = captionOf(label);
    for (const cap of model.lines.filter((l) => isCaption(l.text.replace(/[\s:：.…]+$/, ''), 6))) {
      const right = cap.box.Left + cap.box.Width;
      const overlap = (l: Line) => (Math.min(l.box.Top + l.box.Height, cap.box.Top + cap.box.Height) - Math.max(l.box.Top, cap.box.Top)) / Math.max(1e-9, Math.min(l.box.Height, cap.box.Height));
      const beside = model.lines
        .filter((l) => l.page === cap.page && l !== cap && l.box.Left >= right - 0.01 && l.box.Left - right < 0.2 && overlap(l) >= 0.25)
        .sort((a, b) => a.box.Left - b.box.Left)[0];
      const ds = beside ? findDates(beside.text) : [];
      if (beside && ds.length === 1 && beside.text.replace(/[\s.…]+/g, '').length <= ds[0].length + 2) return field(ds[0].value, model.wordsInRange(beside, ds[0].index, ds[0].index + ds[0].length), { kind: 'structure', pass: true });
    }
  }
  return undefined;
}

/** A month's J read as ")" in bold or blurred type ("25 )ul 2024", ")an"): the J back. */
function monthJ(t: string): string {
  return t.replace(/(?<=\d\s?[-/.]?\s?)\)(?=(?:an|un|ul)\b)/gi, 'J');
}

/**
 * A date anywhere after its label on the label's line, past dotted leaders and OCR specks read as
 * cells of their own ("Valid Upto . itl 2 .. 14-02-2026"): the fallback of the labelled date
 * lookups. `range`: the last date when the line prints "A to B".
 */
export function dateAfterLabel(model: DocumentModel, labels: readonly RegExp[], pick: 'first' | 'range' = 'first'): ExtractedField | undefined {
  for (const label of labels) {
    for (const x of model.findLines(label)) {
      if (model.layout.isProseLine(x.line) && !model.leadsCell(x.line, x.match.index)) continue;
      const from = x.match.index + x.match[0].length;
      const rest = x.line.text.slice(from);
      const ds = findDates(rest);
      if (!ds.length) continue;
      const d = pick === 'range' && ds.length >= 2 && /\b(?:to|till|until|upto)\b|\s[-–]\s/i.test(rest.slice(ds[0].index + ds[0].length, ds[1].index)) ? ds[ds.length - 1] : ds[0];
      return field(d.value, model.wordsInRange(x.line, from + d.index, from + d.index + d.length), { kind: 'structure', pass: true });
    }
  }
  return undefined;
}

/**
 * A date beside a key wrapped over two lines ("DATE OF UDYAM" / "REGISTRATION" beside "11 Dec 2022"):
 * both key lines together must be covered by the label, so a date beside "DATE OF UAM" /
 * "REGISTRATION" is not the Udyam registration's.
 */
export function wrappedKeyDate(model: DocumentModel, labels: readonly RegExp[]): ExtractedField | undefined {
  for (const w of wrappedPairs(model, labels)) {
    const d = findDates(w.value.text)[0];
    if (d) return field(d.value, w.value.words, { kind: 'structure', pass: true });
  }
  return undefined;
}

export const VALID_UPTO_INTROS: readonly RegExp[] = [/\bvalid\s*(?:up\s*to|upto|till|until|through|thru)\b\s*(?:date\s*)?[:\-]?\s*/i, /\b(?:expir(?:es|y|ing)|renewal\s+due)\s*(?:on|date)?\s*[:\-]?\s*/i,
  // "shall be (remain) in force for 5 year(s) from the date of issue, i.e. up to 14th March, 2027"
  /\bin\s+force\b.{0,90}?\b(?:up\s*to|upto|till|until)\b\s*[:\-]?\s*/i,
];
export const VALID_RANGE_INTROS: readonly RegExp[] = [/\bvalid(?:ity)?\s*(?:is\s*|period\s*)?(?:from|w\.?\s?e\.?\s?f\.?)\s*/i];

/** Ceiling for a validity date read after a garbled label ("Valid UPEO -..oeee 31/12/2022"). */
export const GARBLED_LABEL_CAP = 0.7;

/**
 * The last resort for a validity date: "Valid" followed by a word OCR garbled ("UPEO" for "Upto")
 * and a date on the same line, never "valid from" (the start of a range). Kept for review.
 */
export function validityAfterGarbledLabel(model: DocumentModel): ExtractedField | undefined {
  const f = dateAfterLabel(model, [/\bvalid\b(?!\s*(?:from|w\.?\s?e\.?\s?f))(?:\s*\S{1,6})?/i], 'range');
  return f && { ...f, confidence_score: Math.min(f.confidence_score, GARBLED_LABEL_CAP) };
}

/** A renewal endorsement on the page ("RENEWED", "Endorsement of Renewal", "Renewed upto"). */
const RENEWAL = /\brenew(?:ed|al)\b/i;
/** "Upto D" / "Valid till D" / "Renewed up to D": the end of a validity, printed or stamped. */
const UPTO = /\b(?:up\s*to|upto|till|until)\b\s*(?:date\s*)?[:\-.]?\s*/gi;
const dayOf = (d: string) => {
  const [dd, mm, yyyy] = d.split('/').map(Number);
  return yyyy * 10000 + mm * 100 + dd;
};

/**
 * A validity superseded by renewal: on a page carrying renewal endorsements, the latest date printed
 * or stamped after an "upto / till" label, when it is later than `printed` (the validity the form
 * printed when it was issued; each renewal stamp carries the next period's end). Undefined without
 * renewals or when no stamp outlasts the printed date.
 */
export function latestRenewal(model: DocumentModel, printed: ExtractedField | undefined): ExtractedField | undefined {
  if (!model.lines.some((l) => RENEWAL.test(l.text))) return undefined;
  let best: { value: string; words: Word[] } | undefined;
  for (const l of model.lines) {
    for (const m of l.text.matchAll(UPTO)) {
      const from = m.index + m[0].length;
      const d = findDates(l.text.slice(from))[0];
      if (!d || d.index > 2 || d.precision !== 'day') continue;
      if (!best || dayOf(d.value) > dayOf(best.value)) best = { value: d.value, words: model.wordsInRange(l, from + d.index, from + d.index + d.length) };
    }
  }
  const was = typeof printed?.value === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(printed.value) ? dayOf(printed.value) : 0;
  return best && dayOf(best.value) > was ? field(best.value, best.words, { kind: 'structure', pass: true }) : undefined;
}

/** Ceiling for a printed validity on a page stamped "RENEWED" whose stamped date was not read: it may be superseded. */
export const SUPERSEDED_CAP = 0.6;

/**
 * The validity a renewable certificate is good to: the latest renewal stamp's when one outlasts the
 * printed date; the printed date, kept for review (SUPERSEDED_CAP), when the page is stamped
 * "RENEWED" but no stamped date was read (a faint or tilted stamp).
 */
export function renewedValidity(model: DocumentModel, printed: ExtractedField | undefined): ExtractedField | undefined {
  const renewed = latestRenewal(model, printed);
  if (renewed) return renewed;
  const stamped = model.lines.some((l) => /\brenewed\b/i.test(l.text) && !/\bno\s+renewal|\bnot\s+renewed/i.test(l.text));
  return printed && stamped ? { ...printed, confidence_score: Math.min(printed.confidence_score, SUPERSEDED_CAP) } : printed;
}

/**
 * A validity column's header cell in an endorsement table ("Valid Upto", "Validity Upto", "Renewed Till";
 * a municipal trade licence's renewals table heads it "Renewed up to" beside "Renewed from").
 */
export const VALIDITY_COLUMN = /^\s*(?:renewed\s*(?:valid(?:ity)?\s*)?|valid(?:ity)?\s*)(?:up\s*to|upto|till|until)\s*[:.]?\s*$/i;

/**
 * A renewal endorsement table (From | Valid Upto | Fee | Receipt No. …): the validity is the last
 * row's date under the validity column (rows are endorsed in order; the first is the original
 * period, each later row a renewal). Undefined without such a table or a dated row under it.
 */
export function endorsementTableValidity(model: DocumentModel, header: RegExp = VALIDITY_COLUMN): ExtractedField | undefined {
  for (const t of model.layout.tables) {
    const hi = t.rows.findIndex((r) => r.length >= 3 && r.some((c) => header.test(c.text)));
    if (hi < 0) continue;
    const col = t.rows[hi].find((c) => header.test(c.text))!.col;
    let last: { value: string; words: Word[] } | undefined;
    for (const r of t.rows.slice(hi + 1)) {
      const c = r.find((x) => x.col === col);
      const d = c && findDates(c.text)[0];
      if (c && d && d.precision === 'day') last = { value: d.value, words: c.words };
    }
    if (last) return field(last.value, last.words, { kind: 'structure', pass: true });
  }
  return endorsementLinesValidity(model);
}

/**
 * The same table when OCR joined each row into one cell ("01/01/2020 31/12/2022 Rs. 200/- 917567"):
 * the header line names "From" and "Valid Upto"; the date on each following row whose words sit
 * under the "Valid Upto" words is that row's validity; the last such row's is returned.
 */
function endorsementLinesValidity(model: DocumentModel): ExtractedField | undefined {
  for (const x of model.findLines(/\bvalid(?:ity)?\s*(?:up\s*to|upto|till|until)\b/i)) {
    if (!/\bfrom\b/i.test(x.line.text) || !/\b(?:fee|receipt|signature|amount)\b/i.test(x.line.text) || findDates(x.line.text).length) continue;
    const left = Math.min(...x.words.map((w) => w.box.Left));
    const right = Math.max(...x.words.map((w) => w.box.Left + w.box.Width));
    const slack = Math.max((right - left) * 0.5, 0.01);
    let last: { value: string; words: Word[] } | undefined;
    for (const l of model.linesAfter(x.line, 8)) {
      const ds = findDates(l.text);
      if (!ds.length) break;
      // the row's date starting nearest the header's left edge (columns start at a tab stop), if under it
      let near: { value: string; words: Word[]; off: number } | undefined;
      for (const d of ds) {
        const ws = model.wordsInRange(l, d.index, d.index + d.length);
        if (!ws.length) continue;
        const off = Math.abs(Math.min(...ws.map((w) => w.box.Left)) - left);
        if (d.precision === 'day' && off <= slack && (!near || off < near.off)) near = { value: d.value, words: ws, off };
      }
      if (near) last = { value: near.value, words: near.words };
    }
    if (last) return field(last.value, last.words, { kind: 'structure', pass: true });
  }
  return undefined;
}

/**
 * A validity whose label OCR lost: the latest date on the page that ends a whole number of years
 * from another date on it (issued 18-06-2024, valid to 17-06-2026: a registration runs one or more
 * years to an anniversary or a day or two before it). Heuristic: nothing names it.
 */
export function anniversaryValidity(model: DocumentModel): ExtractedField | undefined {
  const dates = model.lines.flatMap((l) => findDates(l.text).filter((d) => d.precision === 'day').map((d) => ({ d, l })));
  const time = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
  const DAY = 86_400_000;
  const ends = dates.filter(({ d }) =>
    dates.some(({ d: from }) => {
      const [y, m, dd] = from.iso.split('-').map(Number);
      return Array.from({ length: 20 }, (_, k) => k + 1).some((n) => {
        const anniversary = Date.UTC(y + n, m - 1, dd);
        const before = (anniversary - time(d.iso)) / DAY;
        return before >= 0 && before <= 2;
      });
    }),
  );
  const last = ends.sort((a, b) => time(b.d.iso) - time(a.d.iso))[0];
  return last ? field(last.d.value, model.wordsInRange(last.l, last.d.index, last.d.index + last.d.length), { kind: 'heuristic' }) : undefined;
}

/**
 * An address no label names (OCR lost its caption): the page's one block ending in a PIN code,
 * from that line up while the lines above carry a comma or a digit (a name above it carries
 * neither). Heuristic. Undefined when two PIN codes compete.
 */
export function onlyPinAddress(model: DocumentModel): { field: ExtractedField; first: Segment } | undefined {
  const lay = model.layout;
  // (a PIN follows a place name: "1800 112 100", a helpline, is none)
  const pins = lay.segments.filter((x) => !lay.isProseLine(x.line) && hasPincode(x.text) && /\p{L}{3}/u.test(x.text));
  if (new Set(pins.map((x) => PIN_IN_TEXT.exec(x.text)?.[0].replace(/\s/g, ''))).size !== 1) return undefined;
  const block = [pins[0]];
  for (let up = lay.segmentAbove(block[0]); up && block.length < 5 && /[,\d]/.test(up.text) && !lay.isProseLine(up.line) && !isLabelText(up.text); up = lay.segmentAbove(up)) block.unshift(up);
  const text = finishAddress(joinAddress(block.map((x) => x.text)));
  if (text.length < 10) return undefined;
  const f = field(text, block.flatMap((x) => x.words), { kind: 'heuristic' });
  // a line of the block broken into cells by OCR ("Khata No. 113, At ‖ Po ‖ Tehsil"): words were lost
  const broken = block.some((b) => lay.segments.some((x) => x !== b && x.line === b.line && /\p{L}{2}/u.test(x.text)));
  return { field: broken ? { ...f, confidence_score: Math.min(f.confidence_score, SPLIT_CELL_CAP) } : f, first: block[0] };
}

/** The holder's name printed right above its address (its caption lost): a short line of words, no digits, no label. Heuristic. */
export function nameAboveAddress(model: DocumentModel, first: Segment): ExtractedField | undefined {
  // (the caption lost between them leaves a gap of a line or two)
  const h = Math.max(first.box.Height, 0.004);
  const up = model.layout.segments
    .filter((x) => x.page === first.page && x.box.Top < first.box.Top - h * 0.5 && first.box.Top - (x.box.Top + x.box.Height) <= h * 3.5 && Math.abs(x.box.Left - first.box.Left) <= h * 1.5)
    .sort((a, b) => b.box.Top - a.box.Top)[0];
  if (!up || /\d/.test(up.text) || isLabelText(up.text) || model.layout.isProseLine(up.line)) return undefined;
  const words = up.text.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 6 ? field(cleanBusinessName(up.text), up.words, { kind: 'heuristic' }) : undefined;
}

/** "valid up to D", else the second date of "valid from A to B". */
export function proseValidUpto(model: DocumentModel): ExtractedField | undefined {
  return proseDate(model, VALID_UPTO_INTROS) ?? proseDate(model, VALID_RANGE_INTROS, { second: true, within: 60 });
}

// ---------------------------------------------------------------------------------------------
// Addressee blocks and "Name & Address" cells

export interface Party {
  name: ExtractedField;
  address?: ExtractedField;
}

const TO_LINE = /^\s*to\s*[,:]?\s*$/i;
const SALUTATION = /^\s*(?:the\s+)?(?:consumer|customer|proprietor|manager|account\s*holder|occupier|owner)\b.{0,20}$/i;
const CARE_OF = /^\s*(?:[SDWC]\s*[/\\|]\s*[O0o]|care\s*of|c\/o)\b/i;

function addressUnder(model: DocumentModel, nameSeg: Segment, stop?: RegExp): ExtractedField | undefined {
  let first = model.layout.segmentBelow(nameSeg, 1.8);
  if (first && CARE_OF.test(first.text)) first = model.layout.segmentBelow(first, 1.8);
  if (!first || (stop ?? DEFAULT_ADDRESS_STOP).test(first.text) || model.layout.isKey(first)) return undefined;
  const b = columnBlock(model, first, { address: true, stop, maxLines: 5 });
  const text = finishAddress(b.text);
  return text.length >= 8 && hasPincode(text) ? field(text, b.words, { kind: 'labelled' }) : undefined;
}

/** Words of an address, never of a person's name. */
const ADDRESS_WORD = /\b(?:no|shop|flat|plot|door|house|h\.?\s?no|road|street|lane|nagar|floor|building|complex|sector|block|near|opp)\b/i;

function nameLike(s: string): boolean {
  const t = stripHonorific(s);
  return /^[\p{L}][\p{L}.' ]{2,60}$/u.test(t) && t.split(/\s+/).length <= 6 && t.split(/\s+/).length >= 2 && !ADDRESS_WORD.test(t);
}

/**
 * The party a letter-style bill or statement is addressed to: the lines after "To," (a salutation
 * such as "The Consumer" skipped), or a name with an honorific in the upper left of page 1 with its
 * address under it. The name is confirmed by the address block under it ending in a PIN code.
 */
export function addressee(model: DocumentModel, opts: { stop?: RegExp } = {}): Party | undefined {
  const lay = model.layout;
  const firstPage = model.lines[0]?.page;
  const candidates: Segment[] = [];
  for (const s of lay.segments) {
    if (s.page !== firstPage) continue;
    if (TO_LINE.test(s.text)) {
      let n = lay.segmentBelow(s, 1.8);
      if (n && SALUTATION.test(n.text)) n = lay.segmentBelow(n, 1.8);
      if (n) candidates.push(n);
    }
  }
  for (const s of lay.segments) {
    if (s.page === firstPage && s.box.Top < 0.45 && s.box.Left < 0.5 && hasHonorific(s.text) && !lay.isProseLine(s.line)) candidates.push(s);
  }
  for (const c of candidates) {
    if (!nameLike(c.text)) continue;
    const address = addressUnder(model, c, opts.stop);
    if (!address) continue;
    return { name: field(cleanPartyName(c.text), c.words, { kind: 'labelled' }), address };
  }
  // No address under any of them could be read (a poor photo): the titled name alone, by position.
  const titled = candidates.find((c) => nameLike(c.text) && hasHonorific(c.text));
  return titled ? { name: field(cleanPartyName(titled.text), titled.words, { kind: 'heuristic' }) } : undefined;
}

/** A "Name & Address" value: the name (first line, or before the first comma) and the address after it. */
export function nameAndAddress(model: DocumentModel, labels: readonly RegExp[], stop?: RegExp): Party | undefined {
  const pairs: { value: Segment; first: string; firstWords: Word[] }[] = [];
  for (const p of findPairs(model, labels)) {
    if (p.valueSegment) pairs.push({ value: p.valueSegment, first: p.via === 'colon' ? p.value : p.valueSegment.text, firstWords: p.via === 'colon' ? p.valueWords : p.valueSegment.words });
  }
  for (const w of wrappedPairs(model, labels)) pairs.push({ value: w.value, first: w.value.text, firstWords: w.value.words });
  for (const p of pairs) {
    const b = columnBlock(model, p.value, { address: true, stop, firstText: p.first, firstWords: p.firstWords, maxLines: 6 });
    const firstLine = tidy(p.first);
    let name: string;
    let rest: string;
    if (nameLike(firstLine.replace(/,$/, ''))) {
      name = firstLine.replace(/,$/, '');
      rest = b.text.slice(b.text.indexOf(firstLine) + firstLine.length);
    } else {
      const comma = firstLine.indexOf(',');
      if (comma < 0) continue;
      name = firstLine.slice(0, comma);
      rest = b.text.slice(b.text.indexOf(firstLine) + comma + 1);
    }
    if (!nameLike(name)) continue;
    const nameWords = p.firstWords.filter((w) => name.includes(w.text.replace(/,$/, '')));
    const addrText = finishAddress(rest);
    const addrWords = b.words.filter((w) => !nameWords.includes(w));
    return { name: field(cleanPartyName(name), nameWords, { kind: 'labelled', via: 'pair' }), address: addrText.length >= 8 ? field(addrText, addrWords, { kind: 'labelled', via: 'pair' }) : undefined };
  }
  return undefined;
}

/** An address whose first part is the party's name (a block that repeats the addressee): the name dropped. */
export function withoutLeadingName(address: ExtractedField | undefined, name?: string): ExtractedField | undefined {
  if (!address || typeof address.value !== 'string') return address;
  const parts = address.value.split(/,\s*/);
  if (parts.length < 3) return address;
  const head = parts[0];
  const isName = (name && cleanPartyName(head).toLowerCase() === name.toLowerCase()) || (hasHonorific(head) && nameLike(head));
  if (isName) return { ...address, value: parts.slice(1).join(', ') };
  // "Mrs. Geeta Pandey 198/33, Ashirwad Building, …": the name ran into the first address line.
  const m = /^((?:[\p{L}.']+\s+){1,6}?)(?=\S*\d)/u.exec(head);
  if (m && (hasHonorific(m[1]) || (name && cleanPartyName(m[1]).toLowerCase() === name.toLowerCase())) && nameLike(m[1].trim())) {
    return { ...address, value: [head.slice(m[0].length), ...parts.slice(1)].join(', ') };
  }
  return address;
}

// ---------------------------------------------------------------------------------------------
// Agreement between two readings

/** Ceiling for a value a second, independent reading of the page contradicts. */
export const DISAGREED_CAP = 0.6;

const norm = (v: unknown) => String(v ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * A value checked against a second reading of the same fact elsewhere on the page (the labelled
 * holder against the addressee, a labelled name against the one in the certificate's sentence):
 * the same text (or one containing the other) confirms it, and the pair keeps the higher score; a
 * different text contradicts it, and it is capped at DISAGREED_CAP for review.
 */
export function checkedAgainst(value: ExtractedField | undefined, second: ExtractedField | undefined): ExtractedField | undefined {
  if (!value) return second;
  if (!second || !norm(second.value) || !norm(value.value)) return value;
  const a = norm(value.value);
  const b = norm(second.value);
  if (a === b || (a.length >= 8 && b.length >= 8 && (a.includes(b) || b.includes(a)))) {
    return { ...value, confidence_score: Math.max(value.confidence_score, Math.min(second.confidence_score, 0.97)) };
  }
  return { ...value, confidence_score: Math.min(value.confidence_score, DISAGREED_CAP) };
}

// ---------------------------------------------------------------------------------------------
// Values printed over their captions

/** The cell of the nearest row above (or below) a caption, in its column (left edges within a few characters), a row's spacing away at most. */
export function cellBeside(model: DocumentModel, cap: Segment, dir: -1 | 1): Segment | undefined {
  const lay = model.layout;
  const h = Math.max(cap.box.Height, 0.004);
  const ri = lay.rows.findIndex((r) => r.includes(cap));
  for (let rj = ri + dir; rj >= 0 && rj < lay.rows.length; rj += dir) {
    const row = lay.rows[rj];
    // (small captions sit a few of their own heights from their values: the reach is at least 3% of the page)
    if (row[0].page !== cap.page || Math.abs(row[0].box.Top - cap.box.Top) > Math.max(h * 4, 0.03)) return undefined;
    const s = row.find((x) => Math.abs(x.box.Left - cap.box.Left) < h * 1.5);
    if (s) return s;
  }
  return undefined;
}

// ("Date of issue of Certificate", "Period of Validity - From" on REG-06)
const DATE_CAPTION = /^(?:date\s*of\s*\w+(?:\s*of\s*\w+)?|\w+\s*date|(?:period\s*of\s*)?valid(?:ity)?\s*[-–]?\s*(?:up\s*to|upto|till|until|from|to)|expiry|issued\s*on)$/i;
const NUMBER_CAPTION = /^(?:(?:[\p{L}.]+\s*){1,3}(?:no|number)\.?|gstin(?:\s*\/\s*uin)?)$/iu;
const onlyDate = (s: Segment | undefined) => {
  // (a date cell the form fills with "Not Applicable": a regular taxpayer's "Period of Validity - To")
  if (s && /^\s*(?:not\s*applicable|n\.\s*a\.?)\s*$/i.test(s.text)) return true;
  const d = s && findDates(s.text);
  return !!s && d?.length === 1 && (s.text.slice(0, d[0].index) + s.text.slice(d[0].index + d[0].length)).replace(/\s/g, '').length <= 1;
};
const onlyNumber = (s: Segment | undefined) => !!s && /^[A-Z0-9/\-.\s]*\d{4}[A-Z0-9/\-.\s]*$/i.test(s.text.trim());

/**
 * A form filled over its captions (a state licence printing "Kanchan Foods" over "Name & Style of
 * Business", the dates over "Date of Issue | Valid Upto"): the captions whose value has a shape (a
 * date, a number) find it in the row above them and not in the row below, two or more of them, and
 * none the other way round. Rows are evenly spaced on such forms, so only the shapes tell which way
 * a caption reads.
 */
/** The English half of a bilingual caption ("Javak kr. / Order No.", "Adesh dinank / Order Date"): the words after its last slash. */
function englishHalf(t: string): string | undefined {
  return /\s\/\s*([^/]*\p{L}[^/]*)$/u.exec(t)?.[1].trim();
}

export function captionsUnderValues(model: DocumentModel): boolean {
  const lay = model.layout;
  let under = 0;
  let over = 0;
  for (const cap of lay.segments) {
    const t = cap.text.replace(/[\s:：.\-–]+$/, '').trim();
    if (/\d/.test(t) || lay.isProseLine(cap.line)) continue;
    const shapeOf = (c: string) => (DATE_CAPTION.test(c) ? onlyDate : NUMBER_CAPTION.test(c) ? onlyNumber : undefined);
    const half = englishHalf(t);
    const shape = shapeOf(t) ?? (half ? shapeOf(half) : undefined);
    if (!shape) continue;
    const [above, below] = [shape(cellBeside(model, cap, -1)), shape(cellBeside(model, cap, 1))];
    if (above && !below) under++;
    else if (below && !above) over++;
  }
  return under >= 2 && over === 0;
}

/**
 * The value over a caption the label covers, on a form filled over its captions: the cells above it
 * in its column, up to the previous caption (the row above a caption's value is the caption before).
 */
export function valueOverCaption(
  model: DocumentModel,
  labels: readonly RegExp[],
  allLabels: readonly RegExp[],
  opts: { lines?: number; avoid?: RegExp; part?: (text: string) => boolean; join?: string; spill?: boolean } = {},
): ExtractedField | undefined {
  const lay = model.layout;
  for (const label of labels) {
    for (const cap of lay.segments) {
      const t = cap.text.replace(/\s*\([^)]*\)\s*/g, ' ').replace(/[\s:：.\-–]+$/, '').trim();
      const half = englishHalf(t);
      if (/\d/.test(t) || lay.isProseLine(cap.line) || !(covers(label, t) || (half && covers(label, half))) || (opts.avoid && opts.avoid.test(cap.text))) continue;
      const cells: Segment[][] = [];
      // (the previous caption closes a wrapped value: the line over its first line is never a caption)
      for (let at: Segment | undefined = cap; cells.length < (opts.lines ?? 1); ) {
        at = cellBeside(model, at, -1);
        if (!at || isLabelText(at.text, allLabels) || (cells.length > 0 && looksLikeCaption(at.text)) || (opts.part && !opts.part(at.text))) break;
        cells.unshift([at, ...(opts.spill ? spilled(model, at) : [])]);
      }
      if (cells.length) {
        const text = cells.map((c) => c.map((x) => x.text).reduce((a, b) => (/\p{L}$/u.test(a) && /^\p{Ll}/u.test(b) ? a + b : `${a} ${b}`)));
        return field(text.join(opts.join ?? ', '), cells.flat().flatMap((c) => c.words), { kind: 'labelled', via: 'pair' });
      }
    }
  }
  return undefined;
}

/**
 * A full-width value box's line that ran past a column gap (an address over the whole box, read as two
 * cells: "…, T. Nagar, Ti" | "ruchirappalli, Tamil Nadu - 620829"): the cells right of it on its row
 * with no caption under them. A cell over a caption of its own is the next box's value.
 */
function spilled(model: DocumentModel, cell: Segment): Segment[] {
  const lay = model.layout;
  const row = lay.rows.find((r) => r.includes(cell)) ?? [];
  // (the captions' row is the one under the cell's own column)
  const under = cellBeside(model, cell, 1);
  const captions = under ? (lay.rows.find((r) => r.includes(under)) ?? []) : [];
  const out: Segment[] = [];
  for (const s of row.filter((x) => x.box.Left > cell.box.Left).sort((a, b) => a.box.Left - b.box.Left)) {
    if (!under || captions.some((c) => c !== under && c.box.Left + c.box.Width > s.box.Left && c.box.Left < s.box.Left + s.box.Width)) break;
    out.push(s);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Keys cut by the scan's edge

/**
 * The value beside a key whose start the page's left edge cut off ("jal Name" for "Legal Name", "de
 * Name, if any" for "Trade Name, if any" on a REG-06 scanned askew), for forms whose captions are
 * fixed by statute: the key's cell starts at the edge, its whole words are the caption's last words,
 * and its cut first word ends the caption's word before them (one letter may be misread). The
 * caption must be the only one of the form's captions the key fits.
 */
export function edgeCutValue(model: DocumentModel, caption: string, captions: readonly string[]): Segment | undefined {
  // (or cut between words: "Name, if any" for "Trade Name, if any")
  const lay = model.layout;
  const fits = (key: string, cap: string) => {
    const k = key.toLowerCase().replace(/[\s:：.\-–]+$/, '').split(/\s+/);
    const c = cap.toLowerCase().split(/\s+/);
    if (k.length > c.length) return false;
    // cut between words ("Name, if any" for "Trade Name, if any"): the caption's last words
    if (k.length < c.length && k.join(' ') === c.slice(c.length - k.length).join(' ')) return true;
    if (k.length < 2 || k[0].length < 2) return false;
    const whole = k.slice(1).join(' ') === c.slice(c.length - k.length + 1).join(' ');
    const word = c[c.length - k.length];
    const cut = word.slice(-k[0].length);
    return whole && k[0].length < word.length && withinOneEdit(k[0], cut) && k[0].slice(-1) === cut.slice(-1);
  };
  for (const row of lay.rows) {
    const key = row[0];
    if (key.box.Left > 0.01 || row.length < 2 || !fits(key.text, caption) || captions.some((c) => c !== caption && fits(key.text, c))) continue;
    return row[1];
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Names wrapped in their value cell

/**
 * A firm's name beside its caption, wrapped in a narrow value cell ("SHREE SIDDHIVINAYAK" /
 * "CHARMINAR FILTER COFFEE" / "WORKS PRIVATE LIMITED"): the lines right under the value, starting
 * at its left edge, with nothing in the captions' column left of them, no digits and no caption,
 * joined by a space (up to two more lines).
 */
export function continuedDown(model: DocumentModel, f: ExtractedField | undefined, allLabels: readonly RegExp[] = []): ExtractedField | undefined {
  if (!f || typeof f.value !== 'string' || f.value.length < 3) return f;
  const lay = model.layout;
  const value = f.value.toLowerCase();
  let seg = lay.segments.find((s) => tidy(s.text).toLowerCase().endsWith(value));
  // (only a value sitting beside its caption: the caption's column is left of it)
  if (!seg || !lay.rowOf(seg).some((s) => s.box.Left + s.box.Width < seg!.box.Left)) return f;
  const left = seg.box.Left;
  const h = Math.max(seg.box.Height, 0.004);
  const more: Segment[] = [];
  for (let n = 0; n < 2; n++) {
    const cur: Segment = seg;
    const next = lay.segments
      .filter((s) => s.page === cur.page && s.box.Top > cur.box.Top + h * 0.5 && s.box.Top - (cur.box.Top + cur.box.Height) <= h * 1.3 && Math.abs(s.box.Left - left) <= h * 1.5)
      .sort((a, b) => a.box.Top - b.box.Top)[0];
    if (!next || /\d/.test(next.text) || lay.isProseLine(next.line) || isLabelText(next.text, allLabels) || looksLikeCaption(next.text)) break;
    if (lay.rowOf(next).some((s) => s.box.Left + s.box.Width < left)) break;
    more.push(next);
    seg = next;
  }
  if (!more.length) return f;
  return { ...f, value: [f.value, ...more.map((s) => tidy(s.text))].join(' ') };
}
