import type { z } from 'zod';
import { endpoint } from '../../routeTable/v3.ts';
import { unprocessable } from '../../middleware/errors.ts';
import { flowNotFound, ownedBy } from '../../flows.ts';
import { newBatchId, storeAndProcess } from '../../uploads.ts';
import { fetchAuthToken } from '../../../adapters/callbackSender.ts';
import { loopbackAllowed } from '../../../adapters/aws.ts';
import type { MultiuploadBody } from '../../schemas/v3.ts';

export const handler = endpoint<z.infer<typeof MultiuploadBody>>('POST /v3/verification/multiupload', async ({ body, client }) => {
  const flow = await ownedBy(client, 'flow', body.flow_uuid, flowNotFound);
  // The callback will need the integrator's auth_url: prove it answers before storing anything.
  try {
    await fetchAuthToken(flow.authUrl!, { applicationId: flow.applicationId, secret: client.webhookSecret, allowLoopback: loopbackAllowed() });
  } catch (err) {
    throw unprocessable(`External service failure: auth_url did not issue a token (${(err as { code?: string }).code ?? 'error'})`);
  }
  const batchId = newBatchId();
  const owner = { kind: 'flow' as const, clientId: client.clientId, id: flow.id, productType: flow.productType, retentionDays: flow.retentionDays };
  const files = await storeAndProcess(owner, batchId, body.file_urls);
  return files.map((f) => ({ file_uuid: f.fileUuid, batch_id: f.batchId, document_id: f.documentId }));
});
