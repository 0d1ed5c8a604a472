/**
 * Normalisation: one raw address string -> canonical tokens grouped by comma segment, plus the
 * 6-digit pincode. Case, punctuation, abbreviations, ordinals and transliteration variants are
 * folded here so that parsing and scoring only ever see canonical tokens.
 */
import { GENERIC_WORDS, KIND, NUMBER_WORDS, ROMAN, WORD_CANON } from './vocab.ts';
import { skeleton } from './phonetic.ts';
import { withinTypos } from './fuzzy.ts';

export interface NormalisedAddress {
  /** Canonical tokens of each comma/semicolon/newline separated segment (empty segments dropped). Shared: do not mutate. */
  segments: readonly (readonly string[])[];
  /** The 6-digit pincode found in the text, or null. */
  pincode: string | null;
}

/** Longest input we try to read; longer strings are not addresses (and would cost time). */
export const MAX_ADDRESS_LENGTH = 1000;

const NON_ASCII = /[^\x00-\x7f]/;
const COMBINING = /[\u0300-\u036f]/g;
// "570 023", "570-023": three and three digits, not part of an identifier ("12-570-023",
// "570-023/4"), not numbered by a unit marker ("flat 302 104"), and the last digits of the address
// (a state or the country may follow).
const PIN_SPACED =
  /(?<![0-9])(?<![0-9][-/])(?<!\b(?:no|flat|house|plot|door|room|shop)[ ]*)([1-9][0-9]{2})[ -]([0-9]{3})(?![0-9]|[-/][0-9])(?=[^0-9]*$)/;
// "PIN-380 015", "pincode: 570 023" anywhere: a label says what the digits are.
const PIN_LABELLED = /\bpin(?:[ ]?code)?[ ]*[-]?[ ]*([1-9][0-9]{2})[ -]([0-9]{3})(?![0-9]|[-/][0-9])/;
const TOKEN_SPLIT_UNICODE = /[^\p{L}\p{N}/-]+/u;
const ORDINAL = /^(\d+)(st|nd|rd|th)$/;
const GLUED_NO = /^(h|f|d|p|s|sy|kh|flat|house|plot|door)?no(\d[a-z0-9/-]*)?$/;
const HAS_DIGIT = /[0-9]/;
const LETTERS = /^[a-z]+$/;

/** Markers whose letter form before "no" names the kind of number ("h no", "d no", "kh no"). */
const NO_PREFIX: Record<string, string> = {
  h: 'house', hno: 'house', house: 'house', f: 'flat', flat: 'flat', d: 'door', door: 'door', p: 'plot',
  plot: 'plot', s: 'survey', sy: 'survey', kh: 'kh', '': 'no',
};

// Punctuation that joins or marks: "Mary's" -> "marys", "H.No." -> "h no", "#12" -> "no 12".
// One scan with slices (a callback regex replace was a hot spot).
function replacePunct(s: string): string {
  let parts: string[] | null = null;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string;
    if (c === 39 || c === 96 || c === 0x2019) rep = ''; // ' ` ’
    else if (c === 46 || c === 58) rep = ' '; // . :
    else if (c === 35) rep = ' no '; // #
    else if (c === 38) rep = ' and '; // &
    else continue;
    (parts ??= []).push(s.slice(from, i), rep);
    from = i + 1;
  }
  if (parts === null) return s;
  parts.push(s.slice(from));
  // join() gives a flat string: the scans below index it char by char.
  return parts.join('');
}

/** Start of the last run of exactly six ASCII digits not starting with 0 (a plain pincode), or -1. */
function lastPlainPin(s: string): number {
  let at = -1;
  const n = s.length;
  for (let i = 0; i < n; ) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n) {
      const d = s.charCodeAt(j);
      if (d < 48 || d > 57) break;
      j++;
    }
    if (j - i === 6 && c !== 48) at = i;
    i = j;
  }
  return at;
}

/** Segment separators: , ; \n \r | ( ) [ ] { } */
function isSegmentSep(c: number): boolean {
  return c === 44 || c === 59 || c === 10 || c === 13 || c === 124 || c === 40 || c === 41 || c === 91 || c === 93 || c === 123 || c === 125;
}

// Canonical tokens of one whitespace-delimited piece: a pure function of the piece, and pieces
// repeat across addresses ("road", "nagar", "flat"), so results are kept (bounded).
const PIECE_MEMO_LIMIT = 50_000;
const pieceMemo = new Map<string, string | string[]>();
const segmentMemo = new Map<string, string[]>();

