/**
 * Similarity of two Indian personal names as written on different documents,
 * 0 (different people) to 100 (same spelling). See docs/cross-checks.md.
 *
 * Shape of the algorithm:
 *  1. tokenise: strip relation markers (S/O ...), honorifics, punctuation, case;
 *     split "RK" into initials; drop "bhai"/"ben" suffixes. Ambiguous tokens
 *     (a leading "Sri", a short "AL") give several readings; the best pair counts.
 *  2. each part gets a phonetic key (phoneticKey.ts) and a weight
 *     (full part 1, very common part 0.5, initial 0.35).
 *  3. parts are paired one-to-one, in any order, maximising matched weight;
 *     an initial pairs with a full part starting with that letter; adjacent
 *     parts may be joined ("Lakshmi Narayana" = "Lakshminarayana").
 *  4. score = blend of containment (matched / shorter name) and coverage
 *     (matched / longer name), then penalties for evidence of another person:
 *     a part on each side left unpaired (Rajesh vs Suresh), the own given name
 *     missing in front of a father's name, or a single-part name.
 */
import { editCost } from './editCost.ts';
import { canonicalPart, isVowel, phoneticKey, spellingKey } from './phoneticKey.ts';
import { COMMON_PARTS, HONORIFICS, JOINED_SUFFIXES, RELATION_MARKER } from './nameVocabulary.ts';

/** Scores at or above this mean "same person" for the CUSTOMER_NAME check. */
export const NAME_MATCH_THRESHOLD = 70;

const INITIAL_WEIGHT = 0.35;
const COMMON_WEIGHT = 0.5;
/** Each pair of unpaired parts (one on each side) is a sign of a different person. */
const CONFLICT_FACTOR = 0.45;
/** Own given name missing in front of an otherwise matching name: likely a father's name. */
const LEADING_PART_MISSING_FACTOR = 0.75;
const REORDER_FACTOR = 0.97;
/** A one-part name contained in a longer one is not enough evidence on its own. */
const SINGLE_PART_CAP = 0.6;
const INITIALS_ONLY_CAP = 0.5;
const MAX_PARTS = 8;

export type NamePart = {
  /** Cleaned lowercase spelling. */
  raw: string;
  /** Phonetic key (transliteration variants folded). */
  key: string;
  /** Spelling key (keeps h; catches OCR misreads the phonetic key would hide). */
  spelling: string;
  initial: boolean;
  weight: number;
};

const DIGIT_LOOK_ALIKE: Record<string, string> = { '0': 'o', '1': 'i', '5': 's', '8': 'b', '4': 'a' };

/** Drops relation markers: a leading one ("S/O Ram Lal") is a prefix, an inner one ends the name. */
function ownNamePart(text: string): string {
  let s = text;
  for (;;) {
    const m = RELATION_MARKER.exec(s);
    if (!m) return s;
    if (/^[\s\p{P}]*$/u.test(s.slice(0, m.index))) s = s.slice(m.index + m[0].length);
    else return s.slice(0, m.index);
  }
}

