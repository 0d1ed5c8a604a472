/** The erasure routes: find the client's own flow or batch exactly as its readers do, then erase it. */
import type { ClientRecord } from '../adapters/store/clients.ts';
import { eraseOwner } from '../app/erasure.ts';
import { flowNotFound, ownedBy } from './flows.ts';
import { BATCH_ID_PATTERN } from './uploads.ts';
import { badRequest } from './middleware/errors.ts';
import type { Channel } from './batches.ts';
import type { Reply } from './middleware/endpoint.ts';
import { getOwner } from '../adapters/store/owners.ts';
import { flowOf, ownerOf, flowNotFound as onboardingFlowNotFound } from './v2/onboarding.ts';

const erased: Reply = { status: 204, body: null };

/** An unknown (or another client's, or already erased) flow answers like the flow's other routes: 409. */
export async function eraseFlow(client: ClientRecord, flowUuid: string): Promise<Reply> {
  await eraseOwner(await ownedBy(client, 'flow', flowUuid, flowNotFound), client.clientId);
  return erased;
}

/** A batch of another interface is unknown here, as on its extracts route: 400. */
export async function eraseBatch(client: ClientRecord, batchId: string, channel: Channel): Promise<Reply> {
  const noSuchBatch = () => badRequest('Invalid batch_id: no such batch');
  if (!BATCH_ID_PATTERN.test(batchId)) throw badRequest('Invalid batch_id');
  const batch = await ownedBy(client, 'batch', batchId, noSuchBatch);
  if (batch.channel !== channel) throw noSuchBatch();
  await eraseOwner(batch, client.clientId);
  return erased;
}

/** An onboarding (v2) flow: unknown reads as on the other v2 routes, 409 "Flow not found". */
export async function eraseOnboardingFlow(client: ClientRecord, flowId: string): Promise<Reply> {
  const owner = await getOwner(ownerOf(await flowOf(client, flowId)));
  if (!owner) throw onboardingFlowNotFound();
  await eraseOwner(owner, client.clientId);
  return erased;
}
