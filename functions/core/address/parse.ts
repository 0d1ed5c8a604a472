/**
 * Parsing: canonical tokens -> address components. Rule-based: the tail of the address gives
 * state and city, markers give landmark, district, house/flat and floor, and keyword suffixes
 * and prefixes ("... road", "gali 5", "... nagar", "sector 15", "... apartment") cut the rest
 * into street, locality and building chunks.
 */
import { normaliseAddress, canonicalText, type NormalisedAddress } from './normalise.ts';
import { getPincodeData, type PinInfo, type PincodeData } from './pincodes.ts';
import { cityKey, GENERIC_WORDS, isShortStateCode, KIND, STATES, CITY_ALIASES, type Kind } from './vocab.ts';
import { approximateCity, approximateState, countryTypoLength } from './tail.ts';

/** Components as canonical token chunks (internal form used by the scorer and the formatter). */
export interface AddressParts {
  house: string | null;
  floor: string | null;
  building: string[][];
  street: string[][];
  locality: string[][];
  landmark: string[][];
  /** Land identifiers such as khasra/survey numbers ("kh 326"): part of the address, not of the dwelling. */
  plot: string[][];
  city: string | null;
  /** The city's key (aliases, misspellings and split words resolved), or null. */
  cityKey: string | null;
  /**
   * Whether the city was recognised as written (a district, an alias or one of the pincode's
   * districts). A city read through a typo without a pincode to confirm it, or an unknown name
   * taken for a city by its position, is weaker evidence of another place.
   */
  cityKnown: boolean;
  district: string | null;
  /** Canonical state key (lower-case GeoNames name). */
  state: string | null;
  pincode: string | null;
  pin: PinInfo | null;
  normalised: NormalisedAddress;
}

export interface ParsedAddress {
  house: string | null;
  floor: string | null;
  building: string | null;
  street: string | null;
  locality: string | null;
  landmark: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  pincode: string | null;
  /** Whether the pincode exists in the reference data; null when the address has none. */
  pincode_valid: boolean | null;
  /** Whether the pincode agrees with the state, district and known city written; null when nothing to check. */
  pincode_consistent: boolean | null;
  /** Canonical one-line text after normalisation. */
  normalised: string;
}

const HAS_DIGIT = /[0-9]/;
const NUMBERISH = /^[0-9]+[a-z]?$/;
const kindOf = (t: string | undefined): Kind | undefined => (t === undefined ? undefined : KIND.get(t));
const CITY_STATES = new Set(['delhi', 'chandigarh', 'pondicherry']);
const LANDMARK_MAX = 5;

export function parseParts(raw: string): AddressParts {
  const normalised = normaliseAddress(raw);
  const data = getPincodeData();
  // Work on a copy: segments are consumed as components are recognised.
  const segs: string[][] = [];
  for (const seg of normalised.segments) segs.push(seg.slice());
  const parts: AddressParts = {
    house: null, floor: null, building: [], street: [], locality: [], landmark: [], plot: [],
    city: null, cityKey: null, cityKnown: false, district: null, state: null, pincode: normalised.pincode, pin: null, normalised,
  };
  parts.pin = normalised.pincode ? (data.pins.get(normalised.pincode) ?? null) : null;

  stripTail(segs, data);
  takeState(segs, parts, data.gazetteer);
  stripTail(segs, data);
  takeDistrict(segs, parts);
  stripTail(segs, data);
  takeCity(segs, parts, data.gazetteer);
  takeLandmarks(segs, parts);
  takeHouseAndFloor(segs, parts);
  chunkRest(segs, parts);
  if (!parts.city && parts.state && CITY_STATES.has(parts.state)) {
    parts.city = parts.cityKey = parts.state;
    parts.cityKnown = true;
  }
  return parts;
}

/** Drops trailing noise ("india", "na", the country misspelt: "indua", "in dia") and empty segments. */
function stripTail(segs: string[][], data: PincodeData): void {
  while (segs.length) {
    const last = segs[segs.length - 1];
    for (;;) {
      while (last.length && kindOf(last[last.length - 1]) === 'noise') last.pop();
      const typo = countryTypoLength(last, data.df, data.gazetteer);
      if (!typo) break;
      last.length -= typo;
    }
    if (last.length) return;
    segs.pop();
  }
}

