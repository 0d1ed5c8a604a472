import * as z from 'zod';
import { requiredString } from './common.ts';

/**
 * Each result echoes the source address, so its length multiplies by the number of targets (up
 * to 1,000): 500 characters of at most 3 bytes each in JSON keep the echoes within 1.5 MB, and
 * the whole answer within Lambda's 6 MB (docs/decisions.md, "Input that cannot hurt").
 */
export const MAX_ADDRESS_LENGTH = 500;
/** Control characters (tab and line breaks aside) and lone surrogates echo as 6-byte escapes. */
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const address = () =>
  z
    .string()
    .max(MAX_ADDRESS_LENGTH)
    .regex(NO_CONTROL_CHARACTERS, 'control characters are not accepted')
    .refine((s) => !LONE_SURROGATE.test(s), 'must be well-formed Unicode');

export const AddressMatchBody = z
  .object({
    application_id: requiredString(),
    source_address: address().trim().min(1),
    target_addresses: z
      .array(z.object({ address: address(), index: z.number().int() }))
      .min(1),
  })
  .meta({ id: 'AddressMatchRequest' });

export const AddressMatchResult = z.object({
  source_address: z.string(),
  target_address: z.string(),
  similarity_score: z.number().min(0).max(100).nullable(),
  same_person_score: z.number().int().min(0).max(10).nullable(),
  index: z.number().int(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});

export const AddressMatchResponse = z
  .object({ match_data: z.array(AddressMatchResult) })
  .meta({ id: 'AddressMatchResponse' });

export const AddressMatchHeaders = z.object({ client_id: z.string().optional(), client_secret: z.string().optional() });
