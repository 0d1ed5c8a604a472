/** Address matching (v1). Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import * as address from '../schemas/address.ts';
import { endpointOf } from '../middleware/serve.ts';
import { defineRoutes } from './types.ts';

export const addressRoutes = defineRoutes([
  {
    method: 'POST', path: '/v1/address/match/batch', handler: 'v1/address/match/batch', host: 'main',
    auth: { kind: 'staticCredentials' }, summary: 'Compare one source address against many targets',
    body: address.AddressMatchBody, success: { status: 200, schema: address.AddressMatchResponse },
    errors: [422, 503], memoryMb: 1024,
  },
]);

export const endpoint = endpointOf(addressRoutes);
