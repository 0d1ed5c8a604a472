/**
 * The end of an address written loosely: the country, the state and the city with keyboard
 * slips (`Indua`, `Tail Nadu`, `Gujjarat`, `Bhopak`), split in two (`Odi sha`, `Co imbatore`,
 * `IN DIA`) or as dotted codes (`U.P.` -> `u p`). The parser asks here only after the exact
 * vocabulary lookups failed. A misspelt name is taken only when it is unambiguous and, when the
 * pincode is known, when the pincode agrees with it: a guess the pincode contradicts is not a
 * reading of the address.
 */
import { closestAmong, closestName, nameIndex, withinTypos, type NameIndex } from './fuzzy.ts';
import { CITY_ALIASES, cityKey, isShortStateCode, KIND, STATES } from './vocab.ts';

const LETTERS = /^[a-z]+$/;

/** State names and aliases of 5+ letters written without spaces -> canonical state key. */
const STATE_BY_JOINED = new Map<string, string>();
for (const [alias, key] of STATES) {
  const joined = alias.replace(/ /g, '');
  if (!isShortStateCode(alias) && joined.length >= 5 && LETTERS.test(joined)) STATE_BY_JOINED.set(joined, key);
}
const STATE_INDEX = nameIndex(STATE_BY_JOINED.keys());
const STATE_NAMES_BY_KEY = namesByKey(STATE_BY_JOINED);

/** key -> the written forms that map to it. */
function namesByKey(byName: ReadonlyMap<string, string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, key] of byName) {
    const list = out.get(key);
    if (list) list.push(name);
    else out.set(key, [name]);
  }
  return out;
}

/**
 * The key `joined` spells (exactly or with slips) among the keys `allowed` (the pincode's states
 * or districts): only their names are compared, which is also much less work than the full index.
 */
function lookupAllowed(joined: string, exact: ReadonlyMap<string, string>, names: ReadonlyMap<string, string[]>, allowed: readonly string[]): string | null {
  const hit = exact.get(joined);
  if (hit !== undefined) return allowed.includes(hit) ? hit : null;
  let memo = allowedMemo.get(allowed);
  if (memo === undefined) {
    let candidates: string[] = [];
    for (const k of allowed) {
      const list = names.get(k);
      if (list) candidates = candidates.concat(list);
    }
    if (allowedMemo.size >= MEMO_LIMIT) allowedMemo.clear();
    memo = { candidates, found: new Map() };
    allowedMemo.set(allowed, memo);
  }
  let key = memo.found.get(joined);
  if (key === undefined) {
    const near = closestAmong(joined, memo.candidates, exact);
    key = near === null ? null : (exact.get(near) ?? null);
    if (memo.found.size < 256) memo.found.set(joined, key);
  }
  return key;
}

// Per list of a pincode's states or districts (the pincode data's own arrays, one per
// pincode): their names, and what written words were found to spell among them (bounded).
const allowedMemo = new Map<readonly string[], { candidates: string[]; found: Map<string, string | null> }>();

/**
 * How many trailing tokens of `seg` spell the country with one slip (`indua`, `inida`, `in dia`,
 * `indi a`), or 0. A word of place names (`placeWords`: post-office name words, districts) is
 * never taken for it.
 */
export function countryTypoLength(seg: readonly string[], placeWords: ReadonlyMap<string, number>, gazetteer: ReadonlySet<string>): number {
  const n = seg.length;
  if (!n) return 0;
  const last = seg[n - 1];
  if (last.length >= 4 && last.length <= 6 && last.charCodeAt(0) === 105 && !placeWords.has(last) && !gazetteer.has(last) && countrySlip(last)) return 1;
  if (n >= 2 && LETTERS.test(last) && LETTERS.test(seg[n - 2])) {
    const len = seg[n - 2].length + last.length;
    if (len >= 5 && len <= 6 && countrySlip(seg[n - 2] + last)) return 2;
  }
  return 0;
}

/**
 * One slip of "india": a letter dropped, changed or two swapped, or one doubled ("inddia"). Any
 * other added letter makes a word ("indira", "indian").
 */
function countrySlip(w: string): boolean {
  if (w.length <= 5) return withinTypos(w, 'india', 1);
  for (let i = 1; i < w.length; i++) {
    if (w.charCodeAt(i) === w.charCodeAt(i - 1) && w.slice(0, i) + w.slice(i + 1) === 'india') return true;
  }
  return false;
}

export interface TailMatch {
  /** Canonical key (state key, or city key). */
  key: string;
  /** Trailing tokens it takes. */
  n: number;
}

// Approximate lookups are pure functions of the written words: kept, bounded.
const MEMO_LIMIT = 20_000;
const stateMemo = new Map<string, string | null>();
const cityMemo = new Map<string, string | null>();

function lookup(memo: Map<string, string | null>, joined: string, exact: ReadonlyMap<string, string>, index: NameIndex): string | null {
  let hit = memo.get(joined);
  if (hit === undefined) {
    hit = exact.get(joined) ?? null;
    if (hit === null) {
      const near = closestName(joined, index, exact);
      if (near !== null) hit = exact.get(near) ?? null;
    }
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(joined, hit);
  }
  return hit;
}

/** Trailing `n` tokens joined without spaces, or null when one of them is not a plain word. */
function joinedTail(seg: readonly string[], n: number): string | null {
  let out = '';
  for (let i = seg.length - n; i < seg.length; i++) {
    const t = seg[i];
    if (!LETTERS.test(t) || KIND.has(t)) return null;
    out += t;
  }
  return out;
}

