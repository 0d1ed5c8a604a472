import { endpoint } from '../../middleware/endpoint.ts';
import { tokenFromCredentials } from '../../auth.ts';

export const handler = endpoint('POST /v1/docstream/authtoken', ({ headers }) => tokenFromCredentials(headers, 'sandbox'));
