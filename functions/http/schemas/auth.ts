import * as z from 'zod';

export const TokenResponse = z
  .object({
    access_token: z.string(),
    expires_in: z.number().int(),
    refresh_token: z.string().optional(),
    token_type: z.string().optional(),
  })
  .meta({ id: 'TokenResponse' });

export const ClientCredentialHeaders = z.object({
  'client-id': z.string().optional().meta({ description: 'Client-Id' }),
  'client-secret': z.string().optional().meta({ description: 'Client-Secret' }),
});

export const RefreshHeaders = z.object({
  token: z.string().optional().meta({ description: 'The refresh_token from a token response' }),
});