/**
 * The state written at the end of `seg` with a slip, split, or as dotted letters, or null.
 * `pinStates` (the pincode's states, when the pincode is known) must agree with the reading.
 * With `splitOnly`, only a name split over two or three tokens is looked for. A single word that
 * is a district, a city or a keyword is never read as a misspelt state.
 */
export function approximateState(
  seg: readonly string[],
  totalTokens: number,
  pinStates: readonly string[] | null,
  splitOnly: boolean,
  gazetteer: ReadonlySet<string>,
): TailMatch | null {
  // Dotted codes: "u p", "t n", "m h" (only where a code is read at all: see parse.takeState).
  const n = seg.length;
  if (!splitOnly && n >= 2 && seg[n - 1].length === 1 && seg[n - 2].length === 1 && totalTokens >= 4) {
    const key = STATES.get(seg[n - 2] + seg[n - 1]);
    if (key && (!pinStates || pinStates.includes(key))) return { key, n: 2 };
  }
  for (let k = splitOnly ? 2 : 1; k <= Math.min(3, n); k++) {
    const joined = joinedTail(seg, k);
    if (joined === null) break;
    if (joined.length < 5) continue;
    if (k === 1 && (gazetteer.has(joined) || CITY_ALIASES.has(joined))) continue;
    const key = pinStates ? lookupAllowed(joined, STATE_BY_JOINED, STATE_NAMES_BY_KEY, pinStates) : lookup(stateMemo, joined, STATE_BY_JOINED, STATE_INDEX);
    if (key) return { key, n: k };
  }
  if (splitOnly) return null;
  // Abbreviated: "guj", "maha", "karn" (3+ letters; 4+ without a pincode to confirm it).
  const last = seg[n - 1];
  if (last.length < (pinStates ? 3 : 4) || last.length > 6 || !LETTERS.test(last) || KIND.has(last) || gazetteer.has(last) || CITY_ALIASES.has(last)) return null;
  const key = abbreviationKept(last, pinStates ?? ALL_STATES, STATE_NAMES_BY_KEY);
  return key ? { key, n: 1 } : null;
}

// Abbreviations looked up, per list of keys (a pincode's, or all states), by written word.
const abbreviationMemo = new Map<readonly string[], Map<string, string | null>>();

function abbreviationKept(written: string, keys: readonly string[], names: ReadonlyMap<string, string[]>): string | null {
  let memo = abbreviationMemo.get(keys);
  if (memo === undefined) {
    if (abbreviationMemo.size >= MEMO_LIMIT) abbreviationMemo.clear();
    memo = new Map();
    abbreviationMemo.set(keys, memo);
  }
  let key = memo.get(written);
  if (key === undefined) {
    key = abbreviationOf(written, keys, names);
    if (memo.size < 4096) memo.set(written, key);
  }
  return key;
}

const ALL_STATES = [...new Set(STATE_BY_JOINED.values())];

/**
 * The one key among `keys` having a name that `written` abbreviates (begins, shorter), or null
 * when none or several do.
 */
function abbreviationOf(written: string, keys: readonly string[], names: ReadonlyMap<string, string[]>): string | null {
  let found: string | null = null;
  for (const k of keys) {
    const list = names.get(k);
    if (!list) continue;
    for (const name of list) {
      if (name.length > written.length && name.startsWith(written)) {
        if (found !== null && found !== k) return null;
        found = k;
      }
    }
  }
  return found;
}

let cityIndexFor: ReadonlySet<string> | null = null;
let cityByJoined = new Map<string, string>();
let cityIndex: NameIndex = nameIndex([]);
let cityNamesByKey = new Map<string, string[]>();

function cityTables(gazetteer: ReadonlySet<string>): void {
  if (cityIndexFor === gazetteer) return;
  cityByJoined = new Map();
  for (const name of gazetteer) cityByJoined.set(name.replace(/ /g, ''), name);
  for (const alias of CITY_ALIASES.keys()) cityByJoined.set(alias.replace(/ /g, ''), cityKey(alias));
  for (const k of [...cityByJoined.keys()]) if (!LETTERS.test(k)) cityByJoined.delete(k);
  cityIndex = nameIndex(cityByJoined.keys());
  cityNamesByKey = namesByKey(cityByJoined);
  cityMemo.clear();
  cityIndexFor = gazetteer;
}

/**
 * The city (or district) written at the end of `seg` with a slip or split in two (`bhopak`,
 * `co imbatore`, `bhubaneeswar`), as a city key, or null. With a known pincode the reading must
 * be one of the pincode's districts.
 */
export function approximateCity(seg: readonly string[], gazetteer: ReadonlySet<string>, pinDistricts: readonly string[] | null): TailMatch | null {
  cityTables(gazetteer);
  // One word, or two written apart ("co imbatore"); a city split twice is too rare to pay for.
  for (let k = 1; k <= Math.min(2, seg.length); k++) {
    const joined = joinedTail(seg, k);
    if (joined === null) break;
    if (joined.length < 5 || STATES.has(joined)) continue;
    const key = pinDistricts ? lookupAllowed(joined, cityByJoined, cityNamesByKey, pinDistricts) : lookup(cityMemo, joined, cityByJoined, cityIndex);
    if (key) return { key, n: k };
  }
  // Abbreviated ("hyd", "ahmd"), only as one of the pincode's districts.
  const last = seg[seg.length - 1];
  if (!pinDistricts || last.length < 3 || !LETTERS.test(last) || KIND.has(last)) return null;
  const key = abbreviationKept(last, pinDistricts, cityNamesByKey);
  return key ? { key, n: 1 } : null;
}

/** Forgets the approximate-lookup memos (benchmarks measure cold passes with it). */
export function clearTailMemo(): void {
  stateMemo.clear();
  cityMemo.clear();
  allowedMemo.clear();
  abbreviationMemo.clear();
}
