import type { z } from 'zod';
import { endpoint } from '../../routeTable/batch.ts';
import { uploadBatch } from '../../batches.ts';
import type { BatchUploadBody } from '../../schemas/batch.ts';

export const handler = endpoint<z.infer<typeof BatchUploadBody>>('POST /v1/bulk/multiupload', async ({ body, client }) =>
  (await uploadBatch(client, 'bulk', body)).map((f) => ({ batch_id: f.batchId, document_id: f.documentId, file_uuid: f.fileUuid })),
);
