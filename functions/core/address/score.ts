/**
 * Scoring two parsed addresses.
 *
 * similarity_score (0..100): a weighted mean over the components both addresses have
 * (house 0.25, building/street/locality words 0.45, landmark 0.05, city 0.10, pincode 0.15).
 * Words are compared as a weighted set: rare words (a locality's name) weigh more than generic
 * ones ("road", "nagar"), and a word matches exactly, by its consonant skeleton (transliteration,
 * dropped vowels), joined with its neighbour ("sai krupa" / "saikrupa") or within a small edit
 * distance (typos).
 *
 * same_person_score (0..10): "same dwelling". It follows the similarity but is capped by hard
 * disagreements: another house/flat number, another pincode, another city or state, another
 * floor; and an address without a house number can never reach the top.
 */
import type { AddressParts } from './parse.ts';
import { getPincodeData, type PinInfo } from './pincodes.ts';
import { cityKey, GENERIC_WORDS, KIND } from './vocab.ts';
import { skeleton } from './phonetic.ts';
import { withinTypos } from './fuzzy.ts';

/**
 * A set of words. The arrays may be shared with a larger set built from the same start (an
 * address's core words and "all" words): this set is the first `nw` words and first `nj` joined
 * pairs of them.
 */
interface WordSet {
  nw: number;
  nj: number;
  words: string[];
  /** Skeletons of `words` (empty string for numbers and words shorter than 4 letters). */
  skels: string[];
  weights: number[];
  total: number;
  /** Adjacent word pairs written together, for matching "saikrupa" with "sai krupa". */
  joined: string[];
  joinedSkels: string[];
  /**
   * Where each chunk's new words end (word counts), when the set keeps its chunks apart; null
   * otherwise (always present, so every set has one shape for the hot loops).
   */
  ends: number[] | null;
}

export interface AddressFeatures {
  house: string | null;
  houseDigits: string;
  houseLetters: string;
  floor: string | null;
  core: WordSet;
  /**
   * The buildings and localities named, chunk by chunk: two addresses that each name a building
   * or locality the other does not mention are different places.
   */
  named: WordSet;
  /** The locality chunks as parsed ("shivaji nagar"), for the suffix check (see suffixesConflict). */
  localities: readonly (readonly string[])[];
  landmark: WordSet;
  /** Core, landmark and city words together: a fallback when the two parses cut differently. */
  all: WordSet;
  /** City keys: the written city/district and the pincode's districts (each once). */
  places: string[];
  /**
   * How many of `places` (from the start) are firm evidence of where the address is: the
   * pincode's districts and a city or district recognised as written. The rest (a city read
   * through a typo with no pincode to confirm it, an unknown name) can confirm a place but never
   * rule one out.
   */
  firmPlaces: number;
  states: string[];
  pincode: string | null;
  /** The pincode's districts and states, when the pincode is known to the reference data. */
  pin: PinInfo | null;
}

export interface PairScore {
  similarity: number;
  samePerson: number;
  /** same_person before rounding, for ranking metrics (ROC AUC). */
  samePersonRaw: number;
}

const DIGITS = /^[0-9]+$/;

/** Weight of a generic address word ("road", "nagar", "near", "new"). */
const GENERIC_WEIGHT = 0.25;

function computeWeight(t: string, digits: boolean): number {
  if (digits) return 0.6;
  if (GENERIC_WORDS.has(t) || KIND.has(t)) return GENERIC_WEIGHT;
  if (t.length === 1) return 0.3;
  const df = getPincodeData().df.get(t) ?? 0;
  // Rarer in place names -> more telling; a word in 1000 post-office names weighs ~0.3.
  return Math.max(0.3, 1 / (1 + Math.log1p(df / 20)));
}

// Per-word statistics are pure functions of the word: computed once and kept (bounded).
const MEMO_LIMIT = 50_000;
interface WordStats {
  w: number;
  sk: string;
  /** All digits (never joined with a neighbour). */
  num: boolean;
  /** This word written together with a following word, by that word (bounded). */
  next: Map<string, Joined> | null;
}
interface Joined {
  j: string;
  sk: string;
}
const NEXT_LIMIT = 64;

