import { endpoint } from '../../routeTable/v3.ts';
import { eraseFlow } from '../../erasure.ts';

export const handler = endpoint<unknown, { flow_uuid: string }>('DELETE /v3/verification/flow', ({ query, client }) =>
  eraseFlow(client, query.flow_uuid),
);
