import { endpoint } from '../../routeTable/v2.ts';
import { documentTypeOf, fileStatus, masterStatus } from '../../../core/onboarding/checklist.ts';
import { applicantOf, filesOf, readFlowState } from '../onboarding.ts';

/** Per-file statuses of one applicant's documents (beyond the spec's v2 routes; docs/onboarding.md). */
export const handler = endpoint<unknown, { flow_id: string; external_reference_id: string }>('GET /v2/verification/status', async ({ query, client }) => {
  const { flow, applicant } = await applicantOf(client, query.flow_id, query.external_reference_id);
  const files = filesOf(await readFlowState(flow), applicant.externalReferenceId).map((f) => f.file);
  return {
    external_reference_id: applicant.externalReferenceId,
    file_statuses: files.map((f) => {
      const type = documentTypeOf(f);
      return {
        file_uuid: f.fileUuid, document_id: f.documentId, status: fileStatus(f),
        ...(type ? { document_type: type } : {}),
        ...(f.result?.error_code ? { error_code: f.result.error_code, error_reason: f.result.error_reason } : {}),
      };
    }),
    master_status: masterStatus(files),
  };
});
