/** Address matching: one source address against many targets (`/v1/address/match/batch`). */
import {
  matchAddresses, loadPincodeFile, resetPincodeData, MAX_TARGETS_PER_REQUEST,
  AddressEngineUnavailableError, AddressNotNormalisableError,
} from './addressMatching.ts';
import { InvalidRequestError, UnavailableError, UnprocessableError } from './errors.ts';

// In Lambda the reference data sits beside the bundle (lib/functions.ts copies it there).
if (process.env.ADDRESS_REFERENCE_DATA) {
  try {
    loadPincodeFile(process.env.ADDRESS_REFERENCE_DATA);
  } catch {
    // Reported per request as 503 below.
  }
}

export function matchAddressBatch(sourceAddress: string, targetAddresses: { address: string; index: number }[]) {
  if (targetAddresses.length > MAX_TARGETS_PER_REQUEST) {
    throw new InvalidRequestError(`Invalid parameters: target_addresses (at most ${MAX_TARGETS_PER_REQUEST} per request)`);
  }
  try {
    return { match_data: matchAddresses(sourceAddress, targetAddresses) };
  } catch (err) {
    if (err instanceof AddressNotNormalisableError) throw new UnprocessableError(err.message);
    if (err instanceof AddressEngineUnavailableError) {
      // Let the next request try loading again: the failure may be transient.
      resetPincodeData();
      throw new UnavailableError('Address matching engine temporarily unavailable; retry later');
    }
    throw err;
  }
}
