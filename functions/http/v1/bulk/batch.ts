import { endpoint } from '../../routeTable/batch.ts';
import { eraseBatch } from '../../../app/batches.ts';

export const handler = endpoint('DELETE /v1/bulk/batch', ({ query, client }) => eraseBatch(client, query.batch_id, 'bulk'));