export function normaliseAddress(raw: string): NormalisedAddress {
  let s = raw.length > MAX_ADDRESS_LENGTH ? raw.slice(0, MAX_ADDRESS_LENGTH) : raw;
  s = s.toLowerCase();
  const unicode = NON_ASCII.test(s);
  if (unicode) s = s.normalize('NFKD').replace(COMBINING, '');
  s = replacePunct(s);

  let pincode: string | null = null;
  // The plain pincode's six digits split the text like a comma (no new string is built: the
  // scan below treats them as one separator).
  const at = lastPlainPin(s);
  if (at >= 0) {
    pincode = s.slice(at, at + 6);
  } else {
    const m = PIN_SPACED.exec(s) ?? PIN_LABELLED.exec(s);
    if (m) {
      pincode = m[1] + m[2];
      // The pincode separates what precedes it from what follows (state, country) like a comma.
      s = `${s.slice(0, m.index)},${s.slice(m.index + m[0].length)}`;
    }
  }

  const segments: string[][] = [];
  const n = s.length;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i < n && i !== at && !isSegmentSep(s.charCodeAt(i))) continue;
    if (i > start) {
      // Segments repeat across addresses (" bengaluru", " karnataka - "): tokenised once, kept (bounded).
      const seg = s.slice(start, i);
      let toks = segmentMemo.get(seg);
      if (toks === undefined) {
        toks = tokenizeSegment(seg, unicode);
        if (segmentMemo.size >= PIECE_MEMO_LIMIT) segmentMemo.clear();
        segmentMemo.set(seg, toks);
      }
      if (toks.length) segments.push(toks);
    }
    if (i === at) i += 5; // past the pincode
    start = i + 1;
  }
  return { segments, pincode };
}

/** ASCII token characters: a-z, 0-9, '/', '-'. */
function isAsciiTokenChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 47 || c === 45;
}

function pushPieceMemo(piece: string, out: string[]): void {
  let toks = pieceMemo.get(piece);
  if (toks === undefined) {
    const list: string[] = [];
    pushPiece(piece, list);
    // Most pieces are one token: kept as the string itself (fewer objects in the memo).
    toks = list.length === 1 ? list[0] : list;
    if (pieceMemo.size >= PIECE_MEMO_LIMIT) pieceMemo.clear();
    pieceMemo.set(piece, toks);
  }
  if (typeof toks === 'string') out.push(toks);
  else for (let i = 0; i < toks.length; i++) out.push(toks[i]);
}

function tokenizeSegment(seg: string, unicode: boolean): string[] {
  const out: string[] = [];
  if (unicode) {
    for (const piece of seg.split(TOKEN_SPLIT_UNICODE)) if (piece) pushPieceMemo(piece, out);
  } else {
    const n = seg.length;
    let start = -1;
    for (let i = 0; i <= n; i++) {
      if (i < n && isAsciiTokenChar(seg.charCodeAt(i))) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        pushPieceMemo(seg.slice(start, i), out);
        start = -1;
      }
    }
  }
  return mergePhrases(out);
}

/** One whitespace-delimited piece -> one or more canonical tokens. */
function pushPiece(piece: string, out: string[]): void {
  const p = trimJoiners(piece);
  if (!p) return;
  if (p.includes('-') || p.includes('/')) {
    const parts = p.split(/[-/]+/).filter(Boolean);
    if (!HAS_DIGIT.test(p)) {
      for (const part of parts) pushWord(part, out);
      return;
    }
    // "hno-a15a", "sec-15", "kh-82/22": a known word before the id is its own token.
    if (GLUED_NO.test(p)) {
      pushWord(p, out);
      return;
    }
    const head = parts[0];
    if (parts.length > 1 && LETTERS.test(head) && head.length > 1 && isKnownWord(head)) {
      pushWord(head, out);
      const rest = p.slice(p.indexOf(head) + head.length);
      pushPiece(rest, out);
      return;
    }
    if (parts.length > 1 && LETTERS.test(head) && (head === 'no' || GLUED_NO.test(head) || head === 'kh')) {
      pushWord(head, out);
      pushPiece(p.slice(head.length), out);
      return;
    }
    out.push(p);
    return;
  }
  pushWord(p, out);
}

function isKnownWord(w: string): boolean {
  return WORD_CANON.has(w) || KIND.has(w) || NUMBER_WORDS.has(w);
}

function pushWord(w: string, out: string[]): void {
  const ord = ORDINAL.exec(w);
  if (ord) {
    out.push(String(Number(ord[1])));
    return;
  }
  const glued = GLUED_NO.exec(w);
  if (glued && (glued[1] !== undefined || glued[2] !== undefined)) {
    out.push(NO_PREFIX[glued[1] ?? ''] ?? 'no');
    if (glued[1] !== undefined) out.push('no');
    if (glued[2]) out.push(glued[2]);
    return;
  }
  const canon = WORD_CANON.get(w) ?? NUMBER_WORDS.get(w) ?? keywordVariant(w);
  if (canon) {
    out.push(canon);
    return;
  }
  // Leading zeros do not distinguish numbers ("flat 0302" is "flat 302").
  if (w.length > 1 && w.charCodeAt(0) === 48 && /^\d+$/.test(w)) {
    out.push(String(Number(w)));
    return;
  }
  out.push(w);
}

