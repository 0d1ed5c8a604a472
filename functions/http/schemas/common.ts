// Every schema module imports zod as its own namespace and uses it only through members, so
// esbuild drops what a route never calls (zod's locales alone are 260 KB; re-exporting the
// namespace defeats that). Documentation metadata is zod's own `.meta()`, read by the OpenAPI
// generator at build time: nothing patches zod for its side effects.
import * as z from 'zod';
import { MAX_FILES_PER_UPLOAD } from '../../app/limits.ts';

/** Body of every error response: `{"error": "..."}`. */
export const ErrorBody = z.object({ error: z.string() }).meta({ id: 'Error' });

/**
 * A required string that must not be empty (the spec's "missing or empty"), with a length cap:
 * identifiers end up in keys and items, which have hard size limits.
 */
export const requiredString = (max = 256) => z.string().trim().min(1).max(max);

/** Pre-signed URLs carry long query strings. */
export const MAX_URL_LENGTH = 4096;

export const MAX_PARAMS_BYTES = 16 * 1024;
export const MAX_PARAMS_DEPTH = 10;

/**
 * First problem of a free-form JSON value, walking at most MAX_PARAMS_DEPTH levels: the walk
 * stops where the limit is passed, so a body nested 150,000 levels deep (JSON.parse accepts it,
 * JSON.stringify then overflows the stack) is refused without ever being serialised.
 */
export function jsonProblem(value: unknown, depth = 1): string | undefined {
  if (depth > MAX_PARAMS_DEPTH) return `nested deeper than ${MAX_PARAMS_DEPTH} levels`;
  if (typeof value === 'number' && (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)) return 'numbers must be finite and at most 2^53 - 1 in size';
  if (Array.isArray(value)) for (const v of value) { const p = jsonProblem(v, depth + 1); if (p) return p; }
  else if (value && typeof value === 'object') for (const v of Object.values(value)) { const p = jsonProblem(v, depth + 1); if (p) return p; }
  return undefined;
}

/** `flow_params`: any JSON object the service can store and give back unchanged. */
export const FlowParams = z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
  const problem = jsonProblem(value);
  // Serialising is safe only once the depth is known to be bounded.
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  else if (Buffer.byteLength(JSON.stringify(value)) > MAX_PARAMS_BYTES) ctx.addIssue({ code: 'custom', message: `at most ${MAX_PARAMS_BYTES} bytes as JSON` });
});

/** `page` / `per_page` query parameters arrive as strings; they must be positive integers. */
export const pageParam = (fallback: number, max?: number) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, 'must be a positive integer')
    .transform(Number)
    .refine((n) => max === undefined || n <= max, { message: `must be at most ${max}` })
    .optional()
    .transform((n) => n ?? fallback);

/**
 * `evidence` on the GET extracts routes: only the literal 'true' or 'false' (a typo such as 'yes'
 * is refused, not read as false).
 */
export const evidenceParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true')
  .meta({ description: "Added to the spec: 'true' adds each field's `evidence` (page and bounding box, normalised 0..1). Default 'false': the response is the spec's, unchanged." });

/** Where a field's value was read: page and box of its words, normalised to the page (Textract's convention). */
const FieldEvidence = z
  .object({
    page: z.number().int().min(1),
    bounding_box: z.object({
      left: z.number().min(0).max(1),
      top: z.number().min(0).max(1),
      width: z.number().min(0).max(1),
      height: z.number().min(0).max(1),
    }),
  })
  .meta({
    id: 'FieldEvidence',
    description: 'Added to the spec, only with evidence=true: the page (1-based) and the box around the words the value was read from, as fractions of the page as uploaded (origin top-left). Absent for values not read from text (signals, counts, fields not found).',
  });

export const ExtractedField = z
  .object({
    value: z.union([z.string(), z.number(), z.array(z.string()), z.null()]),
    confidence_score: z.number().min(0).max(1),
    redact_url: z.string().optional(),
    evidence: FieldEvidence.optional(),
  })
  .meta({ id: 'ExtractedField' });

export const DocumentData = z
  .object({ document_type: z.string().optional() })
  // Unknown beside the field shape: a failed document's error_code and error_reason sit here too.
  .catchall(z.union([ExtractedField, z.unknown()]))
  .meta({ id: 'DocumentData',  description: 'document_type plus the fields of that type (each an ExtractedField; with evidence=true each field read from text also carries a FieldEvidence as `evidence`).' });

export const FileUrlItem = z.object({
  file_url: requiredString(MAX_URL_LENGTH).meta({ description: 'Publicly reachable or pre-signed URL of a JPEG, PNG or PDF.' }),
  document_id: requiredString(),
});

// The limits are the use cases' (app/limits.ts); the schemas enforce them at the door.
export { MAX_FILES_PER_UPLOAD, MAX_FILES_PER_FLOW, MAX_FILES_PER_BATCH } from '../../app/limits.ts';

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
  .meta({ id: 'PaginatedExtracts' });
