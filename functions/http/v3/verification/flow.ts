import { endpoint } from '../../routeTable/v3.ts';
import { eraseFlow } from '../../../app/flows.ts';

export const handler = endpoint('DELETE /v3/verification/flow', ({ query, client }) => eraseFlow(client, query.flow_uuid));
