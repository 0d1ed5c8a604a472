/**
 * Validators and normalisers for Indian identifiers, dates, amounts and phone numbers, plus
 * look-alike repair (O/0, I/1/l, S/5, B/8, Z/2, J/I) applied by character position and kept only
 * when the identifier's check (checksum or positional structure) confirms it.
 *
 * Dates are normalised to DD/MM/YYYY (see docs/document-fields.md); a year alone stays "YYYY".
 */

// ---------------------------------------------------------------------------------------------
// Checksums
// ---------------------------------------------------------------------------------------------

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when the digit string (check digit last) passes Verhoeff. */
export function verhoeffValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let c = 0;
  const rev = [...digits].reverse();
  for (let i = 0; i < rev.length; i++) c = VERHOEFF_D[c][VERHOEFF_P[i % 8][Number(rev[i])]];
  return c === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): string {
  let c = 0;
  const rev = [...digits].reverse();
  for (let i = 0; i < rev.length; i++) c = VERHOEFF_D[c][VERHOEFF_P[(i + 1) % 8][Number(rev[i])]];
  return String(VERHOEFF_INV[c]);
}

/** True when the digit string (check digit last) passes Luhn. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  const rev = [...digits].reverse();
  for (let i = 0; i < rev.length; i++) {
    let d = Number(rev[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GSTIN check character over the first 14 characters (mod 36, factors 1,2,1,2...). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const v = BASE36.indexOf(first14[i]);
    if (v < 0) return '';
    const p = v * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(p / 36) + (p % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36];
}

// ---------------------------------------------------------------------------------------------
// Identifier checks (clean input, no repair)
// ---------------------------------------------------------------------------------------------

/** 12 digits, first digit 2-9, Verhoeff check digit. Spaces/hyphens are ignored. */
export function isValidAadhaar(input: string): boolean {
  const d = input.replace(/[\s-]/g, '');
  return /^[2-9]\d{11}$/.test(d) && verhoeffValid(d);
}

/** 4th character of a PAN: the holder type. */
export const PAN_HOLDER_TYPES: Record<string, string> = {
  P: 'Individual',
  C: 'Company',
  H: 'Hindu Undivided Family',
  F: 'Firm',
  A: 'Association of Persons',
  T: 'Trust',
  B: 'Body of Individuals',
  L: 'Local Authority',
  J: 'Artificial Juridical Person',
  G: 'Government',
};

const PAN_RE = /^[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z]$/;

export function isValidPan(pan: string): boolean {
  return PAN_RE.test(pan);
}

export interface PanCheck {
  valid: boolean;
  holderType?: string;
  /** For individuals (P) when a name is given: does the 5th letter match the surname initial? */
  surnameInitialMatches?: boolean;
}

/**
 * PAN structure, holder type, and (optional, individuals only) whether the 5th letter is the
 * initial of the surname (the last word of the name as printed on the card).
 */
export function checkPan(pan: string, opts: { name?: string } = {}): PanCheck {
  if (!isValidPan(pan)) return { valid: false };
  const out: PanCheck = { valid: true, holderType: PAN_HOLDER_TYPES[pan[3]] };
  const words = (opts.name ?? '').toUpperCase().match(/[A-Z]+/g);
  if (pan[3] === 'P' && words?.length) out.surnameInitialMatches = words[words.length - 1][0] === pan[4];
  return out;
}

const GSTIN_RE = /^\d{2}[A-Z]{3}[PCHFATBLJG][A-Z]\d{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;

/** State/UT codes in use (01-38), plus 97 (other territory) and 99 (centre jurisdiction). */
export function isValidGstStateCode(code: string): boolean {
  const n = Number(code);
  return /^\d{2}$/.test(code) && ((n >= 1 && n <= 38) || n === 97 || n === 99);
}

/** 15 characters: state code, the holder's PAN, entity number, 'Z' (by default), check char. */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_RE.test(gstin) && isValidGstStateCode(gstin.slice(0, 2)) && gstinCheckChar(gstin.slice(0, 14)) === gstin[14];
}

