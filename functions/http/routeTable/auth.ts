/** Token endpoints: client credentials per audience, and the refresh token. Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import { TokenResponse } from '../schemas/auth.ts';
import { endpointOf } from '../middleware/serve.ts';
import { defineRoutes } from './types.ts';

export const authRoutes = defineRoutes([
  {
    method: 'POST', path: '/v3/verification/authtoken', handler: 'v3/verification/authtoken', host: 'main',
    auth: { kind: 'clientCredentials', audience: 'main' }, summary: 'Token for the v3 verification and v2 onboarding interfaces',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/v1/docstream/authtoken', handler: 'v1/docstream/authtoken', host: 'sandbox',
    auth: { kind: 'clientCredentials', audience: 'sandbox' }, summary: 'Token for the sandbox interface',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/bulk/authtoken', handler: 'bulk/authtoken', host: 'main',
    auth: { kind: 'clientCredentials', audience: 'bulk' }, summary: 'Token for the bulk extraction interface',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/refresh-token', handler: 'refresh-token', host: 'main',
    auth: { kind: 'refreshToken' }, summary: 'New access token (and rotated refresh token) from a refresh token in the Token header',
    success: { status: 201, schema: TokenResponse },
  },
]);

export const endpoint = endpointOf(authRoutes);
