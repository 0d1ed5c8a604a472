/** The contract itself. Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import * as z from 'zod';
import { endpointOf } from '../middleware/serve.ts';
import type { Route } from './types.ts';

export const openapiRoutes: Route[] = [
  {
    method: 'GET', path: '/openapi.json', handler: 'openapi', host: 'main',
    auth: { kind: 'none' }, summary: 'This OpenAPI 3.1 document',
    success: { status: 200, schema: z.record(z.string(), z.unknown()) },
  },
];

export const endpoint = endpointOf(openapiRoutes);
