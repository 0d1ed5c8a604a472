import { endpoint } from '../../routeTable/batch.ts';
import { eraseBatch } from '../../../app/batches.ts';

export const handler = endpoint('DELETE /v1/docstream/batch', ({ query, client }) => eraseBatch(client, query.batch_id, 'sandbox'));
