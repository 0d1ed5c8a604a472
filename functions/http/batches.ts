/** Bulk and sandbox batches: one upload request makes one batch, owned by its client. */
import type { z } from 'zod';
import type { ClientRecord } from '../adapters/store/clients.ts';
import { createOwner } from '../adapters/store/owners.ts';
import { productFor } from './products.ts';
import { newBatchId, storeAndProcess, BATCH_ID_PATTERN } from './uploads.ts';
import { ownedBy } from './flows.ts';
import { extractsPage } from '../extracts/index.ts';
import { badRequest } from './middleware/errors.ts';
import type { BatchUploadBody } from './schemas/batch.ts';

/** The interface that made a batch; only that interface can read it. */
export type Channel = 'bulk' | 'sandbox';

export async function uploadBatch(client: ClientRecord, channel: Channel, body: z.infer<typeof BatchUploadBody>) {
  productFor(client, body.product_type);
  const batchId = newBatchId();
  const owner = { kind: 'batch' as const, clientId: client.clientId, id: batchId, productType: body.product_type, retentionDays: client.retentionDays };
  await createOwner({ ...owner, channel });
  return storeAndProcess(owner, batchId, body.file_urls);
}

/**
 * The spec lists only 400 for a bad batch_id here; an unknown id, another client's, or one made
 * through the other interface (each interface has its own audience) reads the same: invalid.
 */
export async function batchExtracts(client: ClientRecord, query: { batch_id: string; page: number; per_page: number }, channel: Channel) {
  const noSuchBatch = () => badRequest('Invalid batch_id: no such batch');
  if (!BATCH_ID_PATTERN.test(query.batch_id)) throw badRequest('Invalid batch_id');
  const batch = await ownedBy(client, 'batch', query.batch_id, noSuchBatch);
  if (batch.channel !== channel) throw noSuchBatch();
  return extractsPage(batch, query.page, query.per_page, client);
}
