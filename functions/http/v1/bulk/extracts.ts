import { endpoint } from '../../routeTable/batch.ts';
import { batchExtracts } from '../../batches.ts';

export const handler = endpoint<unknown, { batch_id: string; page: number; per_page: number }>('GET /v1/bulk/extracts', ({ query, client }) =>
  batchExtracts(client, query, 'bulk'),
);
