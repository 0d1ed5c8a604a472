/** Verification flows (v3): created by an integrator, filled by uploads, read as statuses and extracts. */
import { randomUUID } from 'node:crypto';
import { createFlowOrBatch, getFlowOrBatch } from '../adapters/store/flowsAndBatches.ts';
import type { FlowOrBatchKind, FlowOrBatch } from '#core/domain/flows.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { fetchAuthToken } from '../adapters/callbackSender.ts';
import { loopbackAllowed } from '../adapters/aws.ts';
import { deriveStatuses } from '../core/flow/status.ts';
import { NotFoundError, UnprocessableError } from './errors.ts';
import { productFor, requireHttpUrl } from './products.ts';
import { newBatchId, storeAndProcess, type FileUrl } from './uploads.ts';
import { flowExtracts, type Presentation } from './extracts.ts';
import { eraseFlowOrBatch } from './erasure.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The client's own flow or batch; another client's id, or one that cannot be an id at all,
 * reads exactly like an unknown one.
 */
export async function ownedBy(client: ClientRecord, kind: FlowOrBatchKind, id: string, notFound: () => Error): Promise<FlowOrBatch> {
  if (kind === 'flow' && !UUID.test(id)) throw notFound();
  const flowOrBatch = await getFlowOrBatch({ kind, clientId: client.clientId, id });
  if (!flowOrBatch) throw notFound();
  return flowOrBatch;
}

export const flowNotFound = () => new NotFoundError('Flow not found for the given flow_uuid');

export const statusesOf = (flowOrBatch: FlowOrBatch) =>
  deriveStatuses(flowOrBatch, flowOrBatch.crossCheckStatus, { crossChecks: flowOrBatch.kind === 'flow' });

export interface NewFlow {
  product_type: string;
  application_id: string;
  auth_url: string;
  callback_url: string;
  flow_params?: Record<string, unknown>;
}

export async function createFlow(client: ClientRecord, flow: NewFlow): Promise<{ flow_uuid: string }> {
  productFor(client, flow.product_type);
  const flowUuid = randomUUID();
  await createFlowOrBatch({
    kind: 'flow',
    clientId: client.clientId,
    id: flowUuid,
    productType: flow.product_type,
    applicationId: flow.application_id,
    authUrl: requireHttpUrl('auth_url', flow.auth_url),
    callbackUrl: requireHttpUrl('callback_url', flow.callback_url),
    flowParams: flow.flow_params ?? {},
    channel: 'v3',
    retentionDays: client.retentionDays,
  });
  return { flow_uuid: flowUuid };
}

export const flowStatuses = async (client: ClientRecord, flowUuid: string) =>
  statusesOf(await ownedBy(client, 'flow', flowUuid, flowNotFound));

export const extractsOfFlow = async (client: ClientRecord, flowUuid: string, shown: Presentation = {}) =>
  flowExtracts(await ownedBy(client, 'flow', flowUuid, flowNotFound), client, shown);

/** Documents of a flow by URL: stored and started, one `file_uuid` each. */
export async function uploadToFlow(client: ClientRecord, flowUuid: string, fileUrls: FileUrl[]) {
  const flow = await ownedBy(client, 'flow', flowUuid, flowNotFound);
  // The callback will need the integrator's auth_url: prove it answers before storing anything.
  try {
    await fetchAuthToken(flow.authUrl!, { applicationId: flow.applicationId, secret: client.webhookSecret, allowLoopback: loopbackAllowed() });
  } catch (err) {
    throw new UnprocessableError(`External service failure: auth_url did not issue a token (${(err as { code?: string }).code ?? 'error'})`);
  }
  const flowRef = { kind: 'flow' as const, clientId: client.clientId, id: flow.id, productType: flow.productType, retentionDays: flow.retentionDays };
  const files = await storeAndProcess(flowRef, newBatchId(), fileUrls);
  return files.map((f) => ({ file_uuid: f.fileUuid, batch_id: f.batchId, document_id: f.documentId }));
}

/** Erasure on request: an unknown (or another client's, or already erased) flow answers like the flow's other routes: 409. */
export async function eraseFlow(client: ClientRecord, flowUuid: string): Promise<void> {
  await eraseFlowOrBatch(await ownedBy(client, 'flow', flowUuid, flowNotFound), client.clientId);
}
