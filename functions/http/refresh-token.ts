import { endpoint } from './routeTable/auth.ts';
import { refreshTokens } from '../app/auth.ts';
import { tokenHeader } from './middleware/authorisation.ts';

export const handler = endpoint('POST /refresh-token', ({ headers }) => refreshTokens(tokenHeader(headers)));
