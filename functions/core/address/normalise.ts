/**
 * Normalisation: one raw address string -> canonical tokens grouped by comma segment, plus the
 * 6-digit pincode. Case, punctuation, abbreviations, ordinals and transliteration variants are
 * folded here so that parsing and scoring only ever see canonical tokens.
 */
import { KIND, NUMBER_WORDS, ROMAN, WORD_CANON } from './vocab.ts';

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
const PIN_PLAIN = /(?<![0-9])[1-9][0-9]{5}(?![0-9])/g;
const PIN_SPACED = /(?<![0-9])([1-9][0-9]{2})[ -]([0-9]{3})[^a-z0-9]*(?:india)?[^a-z0-9]*$/;
const SEGMENT_SPLIT = /[,;\n\r|()[\]{}]+/;
const TOKEN_SPLIT_ASCII = /[^a-z0-9/-]+/;
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

const PUNCT = /['`’.:#&]/g;
const PUNCT_MAP: Record<string, string> = { "'": '', '`': '', '’': '', '.': ' ', ':': ' ', '#': ' no ', '&': ' and ' };
const punct = (c: string): string => PUNCT_MAP[c];

// Canonical tokens of one whitespace-delimited piece: a pure function of the piece, and pieces
// repeat across addresses ("road", "nagar", "flat"), so results are kept (bounded).
const PIECE_MEMO_LIMIT = 50_000;
const pieceMemo = new Map<string, string[]>();
const segmentMemo = new Map<string, string[]>();

export function normaliseAddress(raw: string): NormalisedAddress {
  let s = raw.length > MAX_ADDRESS_LENGTH ? raw.slice(0, MAX_ADDRESS_LENGTH) : raw;
  s = s.toLowerCase();
  const unicode = NON_ASCII.test(s);
  if (unicode) s = s.normalize('NFKD').replace(COMBINING, '');
  // Punctuation that joins or marks: "Mary's" -> "marys", "H.No." -> "h no", "#12" -> "no 12".
  s = s.replace(PUNCT, punct);

  let pincode: string | null = null;
  let last: RegExpExecArray | null = null;
  PIN_PLAIN.lastIndex = 0;
  for (let m = PIN_PLAIN.exec(s); m; m = PIN_PLAIN.exec(s)) last = m;
  if (last) {
    pincode = last[0];
    s = s.slice(0, last.index) + ' , ' + s.slice(last.index + 6);
  } else {
    const m = PIN_SPACED.exec(s);
    if (m) {
      pincode = m[1] + m[2];
      s = s.slice(0, m.index);
    }
  }

  const segments: string[][] = [];
  for (const seg of s.split(SEGMENT_SPLIT)) {
    // Segments repeat across addresses (" bengaluru", " karnataka - "): tokenised once, kept
    // (bounded); callers get a copy because the parser consumes segments.
    let toks = segmentMemo.get(seg);
    if (toks === undefined) {
      toks = tokenizeSegment(seg, unicode);
      if (segmentMemo.size >= PIECE_MEMO_LIMIT) segmentMemo.clear();
      segmentMemo.set(seg, toks);
    }
    if (toks.length) segments.push(toks);
  }
  return { segments, pincode };
}

function tokenizeSegment(seg: string, unicode: boolean): string[] {
  const out: string[] = [];
  for (const piece of seg.split(unicode ? TOKEN_SPLIT_UNICODE : TOKEN_SPLIT_ASCII)) {
    if (!piece) continue;
    let toks = pieceMemo.get(piece);
    if (toks === undefined) {
      toks = [];
      pushPiece(piece, toks);
      if (pieceMemo.size >= PIECE_MEMO_LIMIT) pieceMemo.clear();
      pieceMemo.set(piece, toks);
    }
    for (let i = 0; i < toks.length; i++) out.push(toks[i]);
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
  const canon = WORD_CANON.get(w) ?? NUMBER_WORDS.get(w);
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