/** `t` and `n` written as one word, with its skeleton; kept on t's statistics. */
function joinedOf(st: WordStats, t: string, n: string): Joined {
  let m = st.next;
  if (m === null) m = st.next = new Map();
  let r = m.get(n);
  if (r === undefined) {
    const j = t + n;
    // The skeleton rule of statsOf, without memoising the pair as a word of its own.
    r = { j, sk: j.length < 4 || DIGITS.test(j) ? '' : skeleton(j) };
    if (m.size < NEXT_LIMIT) m.set(n, r);
  }
  return r;
}
const statsMemo = new Map<string, WordStats>();
// Weights depend on the loaded reference data: the memo is dropped when other data is loaded.
let statsData: unknown = null;

function statsOf(t: string): WordStats {
  let st = statsMemo.get(t);
  if (st === undefined) {
    if (statsMemo.size >= MEMO_LIMIT) statsMemo.clear();
    const num = DIGITS.test(t);
    st = { w: computeWeight(t, num), sk: t.length < 4 || num ? '' : skeleton(t), num, next: null };
    statsMemo.set(t, st);
  }
  return st;
}

function skelOf(t: string): string {
  return statsOf(t).sk;
}

/** Clears per-word statistics (after loading other reference data). */
export function clearWordMemo(): void {
  statsMemo.clear();
}

function addOnce(xs: string[], x: string): void {
  if (!xs.includes(x)) xs.push(x);
}

function newWordSet(): WordSet {
  return { nw: 0, nj: 0, words: [], skels: [], weights: [], total: 0, joined: [], joinedSkels: [], ends: null };
}

/**
 * Adds the words of `chunks` to `ws` (each word once, in order of appearance) and the adjacent
 * non-numeric pairs of each chunk written together. Adding chunks one call after another gives
 * the same set as one call with all of them.
 */
function addChunks(ws: WordSet, chunks: readonly (readonly string[])[], from = 0, ends: number[] | null = null): void {
  const { words, skels, weights, joined, joinedSkels } = ws;
  let total = ws.total;
  let nw = ws.nw;
  for (let ci = from; ci < chunks.length; ci++) {
    const c = chunks[ci];
    let st = c.length ? statsOf(c[0]) : null;
    for (let i = 0; i < c.length; i++) {
      const t = c[i];
      const cur = st!;
      if (!includesIn(words, nw, t)) {
        words[nw] = t;
        skels[nw] = cur.sk;
        weights[nw] = cur.w;
        nw++;
        total += cur.w;
      }
      // Adjacent words written together on the other side ("sai krupa" vs "saikrupa").
      if (i + 1 < c.length) {
        const n = c[i + 1];
        st = statsOf(n);
        if (!cur.num && !st.num) {
          const jo = joinedOf(cur, t, n);
          joined.push(jo.j);
          joinedSkels.push(jo.sk);
        }
      }
    }
    if (ends !== null) ends.push(nw);
  }
  ws.total = total;
  ws.nw = nw;
  ws.nj = joined.length;
}

/** xs.slice(0, n).includes(x) without the copy. */
function includesIn(xs: readonly string[], n: number, x: string): boolean {
  for (let i = 0; i < n; i++) if (xs[i] === x) return true;
  return false;
}

function wordSet(chunks: readonly (readonly string[])[]): WordSet {
  const ws = newWordSet();
  addChunks(ws, chunks);
  return ws;
}

/**
 * The buildings and localities named, each chunk remembered (see namesDiffer), and a name taken
 * for the city only by its position ("..., fatehgunj, gj"): it may be a locality.
 */
function namedWordSet(p: AddressParts, unknownCity: string | null): WordSet {
  const ws = newWordSet();
  const ends: number[] = [];
  addChunks(ws, p.building, 0, ends);
  addChunks(ws, p.locality, 0, ends);
  addChunks(ws, p.street, 0, ends);
  if (unknownCity !== null) addChunks(ws, [unknownCity.split(' ')], 0, ends);
  ws.ends = ends;
  return ws;
}

/**
 * A set that starts as `a` and will be extended with addChunks: it shares a's arrays (a keeps
 * seeing only its own prefix). `a` must not be extended afterwards.
 */
function extendWordSet(a: WordSet, ends: number[] | null = null): WordSet {
  return { nw: a.nw, nj: a.nj, words: a.words, skels: a.skels, weights: a.weights, total: a.total, joined: a.joined, joinedSkels: a.joinedSkels, ends };
}

