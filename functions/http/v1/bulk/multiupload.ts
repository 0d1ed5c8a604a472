import { endpoint } from '../../routeTable/batch.ts';
import { uploadBatch } from '../../../app/batches.ts';

export const handler = endpoint('POST /v1/bulk/multiupload', async ({ body, client }) =>
  (await uploadBatch(client, 'bulk', body)).map((f) => ({ batch_id: f.batchId, document_id: f.documentId, file_uuid: f.fileUuid })),
);
