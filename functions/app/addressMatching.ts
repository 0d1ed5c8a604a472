/**
 * Address matching (POST /v1/address/match/batch and the cross-checks): the core engine wired to
 * its reference data file. Callers import the engine from here, so the data is always installed;
 * it is still read lazily, on the first address scored.
 */
import { loadPincodeData, setPincodeSource, type PincodeData } from '../core/address/index.ts';
import { pincodeFile } from '../adapters/pincodeFile.ts';

setPincodeSource(pincodeFile());

/**
 * Loads the reference data now from the file at `path` (default: the shipped file). Throws
 * AddressEngineUnavailableError; a later reset goes back to the shipped file.
 */
export function loadPincodeFile(path?: string): PincodeData {
  return loadPincodeData(pincodeFile(path));
}

export {
  matchAddresses, addressSimilarity, parseAddress, formatAddress, scoreAddressPair, addressEngineReady, clearAddressMemos,
  resetPincodeData, MAX_TARGETS_PER_REQUEST, SAME_PERSON_THRESHOLD, AddressEngineUnavailableError, AddressNotNormalisableError,
} from '../core/address/index.ts';
