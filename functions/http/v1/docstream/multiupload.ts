import type { z } from 'zod';
import { endpoint } from '../../routeTable/batch.ts';
import { uploadBatch } from '../../batches.ts';
import type { BatchUploadBody } from '../../schemas/batch.ts';

export const handler = endpoint<z.infer<typeof BatchUploadBody>>('POST /v1/docstream/multiupload', async ({ body, client }) => {
  const [first] = await uploadBatch(client, 'sandbox', body);
  return { batch_id: first.batchId };
});