/** The PAN embedded in a GSTIN (characters 3-12). */
export function panOfGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

export function isValidImei(imei: string): boolean {
  const d = imei.replace(/[\s-]/g, '');
  return /^\d{15}$/.test(d) && luhnValid(d);
}

const IFSC_RE = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export function isValidIfsc(ifsc: string): boolean {
  return IFSC_RE.test(ifsc);
}

const UDYAM_RE = /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/;
export function isValidUdyam(n: string): boolean {
  return UDYAM_RE.test(n);
}

// ---------------------------------------------------------------------------------------------
// Look-alike repair
// ---------------------------------------------------------------------------------------------

/** L = letter A-Z, D = digit, A = either. */
export type CharClass = 'L' | 'D' | 'A';

/** What a letter-shaped glyph most likely was where a digit must stand. */
const AS_DIGIT: Record<string, string> = {
  O: '0', o: '0', Q: '0', D: '0', U: '0',
  I: '1', i: '1', l: '1', '|': '1', J: '1', ']': '1', '[': '1', '!': '1', '/': '1',
  S: '5', s: '5', B: '8', Z: '2', z: '2', G: '6', b: '6', q: '9', g: '9',
};
/** What a digit-shaped glyph most likely was where a letter must stand. */
const AS_LETTER: Record<string, string> = {
  '0': 'O', '1': 'I', '5': 'S', '8': 'B', '2': 'Z', '6': 'G', '4': 'A', '7': 'T',
  l: 'I', '|': 'I', ']': 'J', ')': 'J', '[': 'I', '!': 'I', $: 'S', '/': 'I',
};
/** Letters OCR confuses with each other: an unforced alternative, tried only under a checksum. */
const LETTER_SWAP: Record<string, string> = { I: 'J', J: 'I' };

interface Option {
  ch: string;
  cost: number;
  forced: boolean;
}

function optionsFor(ch: string, cls: CharClass): Option[] {
  const up = ch.toUpperCase();
  const isDigit = /\d/.test(ch);
  const isLetter = /[A-Za-z]/.test(ch) && ch !== 'l';
  if (cls === 'D') {
    if (isDigit) return [{ ch, cost: 0, forced: false }];
    const d = AS_DIGIT[ch] ?? AS_DIGIT[up];
    return d ? [{ ch: d, cost: 1, forced: true }] : [];
  }
  if (cls === 'L') {
    if (isLetter) {
      const opts = [{ ch: up, cost: 0, forced: false }];
      if (LETTER_SWAP[up]) opts.push({ ch: LETTER_SWAP[up], cost: 1, forced: false });
      return opts;
    }
    const l = AS_LETTER[ch];
    return l ? [{ ch: l, cost: 1, forced: true }] : [];
  }
  // alphanumeric position: keep what was read, and try the look-alike on the other side
  if (isDigit) {
    const opts = [{ ch, cost: 0, forced: false }];
    if (AS_LETTER[ch]) opts.push({ ch: AS_LETTER[ch], cost: 1, forced: false });
    return opts;
  }
  if (isLetter) {
    const opts = [{ ch: up, cost: 0, forced: false }];
    if (AS_DIGIT[up]) opts.push({ ch: AS_DIGIT[up], cost: 1, forced: false });
    if (LETTER_SWAP[up]) opts.push({ ch: LETTER_SWAP[up], cost: 1, forced: false });
    return opts;
  }
  const l = AS_LETTER[ch] ?? AS_DIGIT[ch];
  return l ? [{ ch: l, cost: 1, forced: true }] : [];
}

/** The outcome of reading an identifier from OCR text. */
export interface IdRead {
  /** Normalised value (repaired when a repair was confirmed). */
  value: string;
  /** Passed its check (checksum, or structure where there is no checksum). */
  valid: boolean;
  /** Characters changed by look-alike repair (0 for a clean read). */
  repairs: number;
  /** What confirmed (or refuted) the value. */
  check: 'checksum' | 'structure';
}

