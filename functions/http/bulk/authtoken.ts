import { endpoint } from '../routeTable/auth.ts';
import { tokenFromCredentials } from '../../app/auth.ts';
import { clientCredentials } from '../middleware/authorisation.ts';

/** Same shape as the v3 token endpoint (docs/decisions.md), with the bulk audience. */
export const handler = endpoint('POST /bulk/authtoken', ({ headers }) => tokenFromCredentials(clientCredentials(headers), 'bulk'));