/** The digit runs (or letter runs a-z) of `h` joined by '-'. */
function groups(h: string, digits: boolean): string {
  let out = '';
  let start = -1;
  for (let i = 0; i <= h.length; i++) {
    const c = i < h.length ? h.charCodeAt(i) : -1;
    const inGroup = digits ? c >= 48 && c <= 57 : c >= 97 && c <= 122;
    if (inGroup) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (start === 0 && i === h.length) return h;
      out = out ? out + '-' + h.slice(start, i) : h.slice(start, i);
      start = -1;
    }
  }
  return out;
}

const EMPTY: WordSet = { nw: 0, nj: 0, words: [], skels: [], weights: [], total: 0, joined: [], joinedSkels: [], ends: null };

export function features(p: AddressParts): AddressFeatures {
  const data = getPincodeData();
  if (data !== statsData) {
    statsMemo.clear();
    statsData = data;
  }
  const house = p.house;
  // Firm places first, then the loose ones (see AddressFeatures.firmPlaces).
  const places: string[] = [];
  const district = p.district ? cityKey(p.district) : null;
  const firmDistrict = district !== null && data.gazetteer.has(district);
  if (p.cityKey && p.cityKnown) places.push(p.cityKey);
  if (firmDistrict) addOnce(places, district!);
  if (p.pin) for (const d of p.pin.districts) addOnce(places, d);
  const firmPlaces = places.length;
  if (p.cityKey && !p.cityKnown) addOnce(places, p.cityKey);
  if (district !== null && !firmDistrict) addOnce(places, district);
  const unknownCity = p.city && p.cityKey && !p.cityKnown && !data.gazetteer.has(p.cityKey) ? p.city : null;
  let states: string[];
  if (p.state) states = [p.state];
  else if (p.pin) {
    states = [];
    for (const s of p.pin.states) addOnce(states, s);
  } else states = [];
  // Buildings and localities first: the named set (see AddressFeatures.named) is a prefix view of
  // the core set, chunk ends recorded, instead of a set of its own.
  const core = newWordSet();
  const ends: number[] = [];
  addChunks(core, p.building, 0, ends);
  addChunks(core, p.locality, 0, ends);
  addChunks(core, p.street, 0, ends);
  let named: WordSet = EMPTY;
  if (unknownCity !== null) named = namedWordSet(p, unknownCity);
  else if (core.nw) named = extendWordSet(core, ends);
  addChunks(core, p.plot);
  // Everything written: the core words, then the landmark's, then the city's.
  let all = core;
  if (p.landmark.length || p.city) {
    all = extendWordSet(core);
    addChunks(all, p.landmark);
    if (p.city) addChunks(all, [p.city.split(' ')]);
  }
  return {
    house,
    houseDigits: house ? groups(house, true) : '',
    houseLetters: house ? groups(house, false) : '',
    floor: p.floor,
    core,
    // A name taken for the city only by its position ("..., fatehgunj, gj") may be a locality.
    named,
    localities: p.locality,
    landmark: p.landmark.length ? wordSet(p.landmark) : EMPTY,
    all,
    places,
    firmPlaces,
    states,
    pincode: p.pincode,
    pin: p.pin,
  };
}

/** How well word i of `a` is found among the other address's words (0..1). */
function wordMatch(a: WordSet, i: number, other: WordSet): number {
  const t = a.words[i];
  const nw = other.nw;
  const nj = other.nj;
  if (includesIn(other.words, nw, t) || includesIn(other.joined, nj, t)) return 1;
  const k = a.skels[i];
  const c0 = t.charCodeAt(0);
  const ow = other.words;
  if (!k) {
    // A three-letter name one letter short of a four-letter one ("ann" / "anna", "ana" / "anna").
    if (t.length !== 3 || c0 < 97 || c0 > 122) return 0;
    for (let x = 0; x < nw; x++) {
      const o = ow[x];
      if (o.length === 4 && o.charCodeAt(0) === c0 && withinTypos(t, o, 1)) return 0.8;
    }
    return 0;
  }
  if (includesIn(other.skels, nw, k) || includesIn(other.joinedSkels, nj, k)) return 0.9;
  const max = t.length >= 8 ? 2 : 1;
  for (let x = 0; x < nw; x++) {
    const o = ow[x];
    if ((o.length >= 4 || (o.length === 3 && t.length === 4)) && o.charCodeAt(0) === c0 && withinTypos(t, o, max)) return 0.8;
  }
  if (t.length >= 8) {
    const oj = other.joined;
    for (let x = 0; x < nj; x++) {
      const o = oj[x];
      if (o.charCodeAt(0) === c0 && withinTypos(t, o, 2)) return 0.8;
    }
  }
  return 0;
}

