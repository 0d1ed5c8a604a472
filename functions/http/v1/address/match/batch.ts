import { endpoint } from '../../../routeTable/address.ts';
import { matchAddressBatch } from '../../../../app/address.ts';

export const handler = endpoint('POST /v1/address/match/batch', async ({ body }) => matchAddressBatch(body.source_address, body.target_addresses));
