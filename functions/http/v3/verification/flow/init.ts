import { endpoint } from '../../../routeTable/v3.ts';
import { createFlow } from '../../../../app/flows.ts';

export const handler = endpoint('POST /v3/verification/flow/init', ({ body, client }) => createFlow(client, body));
