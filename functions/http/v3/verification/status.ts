import { endpoint } from '../../routeTable/v3.ts';
import { flowStatuses } from '../../../app/flows.ts';

export const handler = endpoint('GET /v3/verification/status', ({ query, client }) => flowStatuses(client, query.flow_uuid));
