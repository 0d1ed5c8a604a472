import * as z from 'zod';
import { requiredString, FileUrls, pageParam, evidenceParam } from './common.ts';

/** Bulk and sandbox uploads share one request shape. */
export const BatchUploadBody = z
  .object({ product_type: requiredString(64), file_urls: FileUrls })
  .meta({ id: 'BatchUploadRequest' });

export const BulkUploadResponse = z
  .array(z.object({ batch_id: z.string(), document_id: z.string(), file_uuid: z.string() }))
  .meta({ id: 'BulkUploadResponse' });

export const SandboxUploadResponse = z.object({ batch_id: z.string() }).meta({ id: 'SandboxUploadResponse' });

export const MAX_PER_PAGE = 50;

export const BatchExtractsQuery = z.object({
  batch_id: requiredString(),
  page: pageParam(1),
  per_page: pageParam(50, MAX_PER_PAGE),
  evidence: evidenceParam,
});
