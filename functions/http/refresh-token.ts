import { endpoint } from './routeTable/auth.ts';
import { refreshTokens } from './auth.ts';

export const handler = endpoint('POST /refresh-token', ({ headers }) => refreshTokens(headers));
