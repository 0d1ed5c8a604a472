import { endpoint } from '../../routeTable/auth.ts';
import { tokenFromCredentials } from '../../auth.ts';

export const handler = endpoint('POST /v3/verification/authtoken', ({ headers }) => tokenFromCredentials(headers, 'main'));
