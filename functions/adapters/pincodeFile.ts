/**
 * The address engine's reference data as a file: the committed gzip JSON, or in Lambda the copy
 * shipped beside the bundle (lib/functions.ts points ADDRESS_REFERENCE_DATA at it), because a
 * bundle's import.meta.url no longer points into functions/.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { PincodeSource } from '../core/address/index.ts';

const DEFAULT_PINCODE_PATH =
  process.env.ADDRESS_REFERENCE_DATA || fileURLToPath(new URL('../core/address/data/pincodes.json.gz', import.meta.url));

/** Reads and parses the file at `path` each time the engine asks (once, unless it is reset). */
export function pincodeFile(path: string = DEFAULT_PINCODE_PATH): PincodeSource {
  return () => JSON.parse(gunzipSync(readFileSync(path)).toString('utf8'));
}