/** Last word of every state alias -> most words in an alias ending with it: most addresses are rejected by one lookup. */
const STATE_LAST_WORDS = new Map<string, number>();
for (const k of STATES.keys()) {
  const last = k.slice(k.lastIndexOf(' ') + 1);
  STATE_LAST_WORDS.set(last, Math.max(STATE_LAST_WORDS.get(last) ?? 0, k.split(' ').length));
}

function takeState(segs: string[][], parts: AddressParts, gazetteer: ReadonlySet<string>): void {
  if (!segs.length) return;
  const last = segs[segs.length - 1];
  let totalTokens = 0;
  for (const seg of segs) totalTokens += seg.length;
  const longest = STATE_LAST_WORDS.get(last[last.length - 1]);
  const pinStates = parts.pin?.states ?? null;
  if (longest !== undefined) {
    // "karnata ka": a state split in two whose last piece is also a code is the state, not the code.
    const split = last.length >= 2 && isShortStateCode(last[last.length - 1]) ? approximateState(last, totalTokens, pinStates, true, gazetteer) : null;
    if (!split || split.n < 2 || STATES.has(last.slice(last.length - split.n).join(' '))) {
      if (takeExactState(segs, last, parts, longest, totalTokens)) return;
    }
  }
  // No exact name ends the address: a misspelt, split or dotted one may, unless it ends with a
  // city (the state is written after the city, not before).
  const end = last[last.length - 1];
  if (gazetteer.has(end) || CITY_ALIASES.has(end) || (parts.pin !== null && parts.pin.districts.includes(end))) return;
  const m = approximateState(last, totalTokens, pinStates, false, gazetteer);
  if (m) {
    parts.state = m.key;
    last.length -= m.n;
    if (!last.length) segs.pop();
  }
}

function takeExactState(segs: string[][], last: string[], parts: AddressParts, longest: number, totalTokens: number): boolean {
  // Longer phrases cannot be an alias: start at the longest alias ending with this word.
  for (let n = Math.min(6, longest, last.length); n >= 1; n--) {
    const phrase = last.slice(last.length - n).join(' ');
    const key = STATES.get(phrase);
    if (!key) continue;
    // A two-letter code ("up", "ka") counts only as its own segment or after a city word.
    if (isShortStateCode(phrase) && (totalTokens < 3 || (last.length === 1 && segs.length < 2))) continue;
    // "delhi" alone is both a state and a city: leave it for the city when nothing precedes it in the segment.
    parts.state = key;
    last.length -= n;
    if (!last.length) segs.pop();
    if (phrase !== key && !isShortStateCode(phrase) && CITY_STATES.has(key) && phrase !== 'nct of delhi') {
      parts.city = phrase; // "new delhi"
      parts.cityKey = cityKey(phrase);
      parts.cityKnown = true;
    }
    return true;
  }
  return false;
}

let firstWordsFor: ReadonlySet<string> | null = null;
let firstWords: Set<string> = new Set();

/** Whether `w` starts some known city or district name (a cheap filter before joining phrases). */
function cityWord(w: string, gazetteer: ReadonlySet<string>): boolean {
  if (firstWordsFor !== gazetteer) {
    firstWords = new Set();
    for (const name of [...gazetteer, ...CITY_ALIASES.keys(), ...STATES.keys()]) firstWords.add(name.split(' ')[0]);
    firstWordsFor = gazetteer;
  }
  return firstWords.has(w);
}

