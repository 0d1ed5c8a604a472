/** Bulk extraction (v1) and the sandbox. Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import * as z from 'zod';
import { PaginatedExtracts, requiredString } from '../schemas/common.ts';
import * as batch from '../schemas/batch.ts';
import { Erased, defineRoutes } from './types.ts';
import { endpointOf } from '../middleware/serve.ts';

const BatchIdQuery = z.object({ batch_id: requiredString() });

export const batchRoutes = defineRoutes([
  {
    method: 'POST', path: '/v1/bulk/multiupload', handler: 'v1/bulk/multiupload', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Upload a batch of documents for extraction', creates: true,
    body: batch.BatchUploadBody, success: { status: 201, schema: batch.BulkUploadResponse },
  },
  {
    method: 'GET', path: '/v1/bulk/extracts', handler: 'v1/bulk/extracts', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Paginated results of a batch',
    query: batch.BatchExtractsQuery, success: { status: 200, schema: PaginatedExtracts },
  },
  {
    method: 'DELETE', path: '/v1/bulk/batch', handler: 'v1/bulk/batch', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Erase a batch: its files, results, sealed numbers and pending callbacks',
    query: BatchIdQuery, success: { status: 204, schema: Erased },
  },
  {
    method: 'POST', path: '/v1/docstream/multiupload', handler: 'v1/docstream/multiupload', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Sandbox upload; answers a batch_id', creates: true,
    body: batch.BatchUploadBody, success: { status: 201, schema: batch.SandboxUploadResponse },
  },
  {
    method: 'GET', path: '/v1/docstream/extracts', handler: 'v1/docstream/extracts', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Paginated sandbox results of a batch',
    query: batch.BatchExtractsQuery, success: { status: 200, schema: PaginatedExtracts },
  },
  {
    method: 'DELETE', path: '/v1/docstream/batch', handler: 'v1/docstream/batch', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Erase a sandbox batch and everything of it',
    query: BatchIdQuery, success: { status: 204, schema: Erased },
  },
]);

export const endpoint = endpointOf(batchRoutes);
