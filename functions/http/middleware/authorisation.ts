/**
 * Who is calling, per the route: an access token of the route's audience in `Token`, or the
 * static lower-case `client_id` / `client_secret` headers of address matching. Token endpoints
 * authenticate inside their use case (their refusals have their own wording).
 */
import { clientFromStaticCredentials, clientFromToken, type Presented } from '../../app/auth.ts';
import type { Headers, RouteMiddleware } from './state.ts';

/** `Client-Id` / `Client-Secret` of the token endpoints. */
export const clientCredentials = (headers: Headers): Presented => ({ id: headers['client-id'], secret: headers['client-secret'] });

/** The `Token` header (an access token, or the refresh token on /refresh-token). */
export const tokenHeader = (headers: Headers) => headers['token'];

export const authorisation = (): RouteMiddleware => ({
  before: async ({ context: { state } }) => {
    const { auth } = state.route;
    if (auth.kind === 'token') state.client = await clientFromToken(tokenHeader(state.headers), auth.audience);
    else if (auth.kind === 'staticCredentials') {
      state.client = await clientFromStaticCredentials({ id: state.headers['client_id'], secret: state.headers['client_secret'] });
    }
  },
});