function takeCity(segs: string[][], parts: AddressParts, gazetteer: ReadonlySet<string>): void {
  if (!segs.length || parts.city) return;
  const last = segs[segs.length - 1];
  const pinDistricts = parts.pin?.districts ?? [];
  // A short segment opening with "near", "beside"...: a landmark phrase, not "..., city".
  const landmarkLed = last.length <= 3 && kindOf(last[0]) === 'landmark';
  for (let n = Math.min(4, last.length); n >= 1; n--) {
    if (n > 1 && !cityWord(last[last.length - n], gazetteer)) continue;
    const phrase = last.slice(last.length - n).join(' ');
    const key = cityKey(phrase);
    // Districts named like a keyword ("nagar", "puri", "basti", "bank") end "saheed nagar" or
    // "near canara bank": such a word is the city only standing alone or when the pincode says
    // so, and so is any name ending a landmark phrase ("beside canara bank").
    if (n < last.length && (landmarkLed || (n === 1 && (kindOf(phrase) !== undefined || GENERIC_WORDS.has(phrase)))) && !pinDistricts.includes(key)) continue;
    if (pinDistricts.includes(key) || gazetteer.has(key) || CITY_ALIASES.has(phrase) || STATES.get(phrase) === 'delhi') {
      parts.city = phrase;
      parts.cityKey = key;
      parts.cityKnown = true;
      last.length -= n;
      if (!last.length) segs.pop();
      return;
    }
  }
  // Misspelt or split in two ("bhopak", "co imbatore"): confirmed by the pincode when there is one.
  const approx = landmarkLed && !parts.pin ? null : approximateCity(last, gazetteer, parts.pin ? pinDistricts : null);
  if (approx) {
    parts.city = last.slice(last.length - approx.n).join(' ');
    parts.cityKey = approx.key;
    parts.cityKnown = parts.pin !== null;
    last.length -= approx.n;
    if (!last.length) segs.pop();
    return;
  }
  // Unknown city: a short keyword-free last segment after other segments. Not when the pincode
  // is known: its districts would have matched, so the segment is a locality ("..., behala, 700034").
  if (!parts.pin && segs.length >= 3 && last.length <= 2 && last.every((t) => !HAS_DIGIT.test(t) && kindOf(t) === undefined)) {
    parts.city = parts.cityKey = last.join(' ');
    segs.pop();
  }
}

function takeDistrict(segs: string[][], parts: AddressParts): void {
  for (let si = 0; si < segs.length; si++) {
    const seg = segs[si];
    const i = seg.indexOf('district');
    if (i < 0) continue;
    if (i + 1 < seg.length) {
      parts.district = seg.slice(i + 1).join(' ');
      seg.length = i;
    } else if (i > 0) {
      parts.district = seg.slice(0, i).join(' ');
      seg.length = 0;
    } else {
      seg.length = 0;
    }
    return;
  }
}

function landmarkStart(seg: string[], i: number): boolean {
  const t = seg[i];
  const k = kindOf(t);
  if (k !== 'landmark') return false;
  if (t === 'next') return seg[i + 1] === 'to';
  if (t === 'front') return i > 0 && seg[i - 1] === 'in';
  return true;
}

/** Nouns that end a landmark phrase ("near shiv mandir", "opposite petrol pump"). */
const LANDMARK_NOUNS = new Set([
  'mall', 'mandir', 'temple', 'masjid', 'mosque', 'church', 'gurudwara', 'school', 'college', 'hospital', 'station',
  'stand', 'bank', 'office', 'pump', 'tank', 'hotel', 'gate', 'cinema', 'theatre', 'theater', 'stadium', 'tower',
  'clinic', 'atm', 'depot', 'circle', 'chowk', 'bridge', 'park', 'ground', 'hall', 'market', 'bazaar', 'showroom',
]);

/**
 * End (exclusive) of the landmark phrase whose marker is at i. With commas the phrase runs to the
 * end of its segment; without them it ends at a landmark noun, before the next keyword, or after
 * two words.
 */
function landmarkEnd(seg: string[], i: number): number {
  if (seg.length - i - 1 <= 3) return seg.length;
  for (let j = i + 1; j < seg.length && j - i <= LANDMARK_MAX; j++) {
    if (LANDMARK_NOUNS.has(seg[j])) return j + 1;
    const k = kindOf(seg[j]);
    if (j > i + 1 && k && k !== 'noise' && k !== 'building' && k !== 'postOffice') return j;
  }
  return Math.min(seg.length, i + 3);
}