let keywordBySkeleton: Map<string, string> | null = null;
/** first letter * 256 + length of the words a keyword's slips can have (a cheap filter before the skeleton). */
let keywordShapes: Set<number> = new Set();

/**
 * A keyword written another way ("reshidency", "enclawe", "collony", "themple"): same consonant
 * skeleton, same first letter and one slip from one address keyword (two for keywords of eight
 * letters or more), or undefined. Only words of five letters or more, so short names are never
 * taken for keywords.
 */
function keywordVariant(w: string): string | undefined {
  if (keywordBySkeleton === null) {
    const m = new Map<string, string>();
    const ambiguous = new Set<string>();
    for (const k of new Set([...KIND.keys(), ...GENERIC_WORDS, ...WORD_CANON.values()])) {
      if (k.length < 4 || KIND.get(k) === 'noise' || !LETTERS.test(k)) continue;
      // Two consonants say too little ("arera" is a name, not "area").
      const sk = skeleton(k);
      if (sk.length < 3) continue;
      // Keywords of one kind sharing a skeleton ("residency", "residence") mean the same thing.
      const seen = m.get(sk);
      if (seen !== undefined && seen !== k && KIND.get(seen) !== KIND.get(k)) ambiguous.add(sk);
      if (seen === undefined) m.set(sk, k);
    }
    for (const sk of ambiguous) m.delete(sk);
    for (const k of m.values()) {
      const slips = k.length >= 8 ? 2 : 1;
      for (let len = k.length - slips; len <= k.length + slips; len++) keywordShapes.add(k.charCodeAt(0) * 256 + len);
    }
    keywordBySkeleton = m;
  }
  if (w.length < 5 || !keywordShapes.has(w.charCodeAt(0) * 256 + w.length) || KIND.has(w) || GENERIC_WORDS.has(w) || !LETTERS.test(w)) return undefined;
  const k = keywordBySkeleton.get(skeleton(w));
  // One slip for short keywords ("tilak" is a name, not "taluk"), two from eight letters.
  return k !== undefined && k.charCodeAt(0) === w.charCodeAt(0) && withinTypos(w, k, k.length >= 8 ? 2 : 1) ? k : undefined;
}

function trimJoiners(p: string): string {
  let a = 0;
  let b = p.length;
  while (a < b && (p[a] === '-' || p[a] === '/')) a++;
  while (b > a && (p[b - 1] === '-' || p[b - 1] === '/')) b--;
  return a === 0 && b === p.length ? p : p.slice(a, b);
}

const NUMBER_TAKERS = new Set(['phase', 'stage', 'sector', 'block', 'part', 'cross', 'main', 'floor', 'pocket', 'ward']);

/** Multi-token phrases: "h no" -> house no, "p o" -> po, "in front of" -> front, roman numerals. */
function mergePhrases(t: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) {
    const w = t[i];
    const next = t[i + 1];
    if (next === 'no' && w.length <= 2 && NO_PREFIX[w] !== undefined) {
      out.push(NO_PREFIX[w]);
      continue;
    }
    if (w === 'p' && (next === 'o' || next === 's')) {
      out.push(next === 'o' ? 'po' : 'ps');
      i++;
      continue;
    }
    if (w === 'j' && next === 'and' && t[i + 2] === 'k') {
      out.push('jammu', 'and', 'kashmir');
      i += 2;
      continue;
    }
    const roman = ROMAN.get(w);
    if (roman && ((out.length && NUMBER_TAKERS.has(out[out.length - 1])) || (next && NUMBER_TAKERS.has(next)))) {
      out.push(roman);
      continue;
    }
    out.push(w);
  }
  return out;
}

/** Drops the tokenizer's memos (benchmarks measure cold passes with it). */
export function clearNormaliseMemo(): void {
  pieceMemo.clear();
  segmentMemo.clear();
}

/** Canonical one-line text of a normalised address (used for display and debugging). */
export function canonicalText(n: NormalisedAddress): string {
  const body = n.segments.map((s) => s.join(' ')).join(', ');
  return n.pincode ? (body ? `${body} ${n.pincode}` : n.pincode) : body;
}

/** Canonical tokens of a short name (a district, a state) with the address tokenizer's rules. */
export function normaliseWords(name: string): string[] {
  let s = name.toLowerCase();
  const unicode = NON_ASCII.test(s);
  if (unicode) s = s.normalize('NFKD').replace(COMBINING, '');
  s = s.replace(/['`’]/g, '').replace(/[.:,()]/g, ' ').replace(/&/g, ' and ');
  return tokenizeSegment(s, unicode);
}