function cleanTokens(text: string): string[] {
  const ascii = text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’`]/g, '');
  const out: string[] = [];
  for (const t of ascii.split(/[^a-z0-9]+/)) {
    if (!/[a-z]/.test(t)) continue; // numbers and non-Latin scripts carry no name here
    const letters = t.replace(/[0-9]/g, (d) => DIGIT_LOOK_ALIKE[d] ?? '');
    if (letters) out.push(letters);
  }
  return out;
}

function stripJoinedSuffix(token: string): string {
  for (const suffix of JOINED_SUFFIXES) {
    if (token.endsWith(suffix) && token.length - suffix.length >= 4) return token.slice(0, -suffix.length);
  }
  return token;
}

/** Honorifics that are also name parts ("Sri Devi", "Kumari Selja"): both readings are scored. */
const AMBIGUOUS_TITLES = new Set(['sri', 'shri', 'shree', 'sree', 'kumari']);

/**
 * A short token may be initials written without dots ("RK", "AL") or a short word, or an
 * OCR-damaged word ("SCN" for "Sen"): both readings are scored. Known abbreviations
 * (md, kr, pd) are words.
 */
function mayBeInitials(token: string): boolean {
  if (token.length < 2 || token.length > 3 || canonicalPart(token) !== token) return false;
  return token.length === 2 || ![...token].some(isVowel);
}

function toPart(raw: string): NamePart {
  const initial = raw.length === 1;
  const canonical = canonicalPart(raw);
  const weight = initial ? INITIAL_WEIGHT : COMMON_PARTS.has(canonical) ? COMMON_WEIGHT : 1;
  return { raw, key: initial ? raw : phoneticKey(raw), spelling: initial ? raw : spellingKey(raw), initial, weight };
}

function finishReading(tokens: string[], splitShort: boolean): NamePart[] {
  if (tokens.length > 1) tokens = tokens.filter((t) => !JOINED_SUFFIXES.includes(t));
  tokens = tokens.map(stripJoinedSuffix);
  if (splitShort) tokens = tokens.flatMap((t) => (mayBeInitials(t) ? [...t] : [t]));
  return tokens.slice(0, MAX_PARTS).map(toPart);
}

/**
 * Plausible readings of a name as parts (at most four): with and without an ambiguous
 * leading title, with short tokens as initials or as words. The first is the default.
 */
export function nameReadings(name: string): NamePart[][] {
  const all = cleanTokens(ownNamePart(name));
  let start = 0;
  let ambiguousAt = -1;
  while (all.length - start > 1 && HONORIFICS.has(all[start])) {
    if (AMBIGUOUS_TITLES.has(all[start])) ambiguousAt = start;
    start++;
  }
  const starts = ambiguousAt >= 0 ? [start, ambiguousAt] : [start];
  const readings: NamePart[][] = [];
  for (const from of starts) {
    const tokens = all.slice(from);
    readings.push(finishReading(tokens, true));
    if (tokens.some(mayBeInitials)) readings.push(finishReading(tokens, false));
  }
  return readings;
}

/** The default reading of a name as parts. */
export function nameParts(name: string): NamePart[] {
  return nameReadings(name)[0] ?? [];
}

/** Part similarities repeat across readings and calls; bounded so memory stays flat. */
const similarityCache = new Map<string, number>();
const CACHE_LIMIT = 20_000;

/** Empties the part-similarity cache (benchmarks measure a cold start with it). */
export function clearNameSimilarityCache(): void {
  similarityCache.clear();
}

/** 0..1 similarity of two parts, 0 when they should not be paired at all. */
export function partSimilarity(p: NamePart, q: NamePart): number {
  const cacheKey = p.raw < q.raw ? `${p.raw}|${q.raw}` : `${q.raw}|${p.raw}`;
  const hit = similarityCache.get(cacheKey);
  if (hit !== undefined) return hit;
  const sim = computePartSimilarity(p, q);
  if (similarityCache.size >= CACHE_LIMIT) similarityCache.clear();
  similarityCache.set(cacheKey, sim);
  return sim;
}

function computePartSimilarity(p: NamePart, q: NamePart): number {
  if (p.initial || q.initial) {
    const full = p.initial ? q : p;
    const letter = p.initial ? p.raw : q.raw;
    return full.raw[0] === letter || canonicalPart(full.raw)[0] === letter ? 1 : 0;
  }
  if (p.key === q.key) return 1;
  // Three views of the same part; the best one decides (a swap can create "oo", a misread can hide "h").
  return Math.max(keySimilarity(p.key, q.key), keySimilarity(p.spelling, q.spelling), keySimilarity(p.raw, q.raw));
}

function keySimilarity(a: string, b: string): number {
  const cost = editCost(a, b);
  const length = Math.max(a.length, b.length);
  const sim = 1 - cost / length;
  // Only cheap edits (vowels, look-alikes, transpositions) keep a short part the same name;
  // one changed consonant is tolerated in long parts only (Subramaniam/Subramanian).
  if (cost < 1 && sim >= 0.75) return sim;
  if (cost <= 1 && length >= 9) return sim;
  return 0;
}

function pairValue(p: NamePart, q: NamePart): number {
  return partSimilarity(p, q) * Math.min(p.weight, q.weight);
}

/** Joins adjacent parts of `x` when the join matches a part of `y` better than either half. */
function joinAdjacent(x: NamePart[], y: NamePart[]): NamePart[] {
  const out = [...x];
  for (let i = 0; i + 1 < out.length; i++) {
    if (out[i].initial || out[i + 1].initial) continue;
    const joined = toPart(out[i].raw + out[i + 1].raw);
    const gain = y.some(
      (t) => !t.initial && partSimilarity(joined, t) > 0 &&
        partSimilarity(out[i], t) === 0 && partSimilarity(out[i + 1], t) === 0 &&
        !y.some((u) => u !== t && (partSimilarity(out[i], u) === 1 || partSimilarity(out[i + 1], u) === 1)),
    );
    if (gain) out.splice(i, 2, joined);
  }
  return out;
}

type Assignment = { value: number; pairs: [number, number][] };

/** Best one-to-one pairing of parts (order-free), exact over subsets: names are short. */
function bestAssignment(a: NamePart[], b: NamePart[]): Assignment {
  const values = a.map((p) => b.map((q) => pairValue(p, q)));
  const memo = new Map<number, Assignment>();
  const solve = (i: number, used: number): Assignment => {
    if (i === a.length) return { value: 0, pairs: [] };
    const memoKey = i * 1024 + used;
    const hit = memo.get(memoKey);
    if (hit) return hit;
    let best = solve(i + 1, used);
    for (let j = 0; j < b.length; j++) {
      if (used & (1 << j) || values[i][j] <= 0) continue;
      const rest = solve(i + 1, used | (1 << j));
      const value = values[i][j] + rest.value;
      if (value > best.value + 1e-9) best = { value, pairs: [[i, j], ...rest.pairs] };
    }
    memo.set(memoKey, best);
    return best;
  };
  return solve(0, 0);
}

const total = (parts: NamePart[]) => parts.reduce((s, p) => s + p.weight, 0);

export function nameSimilarity(a: string, b: string): number {
  // Ties in pairing can depend on argument order; a fixed order keeps the score symmetric.
  const [first, second] = [String(a ?? ''), String(b ?? '')].sort();
  let best = 0;
  for (const x of nameReadings(first)) {
    for (const y of nameReadings(second)) best = Math.max(best, readingSimilarity(x, y));
  }
  return Math.max(0, Math.min(100, Math.round(best * 100)));
}

/** 0..1 similarity of two readings. */
function readingSimilarity(xParts: NamePart[], yParts: NamePart[]): number {
  let x = xParts;
  let y = yParts;
  if (x.length === 0 || y.length === 0) return 0;
  x = joinAdjacent(x, y);
  y = joinAdjacent(y, x);

  const { value: matched, pairs } = bestAssignment(x, y);
  if (matched === 0) return 0;
  const wx = total(x);
  const wy = total(y);
  const containment = matched / Math.min(wx, wy);
  const coverage = matched / Math.max(wx, wy);
  let score = 0.6 * containment + 0.4 * coverage;

  const unpairedX = x.length - pairs.length;
  const unpairedY = y.length - pairs.length;
  score *= CONFLICT_FACTOR ** Math.min(unpairedX, unpairedY);

  const ordered = pairs.every(([, j], k) => k === 0 || j > pairs[k - 1][1]);
  if (!ordered) score *= REORDER_FACTOR;

  // Own given name missing before a matching tail: "Sachin Ramesh Tendulkar" vs "Ramesh Tendulkar".
  const [longer, shorter, longerIndex] = x.length > y.length ? [x, y, 0] as const : [y, x, 1] as const;
  const pairedInLonger = new Set(pairs.map((pair) => pair[longerIndex]));
  if (
    longer.length > shorter.length && pairs.length === shorter.length && pairs.length >= 2 && ordered &&
    !pairedInLonger.has(0) && !longer[0].initial && longer[0].weight === 1
  ) {
    score *= LEADING_PART_MISSING_FACTOR;
  }

  if (!pairs.some(([i, j]) => !x[i].initial && !y[j].initial)) score = Math.min(score, INITIALS_ONLY_CAP);
  if (Math.min(x.length, y.length) === 1 && Math.max(x.length, y.length) > 1) score = Math.min(score, SINGLE_PART_CAP);

  return score;
}
