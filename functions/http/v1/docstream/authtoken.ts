import { endpoint } from '../../routeTable/auth.ts';
import { tokenFromCredentials } from '../../auth.ts';

export const handler = endpoint('POST /v1/docstream/authtoken', ({ headers }) => tokenFromCredentials(headers, 'sandbox'));