/**
 * Repair look-alike characters by position. Characters that cannot stand where they are (a
 * letter in a digit slot) are mapped to their look-alike ("forced"); characters that could be
 * either (alphanumeric slots, I/J) get alternatives tried only up to `maxOptional` changes.
 * Candidates are tried cheapest first; the first one `accept` confirms wins. With no confirmed
 * candidate, the forced-only reading is returned with valid = false.
 */
export function repairLookAlikes(
  raw: string,
  classes: CharClass[],
  accept: (candidate: string) => boolean,
  maxOptional = 1,
): { value: string; valid: boolean; repairs: number } {
  const chars = [...raw];
  if (chars.length !== classes.length) return { value: raw.toUpperCase(), valid: false, repairs: 0 };
  const options = chars.map((c, i) => optionsFor(c, classes[i]));
  if (options.some((o) => o.length === 0)) return { value: raw.toUpperCase(), valid: false, repairs: 0 };

  const base = options.map((o) => o[0]);
  const baseValue = base.map((o) => o.ch).join('');
  const baseCost = base.reduce((s, o) => s + o.cost, 0);
  if (accept(baseValue)) return { value: baseValue, valid: true, repairs: baseCost };

  // Alternatives: change up to maxOptional positions to a non-first option, cheapest first.
  const alts: { i: number; o: Option }[] = [];
  options.forEach((opts, i) => opts.slice(1).forEach((o) => alts.push({ i, o })));
  let frontier: { picks: { i: number; o: Option }[]; start: number }[] = [{ picks: [], start: 0 }];
  for (let depth = 1; depth <= maxOptional; depth++) {
    const next: typeof frontier = [];
    for (const f of frontier) {
      for (let k = f.start; k < alts.length; k++) {
        if (f.picks.some((p) => p.i === alts[k].i)) continue;
        const picks = [...f.picks, alts[k]];
        const cand = [...base];
        for (const p of picks) cand[p.i] = p.o;
        const value = cand.map((o) => o.ch).join('');
        if (accept(value)) return { value, valid: true, repairs: cand.reduce((s, o) => s + o.cost, 0) };
        next.push({ picks, start: k + 1 });
      }
    }
    frontier = next;
  }
  return { value: baseValue, valid: false, repairs: baseCost };
}

const cls = (pattern: string): CharClass[] => [...pattern] as CharClass[];
const PAN_CLASSES = cls('LLLLLDDDDL');
const GSTIN_CLASSES = cls('DDLLLLLDDDDLAAA');
const DIGITS = (n: number) => cls('D'.repeat(n));
const IFSC_CLASSES = cls('LLLLDAAAAAA');

function compact(raw: string): string {
  return raw.replace(/[\s\-.]/g, '');
}

/** Read an Aadhaar number (12 digits, spaces allowed); Verhoeff confirms repairs. */
export function readAadhaar(raw: string): IdRead {
  const r = repairLookAlikes(compact(raw), DIGITS(12), isValidAadhaar, 0);
  return { ...r, check: 'checksum' };
}

/** Read a PAN; positional structure (no public checksum) confirms repairs, no optional swaps. */
export function readPan(raw: string): IdRead {
  const r = repairLookAlikes(compact(raw), PAN_CLASSES, isValidPan, 0);
  return { ...r, check: 'structure' };
}

/** Read a GSTIN; the mod-36 check character confirms repairs. */
export function readGstin(raw: string): IdRead {
  const r = repairLookAlikes(compact(raw), GSTIN_CLASSES, isValidGstin, 1);
  return { ...r, check: 'checksum' };
}

/** Read an IMEI (15 digits); Luhn confirms repairs. */
export function readImei(raw: string): IdRead {
  const r = repairLookAlikes(compact(raw), DIGITS(15), isValidImei, 0);
  return { ...r, check: 'checksum' };
}