function takeLandmarks(segs: string[][], parts: AddressParts): void {
  for (const seg of segs) {
    for (let i = 0; i < seg.length; i++) {
      if (!landmarkStart(seg, i)) continue;
      const start = i > 0 && seg[i - 1] === 'in' ? i - 1 : i;
      const end = landmarkEnd(seg, i);
      const words = seg.slice(i + 1, end).filter((t) => kindOf(t) !== 'noise');
      if (words.length) parts.landmark.push(words);
      seg.splice(start, end - start);
      i = start - 1;
    }
  }
}

function isIdLike(t: string | undefined): boolean {
  return t !== undefined && HAS_DIGIT.test(t);
}

/** Canonical dwelling number: "F-302" -> "f-302", "12-3-45/A" -> "12-3-45/a". */
function takeHouseAndFloor(segs: string[][], parts: AddressParts): void {
  // Floors first so that "3 floor" is never read as a house number.
  for (const seg of segs) {
    for (let i = 0; i < seg.length; i++) {
      if (seg[i] !== 'floor') continue;
      // "flat 608 floor 6": the number before "floor" is the flat's when a unit word numbers it
      // and a number follows.
      const unitBefore = i > 1 && (kindOf(seg[i - 2]) === 'unitMarker' || seg[i - 2] === 'no') && NUMBERISH.test(seg[i + 1] ?? '');
      if (i > 0 && NUMBERISH.test(seg[i - 1]) && !unitBefore) {
        parts.floor ??= seg[i - 1];
        seg.splice(i - 1, 2);
        i -= 2;
      } else if (i + 1 < seg.length && NUMBERISH.test(seg[i + 1])) {
        parts.floor ??= seg[i + 1];
        seg.splice(i, 2);
        i -= 1;
      } else {
        seg.splice(i, 1);
        i -= 1;
      }
    }
  }
  // Land identifiers: "kh no 82/22", "survey no 12".
  for (const seg of segs) {
    for (let i = 0; i < seg.length; i++) {
      const k = kindOf(seg[i]);
      if (k !== 'plotMarker' && seg[i] !== 'survey') continue;
      let j = i + 1;
      if (seg[j] === 'no') j++;
      if (isIdLike(seg[j])) {
        parts.plot.push(['kh', seg[j]]);
        seg.splice(i, j - i + 1);
        i -= 1;
      }
    }
  }
  // Explicit markers: "house no 12", "flat 302", "plot no c-19". Unit words first, then a bare
  // "no" / "#": "tower no 3, flat 302" is flat 302.
  takeMarkedHouse(segs, parts, false);
  if (!parts.house) takeMarkedHouse(segs, parts, true);
  if (!parts.house) {
    // The first id-like token of the address, unless a keyword says it numbers something else.
    outer: for (let si = 0; si < segs.length && si < 2; si++) {
      const seg = segs[si];
      for (let i = 0; i < seg.length; i++) {
        if (!isIdLike(seg[i])) continue;
        const prev = kindOf(seg[i - 1]);
        const next = kindOf(seg[i + 1]);
        const prevTakesNumber = prev === 'localityPrefix' || prev === 'streetPrefix' || prev === 'no' || prev === 'streetSuffix' || prev === 'wing';
        const nextIsKeyword = next === 'streetSuffix' || next === 'localityPrefix' || next === 'localitySuffix' || next === 'wing' || seg[i + 1] === 'feet' || seg[i + 1] === 'ft';
        if (prevTakesNumber || nextIsKeyword) {
          if (si === 0 && i === 0) continue;
          continue;
        }
        // Plain small numbers deep inside a segment are more often names ("sector 15 market 2"),
        // except right after a building word ("yashoda apartment 603": the flat).
        if (i > 0 && NUMBERISH.test(seg[i]) && !(si === 0 && i <= 1) && prev !== 'building') continue;
        parts.house = withTrailingLetter(seg, i, seg[i]);
        seg.splice(i, 1);
        break outer;
      }
    }
  }
  if (parts.house) parts.house = canonicalHouse(parts.house);
}

