/**
 * Pincode reference data (derived from GeoNames, CC BY 4.0; see data/README.md): pincode ->
 * states and districts, a gazetteer of district names for spotting the city, and word document
 * frequencies used as token-rarity statistics. Loaded once, lazily, from the source an adapter
 * installs (the core reads no files); a failed load makes the engine report itself unavailable
 * (the endpoint answers 503) instead of scoring without it.
 */
import { cityKey, STATES } from './vocab.ts';
import { normaliseWords } from './normalise.ts';
import { AddressEngineUnavailableError } from './errors.ts';

export interface PinInfo {
  /** Canonical state keys (lower-case GeoNames names, "&" as "and"). */
  states: string[];
  /** City keys of the districts (see vocab.cityKey). */
  districts: string[];
}

export interface PincodeData {
  pins: ReadonlyMap<string, PinInfo>;
  /** City keys of every district, for recognising the city at the end of an address. */
  gazetteer: ReadonlySet<string>;
  /** Canonical state key -> display name. */
  stateNames: ReadonlyMap<string, string>;
  /** Place-name word -> number of post-office names containing it. */
  df: ReadonlyMap<string, number>;
  places: number;
}

/** Reads the reference file (data/pincodes.json.gz, parsed); may throw. */
export type PincodeSource = () => unknown;

let source: PincodeSource | null = null;
let current: PincodeData | null = null;
let failure: AddressEngineUnavailableError | null = null;

interface RawData {
  v: number;
  states: string[];
  districts: string[];
  pins: Record<string, number[]>;
  df: Record<string, number>;
  places: number;
}

export function stateKeyOf(name: string): string {
  const key = normaliseWords(name).join(' ');
  return STATES.get(key) ?? key;
}

export function districtKeyOf(name: string): string {
  return cityKey(normaliseWords(name).join(' '));
}

/** Builds the in-memory tables from the committed JSON (throws on a malformed file). */
export function buildPincodeData(raw: RawData): PincodeData {
  if (raw.v !== 1 || !Array.isArray(raw.states) || !Array.isArray(raw.districts) || typeof raw.pins !== 'object') {
    throw new Error('unexpected pincode data format');
  }
  const stateKeys = raw.states.map(stateKeyOf);
  const districtKeys = raw.districts.map(districtKeyOf);
  const pins = new Map<string, PinInfo>();
  for (const [pin, pairs] of Object.entries(raw.pins)) {
    const states: string[] = [];
    const districts: string[] = [];
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const s = stateKeys[pairs[i]];
      const d = districtKeys[pairs[i + 1]];
      if (s && !states.includes(s)) states.push(s);
      if (d && !districts.includes(d)) districts.push(d);
    }
    pins.set(pin, { states, districts });
  }
  if (pins.size < 1000) throw new Error(`pincode data has only ${pins.size} pincodes`);
  const stateNames = new Map<string, string>();
  raw.states.forEach((name, i) => stateNames.set(stateKeys[i], name));
  return {
    pins,
    gazetteer: new Set(districtKeys.filter(Boolean)),
    stateNames,
    df: new Map(Object.entries(raw.df ?? {})),
    places: raw.places || 1,
  };
}

/** Sets where the data is read from on first use (and forgets data and failures loaded before). */
export function setPincodeSource(from: PincodeSource): void {
  source = from;
  current = null;
  failure = null;
}

/**
 * Loads (and installs as the engine's data) the reference data from `from`, by default the
 * installed source; `from` does not replace the installed source, which a reset falls back to.
 * Throws AddressEngineUnavailableError when it is missing or malformed; the engine then stays
 * unavailable until a later load succeeds.
 */
export function loadPincodeData(from: PincodeSource | null = source): PincodeData {
  try {
    if (!from) throw new Error('no source installed');
    current = buildPincodeData(from() as RawData);
    failure = null;
    return current;
  } catch (err) {
    current = null;
    failure = new AddressEngineUnavailableError(
      `address reference data could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
    );
    throw failure;
  }
}

/** The loaded data; loads from the installed source on first use. Throws AddressEngineUnavailableError. */
export function getPincodeData(): PincodeData {
  if (current) return current;
  if (failure) throw failure;
  return loadPincodeData();
}

/** Forgets loaded data and any failure (tests; a retry after a transient failure). */
export function resetPincodeData(): void {
  current = null;
  failure = null;
}

export function lookupPincode(pin: string | null): PinInfo | null {
  return pin ? (getPincodeData().pins.get(pin) ?? null) : null;
}
