/**
 * Onboarding documents by URL: the same pipeline as v3 (storeAndProcess), under the flow's pipeline
 * record (kind 'onboarding'). What the upload says about each file (its applicant, its submission_mode)
 * is stored beside it; a file without an applicant is attributed when read (docs/onboarding.md).
 */
import type { ClientRecord } from '#core/domain/clients.ts';
import { admitUpload, putUploadNotes } from '../../adapters/store/onboarding.ts';
import { ConflictError } from '../errors.ts';
import { newBatchId, storeAndProcess, type FileUrl } from '../uploads.ts';
import { applicantOf, flowOf, pipelineFlowOf } from './flows.ts';

export interface OnboardingFileUrl extends FileUrl {
  submission_mode?: string;
  external_reference_id?: string;
}

export async function uploadToOnboardingFlow(client: ClientRecord, flowId: string, fileUrls: OnboardingFileUrl[]) {
  const flow = await flowOf(client, flowId);
  // Named applicants must exist and be live: 409 unknown, 410 deleted.
  for (const ref of new Set(fileUrls.map((f) => f.external_reference_id).filter((r): r is string => Boolean(r)))) {
    await applicantOf(client, flow.flowId, ref);
  }
  if (!(await admitUpload(client.clientId, flow.flowId))) throw new ConflictError('Flow is completed: uploads are closed');
  // retentionDays: the flow's files expire with the flow (putFiles reads it from the flow's pipeline record).
  const files = await storeAndProcess({ ...pipelineFlowOf(flow), productType: flow.productType, ...(flow.retentionDays ? { retentionDays: flow.retentionDays } : {}) }, newBatchId(), fileUrls);
  await putUploadNotes(client.clientId, flow.flowId, files.map((f, i) => ({
    seq: f.seq,
    ...(fileUrls[i].external_reference_id ? { externalReferenceId: fileUrls[i].external_reference_id } : {}),
    ...(fileUrls[i].submission_mode ? { submissionMode: fileUrls[i].submission_mode } : {}),
  })), flow.retentionDays);
  return files.map((f, i) => ({
    file_url: fileUrls[i].file_url, file_uuid: f.fileUuid, batch_id: f.batchId, document_id: f.documentId,
    ...(fileUrls[i].external_reference_id ? { external_reference_id: fileUrls[i].external_reference_id } : {}),
  }));
}