/**
 * One pass over the explicit markers: unit words ("flat", "house", "Apt 404" opening a segment),
 * or with `bareNo` a "no" / "#" that does not number a preceding keyword ("road no 5") other than
 * a building's ("niwas #302").
 */
function takeMarkedHouse(segs: string[][], parts: AddressParts, bareNo: boolean): void {
  for (const seg of segs) {
    for (let i = 0; i < seg.length; i++) {
      const t = seg[i];
      const k = kindOf(t);
      if (bareNo) {
        const prev = i > 0 ? kindOf(seg[i - 1]) : undefined;
        if (k !== 'no' || (prev !== undefined && prev !== 'building')) continue;
      } else if (k !== 'unitMarker' && !(t === 'apartment' && i === 0 && isIdLike(seg[1]))) continue;
      let j = i + 1;
      if (seg[j] === 'no') j++;
      // "flat a 302" / "flat no b 12": a lone letter before the number is part of it.
      if (seg[j] && seg[j].length === 1 && !HAS_DIGIT.test(seg[j]) && isIdLike(seg[j + 1])) {
        parts.house = `${seg[j]}-${seg[j + 1]}`;
        seg.splice(i, j - i + 2);
        return;
      }
      if (isIdLike(seg[j])) {
        parts.house = withTrailingLetter(seg, j, seg[j]);
        seg.splice(i, j - i + 1);
        return;
      }
    }
  }
}

const PLAIN_NUMBER = /^[0-9]+$/;

/**
 * "no 21 c," / "#378 b rajpur road": a lone letter after a plain number is part of it (21-c),
 * unless a keyword follows it ("12 a block", "302 b wing"). The letter is removed from `seg`.
 */
function withTrailingLetter(seg: string[], i: number, id: string): string {
  const next = seg[i + 1];
  if (!PLAIN_NUMBER.test(id) || next === undefined || next.length !== 1 || next < 'a' || next > 'z') return id;
  const after = seg[i + 2];
  if (after !== undefined && kindOf(after) !== undefined) return id;
  seg.splice(i + 1, 1);
  return `${id}-${next}`;
}

const HOUSE_PLAIN = /^[0-9]+$/;

export function canonicalHouse(h: string): string {
  // All digits (most house numbers): nothing to split or trim.
  if (HOUSE_PLAIN.test(h)) return h;
  // Split letters from digits so that "f302", "f-302" and "f 302" agree.
  return h.replace(/([a-z])(?=[0-9])|([0-9])(?=[a-z])/g, '$1$2-').replace(/-+/g, '-').replace(/^-|-$/g, '');
}

function emitChunk(parts: AddressParts, kind: 'building' | 'street' | 'locality', toks: string[]): boolean {
  let words = toks;
  for (const t of toks) {
    if (KIND.get(t) === 'noise') {
      words = toks.filter((x) => KIND.get(x) !== 'noise');
      break;
    }
  }
  if (!words.length) return false;
  parts[kind].push(words);
  return true;
}

