import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };

/** Body of every error response: `{"error": "..."}`. */
export const ErrorBody = z.object({ error: z.string() }).openapi('Error');

/** A required string that must not be empty (the spec's "missing or empty"). */
export const requiredString = () => z.string().trim().min(1);

/** `page` / `per_page` query parameters arrive as strings; they must be positive integers. */
export const pageParam = (fallback: number, max?: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'must be a positive integer')
    .transform(Number)
    .refine((n) => max === undefined || n <= max, { message: `must be at most ${max}` })
    .optional()
    .transform((n) => n ?? fallback);

export const ExtractedField = z
  .object({
    value: z.union([z.string(), z.number(), z.array(z.string())]),
    confidence_score: z.number().min(0).max(1),
    redact_url: z.string().optional(),
  })
  .openapi('ExtractedField');

export const DocumentData = z
  .object({ document_type: z.string().optional() })
  .catchall(z.unknown())
  .openapi('DocumentData', { description: 'document_type plus the fields of that type (each an ExtractedField).' });

export const FileUrlItem = z.object({
  file_url: requiredString().openapi({ description: 'Publicly reachable or pre-signed URL of a JPEG, PNG or PDF.' }),
  document_id: requiredString(),
});

/** Bounded so that one request cannot queue unbounded work (see docs/decisions.md). */
export const MAX_FILES_PER_UPLOAD = 100;

export const FileUrls = z.array(FileUrlItem).min(1).max(MAX_FILES_PER_UPLOAD);

export const PaginatedExtracts = z
  .object({
    data: z.array(z.object({ document_id: z.string(), file_data: DocumentData })),
    page: z.number().int(),
    per_page: z.number().int(),
    total_pages: z.number().int(),
    total_items: z.number().int(),
    has_next: z.boolean(),
    has_prev: z.boolean(),
  })
  .openapi('PaginatedExtracts');
