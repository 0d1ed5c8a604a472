import type { z } from 'zod';
import { endpoint } from '../../routeTable/v2.ts';
import { conflict } from '../../middleware/errors.ts';
import { newBatchId, storeAndProcess } from '../../uploads.ts';
import { admitUpload, putUploadNotes } from '../../../adapters/store/onboarding.ts';
import { applicantOf, flowOf, ownerOf } from '../onboarding.ts';
import type { V2MultiuploadBody } from '../../schemas/v2.ts';

/**
 * The same pipeline as v3 (storeAndProcess), owned by the flow as an 'onboarding' owner. What the
 * upload says about each file (its applicant, its submission_mode) is stored beside it; a file
 * without an applicant is attributed when read (docs/onboarding.md).
 */
export const handler = endpoint<z.infer<typeof V2MultiuploadBody>>('POST /v2/verification/multiupload', async ({ body, client }) => {
  const flow = await flowOf(client, body.flow_id);
  // Named applicants must exist and be live: 409 unknown, 410 deleted.
  for (const ref of new Set(body.file_urls.map((f) => f.external_reference_id).filter((r): r is string => Boolean(r)))) {
    await applicantOf(client, flow.flowId, ref);
  }
  if (!(await admitUpload(client.clientId, flow.flowId))) throw conflict('Flow is completed: uploads are closed');
  // retentionDays: the flow's files expire with the flow (putFiles reads it from the owner).
  const files = await storeAndProcess({ ...ownerOf(flow), productType: flow.productType, ...(flow.retentionDays ? { retentionDays: flow.retentionDays } : {}) }, newBatchId(), body.file_urls);
  await putUploadNotes(client.clientId, flow.flowId, files.map((f, i) => ({
    seq: f.seq,
    ...(body.file_urls[i].external_reference_id ? { externalReferenceId: body.file_urls[i].external_reference_id } : {}),
    ...(body.file_urls[i].submission_mode ? { submissionMode: body.file_urls[i].submission_mode } : {}),
  })), flow.retentionDays);
  return files.map((f, i) => ({
    file_url: body.file_urls[i].file_url, file_uuid: f.fileUuid, batch_id: f.batchId, document_id: f.documentId,
    ...(body.file_urls[i].external_reference_id ? { external_reference_id: body.file_urls[i].external_reference_id } : {}),
  }));
});
