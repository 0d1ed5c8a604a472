import { endpoint } from '../../routeTable/auth.ts';
import { tokenFromCredentials } from '../../../app/auth.ts';
import { clientCredentials } from '../../middleware/authorisation.ts';

export const handler = endpoint('POST /v1/docstream/authtoken', ({ headers }) => tokenFromCredentials(clientCredentials(headers), 'sandbox'));
