import { endpoint } from '../../routeTable/batch.ts';
import { eraseBatch } from '../../erasure.ts';

export const handler = endpoint<unknown, { batch_id: string }>('DELETE /v1/docstream/batch', ({ query, client }) =>
  eraseBatch(client, query.batch_id, 'sandbox'),
);