/** Read an IFSC (4 letters, '0', 6 alphanumerics); structure only. */
export function readIfsc(raw: string): IdRead {
  const r = repairLookAlikes(compact(raw), IFSC_CLASSES, isValidIfsc, 0);
  return { ...r, check: 'structure' };
}

// ---------------------------------------------------------------------------------------------
// Dates: normalised to DD/MM/YYYY
// ---------------------------------------------------------------------------------------------

export interface ParsedDate {
  /** "DD/MM/YYYY", or "YYYY" when only a year is known. */
  value: string;
  /** ISO form: "YYYY-MM-DD" or "YYYY". */
  iso: string;
  precision: 'day' | 'year';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_WORD = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Two-digit years: 00-49 -> 20xx, 50-99 -> 19xx. */
function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? (n < 50 ? 2000 + n : 1900 + n) : n;
}

function makeDate(d: number, m: number, y: number): ParsedDate | null {
  if (y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1) return null;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  if (d > days[m - 1]) return null;
  return { value: `${pad(d)}/${pad(m)}/${y}`, iso: `${y}-${pad(m)}-${pad(d)}`, precision: 'day' };
}

const DATE_PATTERNS: { re: RegExp; build: (m: RegExpExecArray) => ParsedDate | null }[] = [
  // yyyy-mm-dd (before d/m/y so "2024-03-12" is not read as 20/24...)
  { re: /(?<!\d)(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?!\d)/g, build: (m) => makeDate(+m[3], +m[2], +m[1]) },
  // dd/mm/yyyy, dd-mm-yyyy, dd.mm.yyyy (and 2-digit years)
  { re: /(?<!\d)(\d{1,2})\s?[-/.]\s?(\d{1,2})\s?[-/.]\s?(\d{4}|\d{2})(?!\d)/g, build: (m) => makeDate(+m[1], +m[2], fullYear(m[3])) },
  // d Mon yyyy, 12-Mar-2024, 5th March, 2024
  {
    re: new RegExp(`(?<!\\d)(\\d{1,2})(?:st|nd|rd|th)?[\\s\\-/.,]*${MONTH_WORD}[\\s\\-/.,]*(\\d{4}|\\d{2})(?!\\d)`, 'gi'),
    build: (m) => makeDate(+m[1], MONTHS.indexOf(m[2].slice(0, 3).toLowerCase()) + 1, fullYear(m[3])),
  },
  // Mon d, yyyy
  {
    re: new RegExp(`\\b${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})(?!\\d)`, 'gi'),
    build: (m) => makeDate(+m[2], MONTHS.indexOf(m[1].slice(0, 3).toLowerCase()) + 1, +m[3]),
  },
  // Year of Birth: 1990 (Aadhaar cards of people without a recorded birth date)
  {
    re: /(?:year\s*of\s*birth|\bYOB|जन्म\s*वर्ष)[^\d]{0,20}((?:19|20)\d{2})(?!\d)/gi,
    build: (m) => ({ value: m[1], iso: m[1], precision: 'year' }),
  },
];

export interface DateHit extends ParsedDate {
  index: number;
  length: number;
}

/** All dates in a text, in order of position (overlapping readings: first pattern wins). */
export function findDates(text: string): DateHit[] {
  const hits: DateHit[] = [];
  for (const { re: pattern, build } of DATE_PATTERNS) {
    // A reading that is not a date ("#18- 21/03" of "#18- 21/03/2018") must not swallow the
    // real one: after a failed reading, search again from the next character.
    const re = new RegExp(pattern.source, pattern.flags);
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const d = build(m);
      if (!d) {
        re.lastIndex = m.index + 1;
        continue;
      }
      const index = m.index;
      const end = index + m[0].length;
      if (hits.some((h) => index < h.index + h.length && end > h.index)) continue;
      hits.push({ ...d, index, length: m[0].length });
    }
  }
  return hits.sort((a, b) => a.index - b.index);
}

