import { endpoint } from '../../routeTable/batch.ts';
import { uploadBatch } from '../../../app/batches.ts';

export const handler = endpoint('POST /v1/docstream/multiupload', async ({ body, client }) => {
  const [first] = await uploadBatch(client, 'sandbox', body);
  return { batch_id: first.batchId };
});