/** Weighted matched share of a's words in b; each word's match is written to `out` when given. */
function directed(a: WordSet, b: WordSet, out: Float64Array | null = null): number {
  let got = 0;
  const n = a.nw;
  for (let i = 0; i < n; i++) {
    const m = wordMatch(a, i, b);
    if (m < 1 && i + 1 < n) {
      // This word and the next written as one word on the other side.
      if (joinedFound(a, i, b)) {
        got += 0.95 * (a.weights[i] + a.weights[i + 1]);
        if (out !== null) out[i] = out[i + 1] = 0.95;
        i++;
        continue;
      }
    }
    if (out !== null) out[i] = m;
    got += m * a.weights[i];
  }
  return got;
}

/** Weighted soft Dice of two word sets; null when both are empty. */
export function wordSimilarity(a: WordSet, b: WordSet, outA: Float64Array | null = null, outB: Float64Array | null = null): number | null {
  if (!a.nw && !b.nw) return null;
  if (!a.nw || !b.nw) return 0;
  return Math.min(1, (directed(a, b, outA) + directed(b, a, outB)) / (a.total + b.total));
}

// Each core word's match in the other address's core words, from the pair's core comparison:
// the named-chunk check reuses them (a word found among the core words is found among all).
let coreMatchA = new Float64Array(64);
let coreMatchB = new Float64Array(64);

function houseMatch(a: AddressFeatures, b: AddressFeatures): number | null {
  if (!a.house || !b.house) return null;
  if (a.house === b.house) return 1;
  if (a.houseDigits !== b.houseDigits || !a.houseDigits) return 0;
  // "302" vs "f-302": same number, a letter written only on one side.
  if (!a.houseLetters || !b.houseLetters) return 0.9;
  return a.houseLetters === b.houseLetters ? 0.95 : 0;
}

/**
 * Whether the two addresses are in the same city or district: true when they share one (or
 * one's misspells the other's, or a place one names only loosely is written among the other's
 * words: "kovai" against an address that says "kovai" in its locality); false only when both give
 * firm places (pincode districts, recognised cities) and none agree; null when it cannot be told.
 */
function placesAgree(a: AddressFeatures, b: AddressFeatures): boolean | null {
  if (!a.places.length || !b.places.length) return null;
  for (const p of a.places) if (b.places.includes(p)) return true;
  // Misspelt city names ("bengaluru" / "bengalooru", "ahmedbad" / "ahmedabad").
  for (const p of a.places) {
    if (p.length < 5) continue;
    for (const q of b.places) if (q.length >= 5 && withinTypos(p, q, 2)) return true;
  }
  if (namedAmongWords(a, b) || namedAmongWords(b, a)) return true;
  return a.firmPlaces > 0 && b.firmPlaces > 0 ? false : null;
}

/** A loosely read place of `a` (not firm) is one of b's words, as written or by its skeleton. */
function namedAmongWords(a: AddressFeatures, b: AddressFeatures): boolean {
  for (let i = a.firmPlaces; i < a.places.length; i++) {
    const p = a.places[i];
    if (p.includes(' ')) continue;
    if (includesIn(b.all.words, b.all.nw, p)) return true;
    const k = p.length >= 4 ? skelOf(p) : '';
    if (k && includesIn(b.all.skels, b.all.nw, k)) return true;
  }
  return false;
}

function statesAgree(a: AddressFeatures, b: AddressFeatures): boolean | null {
  if (!a.states.length || !b.states.length) return null;
  for (const s of a.states) if (b.states.includes(s)) return true;
  return false;
}

/**
 * Each names a building or locality the other does not mention anywhere ("royal palm tower,
 * kothrud" vs "royal palm tower, baner"; "flat 302, lakshmi nivas, mg road" vs "flat 302,
 * gayathri nivas, mg road"). Compared with everything the other side wrote, so a name the two
 * parses put in different components still counts as found.
 */
