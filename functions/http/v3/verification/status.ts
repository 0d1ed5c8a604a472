import { endpoint } from '../../routeTable/v3.ts';
import { flowNotFound, ownedBy, statusesOf } from '../../flows.ts';

export const handler = endpoint<unknown, { flow_uuid: string }>('GET /v3/verification/status', async ({ query, client }) =>
  statusesOf(await ownedBy(client, 'flow', query.flow_uuid, flowNotFound)),
);
