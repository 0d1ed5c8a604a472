import { endpoint } from '../../routeTable/batch.ts';
import { batchExtracts } from '../../../app/batches.ts';

export const handler = endpoint('GET /v1/bulk/extracts', ({ query, client }) => batchExtracts(client, query, 'bulk'));