function namesDiffer(a: AddressFeatures, b: AddressFeatures): boolean {
  // The named words are a prefix of the core words unless the set was built apart.
  const knownA = a.named.words === a.core.words ? coreMatchA : null;
  const knownB = b.named.words === b.core.words ? coreMatchB : null;
  return namesUnfound(a.named, b.all, knownA) && namesUnfound(b.named, a.all, knownB);
}

/**
 * Whether one of the places `part` names (a chunk: "k k nagar", "yashoda enclave") is not found
 * in `other`: less than 0.35 of its naming words' weight matches there.
 */
function namesUnfound(part: WordSet, other: WordSet, known: Float64Array | null): boolean {
  const ends = part.ends;
  if (!ends) {
    const f = namingFound(part, other, 0, part.nw, false, known);
    return f !== null && f < 0.35;
  }
  let from = 0;
  for (const to of ends) {
    // A bare number ("tower 2" cut as "tower" and "2") names nothing by itself.
    if (allDigits(part, from, to)) {
      from = to;
      continue;
    }
    let f = from < to ? namingFound(part, other, from, to, false, known) : null;
    // A name made only of generic words ("old town", "new colony") is still a name.
    if (f === null && to - from >= 2) f = namingFound(part, other, from, to, true, known);
    if (f !== null && f < 0.35) return true;
    from = to;
  }
  return false;
}

/**
 * Two localities with the same name and different kinds ("shivaji nagar" / "shivaji park",
 * "anand vihar" / "anand nagar") are different places: the same name words, each with a
 * locality suffix, and no suffix of one equal to, a form of ("pura" / "puram") or one slip from
 * one of the other's.
 */
function suffixesConflict(as: readonly (readonly string[])[], bs: readonly (readonly string[])[]): boolean {
  for (const ca of as) {
    if (!hasSuffix(ca)) continue;
    for (const cb of bs) {
      if (hasSuffix(cb) && namesIn(ca, cb) && namesIn(cb, ca) && !shareSuffix(ca, cb)) return true;
    }
  }
  return false;
}

function hasSuffix(c: readonly string[]): boolean {
  for (const t of c) if (KIND.get(t) === 'localitySuffix') return true;
  return false;
}

/** Every name word of `ca` (not a keyword, not a number) is in `cb`, as written or by its skeleton; and it has one. */
function namesIn(ca: readonly string[], cb: readonly string[]): boolean {
  let named = false;
  for (const t of ca) {
    if (KIND.has(t) || DIGITS.test(t)) continue;
    named = true;
    const sk = skelOf(t);
    let found = false;
    for (const u of cb) if (u === t || (sk && skelOf(u) === sk)) found = true;
    if (!found) return false;
  }
  return named;
}

function shareSuffix(ca: readonly string[], cb: readonly string[]): boolean {
  for (const t of ca) {
    if (KIND.get(t) !== 'localitySuffix') continue;
    for (const u of cb) {
      if (KIND.get(u) !== 'localitySuffix') continue;
      if (u === t || u.startsWith(t) || t.startsWith(u) || withinTypos(t, u, 1)) return true;
    }
  }
  return false;
}

function allDigits(part: WordSet, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!DIGITS.test(part.words[i])) return false;
  return true;
}

/**
 * Weighted share of the naming words (not generic: "nagar", "towers", "new" say nothing about
 * which one; all words with `generic`) of words from..to of `part` found among `other`'s words;
 * null when they name nothing.
 */
function namingFound(part: WordSet, other: WordSet, from: number, to: number, generic: boolean, known: Float64Array | null): number | null {
  let total = 0;
  let got = 0;
  for (let i = from; i < to; i++) {
    const w = part.weights[i];
    if (w <= GENERIC_WEIGHT && !generic) continue;
    total += w;
    if (known !== null && known[i] >= 0.8) {
      got += w * known[i];
      continue;
    }
    const m = wordMatch(part, i, other);
    got += w * (m < 1 && i + 1 < to && joinedFound(part, i, other) ? 1 : m);
  }
  return total > 0 ? got / total : null;
}

