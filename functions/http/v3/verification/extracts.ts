import { endpoint } from '../../routeTable/v3.ts';
import { flowNotFound, ownedBy } from '../../flows.ts';
import { flowExtracts } from '../../../extracts/index.ts';

export const handler = endpoint<unknown, { flow_uuid: string }>('GET /v3/verification/extracts', async ({ query, client }) =>
  flowExtracts(await ownedBy(client, 'flow', query.flow_uuid, flowNotFound), client),
);
