import type { z } from 'zod';
import { endpoint } from '../../../routeTable/address.ts';
import { badRequest, HttpError, unprocessable } from '../../../middleware/errors.ts';
import {
  matchAddresses, loadPincodeFile as loadPincodeData, resetPincodeData, MAX_TARGETS_PER_REQUEST,
  AddressEngineUnavailableError, AddressNotNormalisableError,
} from '../../../../app/addressMatching.ts';
import type { AddressMatchBody } from '../../../schemas/address.ts';

// In Lambda the reference data sits beside the bundle (lib/functions.ts copies it there).
if (process.env.ADDRESS_REFERENCE_DATA) {
  try {
    loadPincodeData(process.env.ADDRESS_REFERENCE_DATA);
  } catch {
    // Reported per request as 503 below.
  }
}

export const handler = endpoint<z.infer<typeof AddressMatchBody>>('POST /v1/address/match/batch', async ({ body }) => {
  if (body.target_addresses.length > MAX_TARGETS_PER_REQUEST) {
    throw badRequest(`Invalid parameters: target_addresses (at most ${MAX_TARGETS_PER_REQUEST} per request)`);
  }
  try {
    return { match_data: matchAddresses(body.source_address, body.target_addresses) };
  } catch (err) {
    if (err instanceof AddressNotNormalisableError) throw unprocessable(err.message);
    if (err instanceof AddressEngineUnavailableError) {
      // Let the next request try loading again: the failure may be transient.
      resetPincodeData();
      throw new HttpError(503, 'Address matching engine temporarily unavailable; retry later');
    }
    throw err;
  }
});