function chunkRest(segs: string[][], parts: AddressParts): void {

  for (let si = 0; si < segs.length; si++) {
    const seg = segs[si];
    let buf: string[] = [];
    let lastLocalityEnd = -2;
    for (let i = 0; i < seg.length; i++) {
      const t = seg[i];
      const k = kindOf(t);
      const next = seg[i + 1];
      if (k === 'noise') continue;
      if (k === 'building') {
        emitChunk(parts, 'building', [...buf, t]);
        buf = [];
      } else if (k === 'wing') {
        if (buf.length && buf[buf.length - 1].length <= 2) {
          emitChunk(parts, 'building', [buf.pop()!, t]);
        } else if (next && next.length <= 2) {
          emitChunk(parts, 'building', [next, t]);
          i++;
        }
      } else if (k === 'streetSuffix') {
        const chunk = [...buf, t];
        buf = [];
        if (next === 'no' && isIdLike(seg[i + 2])) {
          chunk.push(seg[i + 2]);
          i += 2;
        } else if (isIdLike(next) && (t === 'road' || t === 'lane' || t === 'cross' || t === 'main')) {
          chunk.push(next);
          i++;
        }
        emitChunk(parts, 'street', chunk);
      } else if (k === 'streetPrefix') {
        let j = i + 1;
        if (seg[j] === 'no') j++;
        if (isIdLike(seg[j])) {
          if (buf.length) emitChunk(parts, 'locality', buf);
          buf = [];
          emitChunk(parts, 'street', [t, seg[j]]);
          i = j;
        } else {
          emitChunk(parts, 'street', [...buf, t]);
          buf = [];
        }
      } else if (k === 'localitySuffix') {
        if (emitChunk(parts, 'locality', [...buf, t])) lastLocalityEnd = i;
        buf = [];
      } else if (k === 'localityPrefix') {
        let j = i + 1;
        if (seg[j] === 'no') j++;
        if (!buf.length && lastLocalityEnd === i - 1 && t !== 'village' && t !== 'mohalla' && isIdLike(seg[j])) {
          // "sadh nagar part 2", "mayur vihar phase 1": the part belongs to the locality just named.
          parts.locality[parts.locality.length - 1].push(t, seg[j]);
          i = j;
        } else if (buf.length && isIdLike(buf[buf.length - 1]) && !isIdLike(seg[j])) {
          // "koramangala 5 block"
          emitChunk(parts, 'locality', [...buf, t]);
          buf = [];
        } else if (seg[j] !== undefined) {
          if (buf.length) {
            // "sadh nagar part 2", "koramangala block 5": the name before the prefix is the same place.
            emitChunk(parts, 'locality', [...buf, t, seg[j]]);
            buf = [];
          } else {
            emitChunk(parts, 'locality', [t, seg[j]]);
          }
          i = j;
        } else {
          emitChunk(parts, 'locality', [...buf, t]);
          buf = [];
        }
      } else if (k === 'postOffice' || k === 'taluk') {
        if (buf.length) emitChunk(parts, 'locality', buf);
        buf = [];
        // "po rampur": the office name is a locality word
      } else if (k === 'unitMarker' || k === 'no') {
        continue;
      } else {
        buf.push(t);
      }
    }
    if (buf.length) {
      // A bare name between the house number and the first street/locality is usually the building.
      const numbersOnly = buf.every((t) => HAS_DIGIT.test(t));
      if (!numbersOnly && parts.street.length + parts.locality.length === 0 && parts.building.length === 0 && si < segs.length - 1) emitChunk(parts, 'building', buf);
      else emitChunk(parts, 'locality', buf);
    }
  }
}

function joinChunks(chunks: string[][]): string | null {
  return chunks.length ? chunks.map((c) => c.join(' ')).join(', ') : null;
}

export function pincodeConsistency(parts: AddressParts): boolean | null {
  const pin = parts.pin;
  if (!pin) return null;
  let checked = false;
  if (parts.state) {
    checked = true;
    if (!pin.states.includes(parts.state)) return false;
  }
  const gazetteer = getPincodeData().gazetteer;
  for (const key of [parts.district ? cityKey(parts.district) : null, parts.cityKey]) {
    if (!key) continue;
    if (!gazetteer.has(key)) continue; // a city we do not know cannot be checked
    checked = true;
    if (!pin.districts.includes(key) && !(CITY_STATES.has(key) && pin.states.includes(key))) return false;
  }
  return checked ? true : null;
}

export function toParsedAddress(parts: AddressParts): ParsedAddress {
  const stateName = parts.state ? (getPincodeData().stateNames.get(parts.state) ?? parts.state) : null;
  return {
    house: parts.house,
    floor: parts.floor,
    building: joinChunks(parts.building.concat(parts.plot)),
    street: joinChunks(parts.street),
    locality: joinChunks(parts.locality),
    landmark: joinChunks(parts.landmark),
    city: parts.city,
    district: parts.district,
    state: stateName,
    pincode: parts.pincode,
    pincode_valid: parts.pincode ? parts.pin !== null : null,
    pincode_consistent: pincodeConsistency(parts),
    normalised: canonicalText(parts.normalised),
  };
}
