import { endpoint } from '../../routeTable/v3.ts';
import { extractsOfFlow } from '../../../app/flows.ts';

export const handler = endpoint('GET /v3/verification/extracts', ({ query, client }) => extractsOfFlow(client, query.flow_uuid, { evidence: query.evidence }));
