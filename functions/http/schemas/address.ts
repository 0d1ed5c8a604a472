import { z } from './common.ts';

export const AddressMatchBody = z
  .object({
    application_id: z.string().trim().min(1),
    source_address: z.string().trim().min(1),
    target_addresses: z
      .array(z.object({ address: z.string(), index: z.number().int() }))
      .min(1),
  })
  .openapi('AddressMatchRequest');

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
  .openapi('AddressMatchResponse');

export const AddressMatchHeaders = z.object({ client_id: z.string().optional(), client_secret: z.string().optional() });