/** Words i and i+1 of `a` written as one word in `b` ("hsr layout" / "hsrlayout"). */
function joinedFound(a: WordSet, i: number, b: WordSet): boolean {
  const t = a.words[i];
  const jo = joinedOf(statsOf(t), t, a.words[i + 1]);
  return includesIn(b.words, b.nw, jo.j) || (jo.j.length >= 6 && includesIn(b.skels, b.nw, jo.sk));
}

/**
 * Whether the city an address names without a pincode lies in another address's pincode: 1 when
 * one of its cities or districts is the pincode's, 0 when it names firm places elsewhere, null
 * when it names no city to check (a state alone is already compared as the state).
 */
function pinFits(pin: PinInfo, other: AddressFeatures): number | null {
  for (const p of other.places) if (pin.districts.includes(p)) return 1;
  return other.firmPlaces > 0 ? 0 : null;
}

export function scoreFeatures(a: AddressFeatures, b: AddressFeatures): PairScore {
  let num = 0;
  let den = 0;
  const house = houseMatch(a, b);
  if (house !== null) {
    num += 0.25 * house;
    den += 0.25;
  } else if (a.house || b.house) {
    num += 0.05;
    den += 0.1;
  }
  if (a.core.nw > coreMatchA.length) coreMatchA = new Float64Array(2 * a.core.nw);
  if (b.core.nw > coreMatchB.length) coreMatchB = new Float64Array(2 * b.core.nw);
  let core = wordSimilarity(a.core, b.core, coreMatchA, coreMatchB);
  // Against an empty side nothing was compared: nothing is found.
  if (!b.core.nw) coreMatchA.fill(0, 0, a.core.nw);
  if (!a.core.nw) coreMatchB.fill(0, 0, b.core.nw);
  if (core !== null && core < 0.75) {
    // Parses may cut the same words differently (a landmark without commas, a locality read as
    // a city): compare everything written, minus a small penalty for the disagreement.
    const all = wordSimilarity(a.all, b.all);
    if (all !== null && all - 0.05 > core) core = all - 0.05;
  }
  if (core !== null) {
    num += 0.45 * core;
    den += 0.45;
  }
  const landmark = a.landmark.nw && b.landmark.nw ? wordSimilarity(a.landmark, b.landmark) : null;
  if (landmark !== null) {
    num += 0.05 * landmark;
    den += 0.05;
  }
  const places = placesAgree(a, b);
  const states = statesAgree(a, b);
  if (places !== null) {
    num += 0.1 * (places ? 1 : 0);
    den += 0.1;
  } else if (states !== null) {
    num += 0.05 * (states ? 1 : 0);
    den += 0.05;
  }
  let pin: number | null = null;
  if (a.pincode && b.pincode) {
    pin = a.pincode === b.pincode ? 1 : a.pincode.slice(0, 4) === b.pincode.slice(0, 4) ? 0.4 : a.pincode.slice(0, 3) === b.pincode.slice(0, 3) ? 0.2 : 0;
    num += 0.15 * pin;
    den += 0.15;
  } else if (a.pin || b.pin) {
    // Only one side gives a (known) pincode: a weaker signal, whether the other's city or state
    // lies in it.
    const one = pinFits(a.pin ?? b.pin!, a.pin ? b : a);
    if (one !== null) {
      num += 0.05 * one;
      den += 0.05;
    }
  }
  const similarity = den > 0 ? (100 * num) / den : 0;

  let cap = 10;
  if (house === null) cap = 6; // without both house numbers the dwelling cannot be confirmed
  else if (house === 0) cap = 2;
  if (pin !== null && pin < 1) cap = Math.min(cap, 2);
  if (places === false || states === false) cap = Math.min(cap, 1);
  if (a.floor !== null && b.floor !== null && a.floor !== b.floor) cap = Math.min(cap, 3);
  if (core !== null && core < 0.5) cap = Math.min(cap, 3);
  const base = 10 * Math.min(1, Math.max(0, (similarity - 50) / 42));
  // The named-chunk comparison is the costliest cap: skipped when a cap of 3 could not bind.
  if (cap > 3 && base > 3 && (namesDiffer(a, b) || suffixesConflict(a.localities, b.localities))) cap = 3;
  const raw = Math.min(base, cap);
  return { similarity: Math.round(similarity * 100) / 100, samePerson: Math.round(raw), samePersonRaw: raw + similarity / 1000 };
}
