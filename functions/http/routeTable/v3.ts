/** Verification flow (v3). Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import * as v3 from '../schemas/v3.ts';
import { Erased, defineRoutes } from './types.ts';
import { endpointOf } from '../middleware/serve.ts';

export const v3Routes = defineRoutes([
  {
    method: 'POST', path: '/v3/verification/flow/init', handler: 'v3/verification/flow/init', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Create a verification flow', creates: true,
    body: v3.FlowInitBody, success: { status: 201, schema: v3.FlowInitResponse },
  },
  {
    method: 'POST', path: '/v3/verification/multiupload', handler: 'v3/verification/multiupload', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Upload documents of a flow by URL', creates: true,
    body: v3.MultiuploadBody, success: { status: 201, schema: v3.MultiuploadResponse }, errors: [409, 422],
  },
  {
    method: 'GET', path: '/v3/verification/status', handler: 'v3/verification/status', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Statuses of a flow',
    query: v3.FlowQuery, success: { status: 200, schema: v3.StatusResponse }, errors: [409],
  },
  {
    method: 'GET', path: '/v3/verification/extracts', handler: 'v3/verification/extracts', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'OCR results and cross-checks of a flow',
    query: v3.FlowExtractsQuery, success: { status: 200, schema: v3.ExtractsResponse }, errors: [409],
  },
  {
    method: 'DELETE', path: '/v3/verification/flow', handler: 'v3/verification/flow', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Erase a flow: its files, results, sealed numbers and pending callbacks',
    query: v3.FlowQuery, success: { status: 204, schema: Erased }, errors: [409],
  },
]);

export const endpoint = endpointOf(v3Routes);
