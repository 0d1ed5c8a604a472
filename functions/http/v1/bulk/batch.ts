import { endpoint } from '../../routeTable/batch.ts';
import { eraseBatch } from '../../erasure.ts';

export const handler = endpoint<unknown, { batch_id: string }>('DELETE /v1/bulk/batch', ({ query, client }) =>
  eraseBatch(client, query.batch_id, 'bulk'),
);
