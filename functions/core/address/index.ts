/**
 * Address matching engine: public API.
 *
 * Normalises and parses Indian addresses, and scores one source address against many targets
 * (POST /v1/address/match/batch). See docs/address-matching.md for the scores and the rules.
 */
import { AddressEngineUnavailableError, AddressNotNormalisableError } from './errors.ts';
import { formatParts, type FormattedAddress } from './format.ts';
import { parseParts, toParsedAddress, type AddressParts, type ParsedAddress } from './parse.ts';
import { getPincodeData } from './pincodes.ts';
import { features, scoreFeatures, type AddressFeatures, type PairScore } from './score.ts';
import { KIND } from './vocab.ts';
import { clearNormaliseMemo } from './normalise.ts';
import { clearWordMemo } from './score.ts';
import { clearTailMemo } from './tail.ts';

export { AddressEngineUnavailableError, AddressNotNormalisableError } from './errors.ts';
export { loadPincodeData, resetPincodeData, setPincodeSource, type PincodeSource, type PincodeData } from './pincodes.ts';
export type { ParsedAddress } from './parse.ts';
export type { FormattedAddress } from './format.ts';

/** Most targets one call (one request) may carry; the endpoint answers 400 above it. */
export const MAX_TARGETS_PER_REQUEST = 1000;

/** same_person_score at or above which two addresses are taken to be the same dwelling. */
export const SAME_PERSON_THRESHOLD = 7;

export interface AddressMatchTarget {
  address: string;
  index: number;
}

export interface AddressMatchResult {
  source_address: string;
  target_address: string;
  similarity_score: number | null;
  same_person_score: number | null;
  index: number;
  error_code: string | null;
  error_message: string | null;
}

const HAS_LETTERS = /[a-z\p{L}]{2}/u;

/** HAS_LETTERS.test(t), with plain ASCII tokens decided without the (slow) Unicode regex. */
function hasTwoLetters(t: string): boolean {
  let run = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c > 127) return HAS_LETTERS.test(t);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) {
      if (++run === 2) return true;
    } else run = 0;
  }
  return false;
}

/**
 * Why an address cannot be normalised, or null when it can. It cannot when, after
 * normalisation, it has no word of two or more letters that is not filler ("na", "null",
 * "test"...), or fewer than two meaningful tokens counting the pincode ("Delhi" alone, "560095"
 * alone, "N/A", punctuation).
 */
function notNormalisableReason(raw: unknown, parts: AddressParts | null): string | null {
  if (typeof raw !== 'string') return 'address is not a string';
  if (!raw.trim()) return 'address is empty';
  if (!parts) return 'address could not be read';
  let meaningful = parts.pincode ? 1 : 0;
  let words = 0;
  // Only "any word" and "at least two" matter: stop as soon as both are known.
  scan: for (const seg of parts.normalised.segments) {
    for (const t of seg) {
      if (KIND.get(t) === 'noise') continue;
      meaningful++;
      if (!words && hasTwoLetters(t)) words++;
      if (words && meaningful >= 2) break scan;
    }
  }
  if (!words) return 'address has no address words after normalisation';
  if (meaningful < 2) return 'address has too little content to identify a place';
  return null;
}

interface Prepared {
  parts: AddressParts;
  features: AddressFeatures;
}

function prepare(raw: unknown): Prepared | string {
  let parts: AddressParts | null = null;
  if (typeof raw === 'string' && raw.trim()) parts = parseParts(raw);
  const reason = notNormalisableReason(raw, parts);
  if (reason || !parts) return reason ?? 'address could not be read';
  return { parts, features: features(parts) };
}

/** Throws AddressEngineUnavailableError when the reference data cannot be loaded. */
function ensureEngine(): void {
  getPincodeData();
}

/** Forgets every per-word and per-segment memo (benchmarks use it to measure cold passes). */
export function clearAddressMemos(): void {
  clearNormaliseMemo();
  clearWordMemo();
  clearTailMemo();
}

/** True when the engine can serve (its reference data is loaded or loads now). */
export function addressEngineReady(): boolean {
  try {
    ensureEngine();
    return true;
  } catch {
    return false;
  }
}

/**
 * Scores `source` against every target, in input order. A target that cannot be normalised gets
 * null scores and error_code "422"; the source itself failing throws AddressNotNormalisableError.
 * Throws AddressEngineUnavailableError (503) when the engine cannot serve and RangeError when
 * there are more than MAX_TARGETS_PER_REQUEST targets.
 */
export function matchAddresses(source: string, targets: AddressMatchTarget[]): AddressMatchResult[] {
  ensureEngine();
  if (targets.length > MAX_TARGETS_PER_REQUEST) {
    throw new RangeError(`at most ${MAX_TARGETS_PER_REQUEST} target addresses per request`);
  }
  const src = prepare(source);
  if (typeof src === 'string') throw new AddressNotNormalisableError(`source address cannot be normalised: ${src}`);
  // Repeated target strings in one request are parsed once.
  const seen = new Map<string, Prepared | string>();
  return targets.map((t) => {
    const base = { source_address: source, target_address: t.address, index: t.index };
    let prepared: Prepared | string;
    try {
      const key = typeof t.address === 'string' ? t.address : null;
      prepared = (key !== null ? seen.get(key) : undefined) ?? prepare(t.address);
      if (key !== null) seen.set(key, prepared);
    } catch (err) {
      if (err instanceof AddressEngineUnavailableError) throw err;
      // One unreadable target never fails its neighbours.
      prepared = 'address could not be read';
    }
    if (typeof prepared === 'string') {
      return { ...base, similarity_score: null, same_person_score: null, error_code: '422', error_message: `target address cannot be normalised: ${prepared}` };
    }
    const s = scoreFeatures(src.features, prepared.features);
    return { ...base, similarity_score: s.similarity, same_person_score: s.samePerson, error_code: null, error_message: null };
  });
}

/** Full pair score (similarity, same_person and its unrounded value), or null when either side fails. */
export function scoreAddressPair(a: string, b: string): PairScore | null {
  ensureEngine();
  const pa = prepare(a);
  const pb = prepare(b);
  if (typeof pa === 'string' || typeof pb === 'string') return null;
  return scoreFeatures(pa.features, pb.features);
}

/** similarity_score of two addresses (0..100); 0 when either cannot be normalised. */
export function addressSimilarity(a: string, b: string): number {
  return scoreAddressPair(a, b)?.similarity ?? 0;
}

/** Components of one address. Throws AddressEngineUnavailableError when the engine cannot serve. */
export function parseAddress(raw: string): ParsedAddress {
  ensureEngine();
  return toParsedAddress(parseParts(typeof raw === 'string' ? raw : ''));
}

/** The formatted_address of one address (empty strings for parts it does not have). */
export function formatAddress(raw: string): FormattedAddress {
  ensureEngine();
  return formatParts(parseParts(typeof raw === 'string' ? raw : ''));
}