/** The first date in the text, normalised to DD/MM/YYYY (or YYYY). */
export function parseDate(text: string): ParsedDate | null {
  const h = findDates(text)[0];
  return h ? { value: h.value, iso: h.iso, precision: h.precision } : null;
}

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

export interface AmountHit {
  value: number;
  index: number;
  length: number;
  /** Written with a currency mark (Rs, INR, ₹) or the "/-" suffix. */
  currency: boolean;
  /** Written with paise (".00"). */
  decimals: boolean;
}

// (OCR may read the grouping commas as dots, the paise's dot kept last: "2.367.00" for "2,367.00")
const AMOUNT_RE = /(?:(rs\.?|inr|₹|r5\.?)\s*:?\s*|(?<![\d.,]))(\d{1,3}(?:,\d{2,3})+|\d{1,3}(?:\.\d{2,3})+(?=\.\d{2}(?!\d))|\d+)(?:\.(\d{1,2}))?(?![\d,]*\d)(\s*\/-)?/gi;

/** Every amount in a text ("Rs. 1,23,456.00", "₹ 45,999/-", "INR 12000"). */
export function findAmounts(text: string): AmountHit[] {
  const out: AmountHit[] = [];
  // (a date's day, month or year is no amount: "Total Amount Payable by 10-MAR-2025  ₹ 6,903.00")
  const dates = findDates(text).filter((d) => d.precision === 'day');
  const inDate = (at: number, len: number) => dates.some((d) => at >= d.index && at + len <= d.index + d.length);
  for (const m of text.matchAll(AMOUNT_RE)) {
    if (!m[1] && inDate(m.index, m[0].length)) continue;
    // "₹41,899.00" read as "341,899.00": a 3-digit head before one 3-digit group is not Indian
    // grouping (that would be "3,41,899.00"); a leading 2 or 3 there is the rupee sign.
    const glued = !m[1] && /^[23]\d{2},\d{3}$/.test(m[2]);
    const intPart = (glued ? m[2].slice(1) : m[2]).replace(/[,.]/g, '');
    const value = Number(intPart + (m[3] ? '.' + m[3] : ''));
    if (!Number.isFinite(value)) continue;
    out.push({ value, index: m.index + (glued ? 1 : 0), length: m[0].length - (glued ? 1 : 0), currency: !!m[1] || !!m[4] || glued, decimals: !!m[3] });
  }
  return out;
}

/** The amount in a text: the first one written with a currency mark, else the first number. */
export function parseAmount(text: string): number | null {
  const hits = findAmounts(text);
  return (hits.find((h) => h.currency) ?? hits[0])?.value ?? null;
}

// ---------------------------------------------------------------------------------------------
// Phone numbers
// ---------------------------------------------------------------------------------------------

/** An Indian mobile number as 10 digits starting 6-9 (+91, 91, 0 prefixes and spaces removed). */
export function normaliseMobile(text: string): string | null {
  let d = text.replace(/[^\d]/g, '');
  if (d.length === 12 && d.startsWith('91')) d = d.slice(2);
  else if (d.length === 11 && d.startsWith('0')) d = d.slice(1);
  return /^[6-9]\d{9}$/.test(d) ? d : null;
}

const MOBILE_RE = /(?<![\d])(?:\+?\s?91[\s-]*|0)?[6-9](?:[\s-]?\d){9}(?!\d)/g;

/** Every mobile number in a text, normalised to 10 digits. */
export function findMobiles(text: string): { value: string; index: number; length: number }[] {
  const out: { value: string; index: number; length: number }[] = [];
  for (const m of text.matchAll(MOBILE_RE)) {
    // A landline with its STD code ("0782-7462929", "022 26543210") has the same digits as "0" + a
    // mobile, but its first group is the code: 0 and 2-4 digits, then one block of 6-8 digits.
    if (/^0\d{2,4}[\s-]\d{6,8}$/.test(m[0].trim())) continue;
    const value = normaliseMobile(m[0]);
    if (value) out.push({ value, index: m.index, length: m[0].length });
  }
  return out;
}
