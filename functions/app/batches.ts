/** Bulk and sandbox batches: one upload request makes one batch, owned by its client. */
import type { ClientRecord } from '#core/domain/clients.ts';
import { createFlowOrBatch } from '../adapters/store/flowsAndBatches.ts';
import type { FlowOrBatch } from '#core/domain/flows.ts';
import { productFor } from './products.ts';
import { newBatchId, storeAndProcess, BATCH_ID_PATTERN, type FileUrl } from './uploads.ts';
import { ownedBy } from './flows.ts';
import { extractsPage, type Presentation } from './extracts.ts';
import { InvalidRequestError } from './errors.ts';
import { eraseFlowOrBatch } from './erasure.ts';

/** The interface that made a batch; only that interface can read it. */
export type Channel = 'bulk' | 'sandbox';

export async function uploadBatch(client: ClientRecord, channel: Channel, upload: { product_type: string; file_urls: FileUrl[] }) {
  productFor(client, upload.product_type);
  const batchId = newBatchId();
  const batch = { kind: 'batch' as const, clientId: client.clientId, id: batchId, productType: upload.product_type, retentionDays: client.retentionDays };
  await createFlowOrBatch({ ...batch, channel });
  return storeAndProcess(batch, batchId, upload.file_urls);
}

/**
 * The client's batch made through `channel`. The spec lists only 400 for a bad batch_id: an
 * unknown id, another client's, or one made through the other interface (each interface has its
 * own audience) reads the same: invalid.
 */
export async function batchOf(client: ClientRecord, batchId: string, channel: Channel): Promise<FlowOrBatch> {
  const noSuchBatch = () => new InvalidRequestError('Invalid batch_id: no such batch');
  if (!BATCH_ID_PATTERN.test(batchId)) throw new InvalidRequestError('Invalid batch_id');
  const batch = await ownedBy(client, 'batch', batchId, noSuchBatch);
  if (batch.channel !== channel) throw noSuchBatch();
  return batch;
}

export async function batchExtracts(client: ClientRecord, query: { batch_id: string; page: number; per_page: number } & Presentation, channel: Channel) {
  return extractsPage(await batchOf(client, query.batch_id, channel), query.page, query.per_page, client, { evidence: query.evidence });
}

/** Erasure on request: a batch of another interface is unknown here, as on its extracts route: 400. */
export async function eraseBatch(client: ClientRecord, batchId: string, channel: Channel): Promise<void> {
  await eraseFlowOrBatch(await batchOf(client, batchId, channel), client.clientId);
}
