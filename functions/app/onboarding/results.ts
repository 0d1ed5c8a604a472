/**
 * What an onboarding flow reports: one entry per document (submit's `data`), and the results
 * callback to `callback_url` that the v3 delivery machinery sends once per processing round
 * (finalise claims it, DeliverCallback signs, authorises via `auth_token_url`, retries and
 * dead-letters it; the body is rebuilt from the stored state at each attempt, so a replay is current).
 */
import { getFlow } from '../../adapters/store/onboarding.ts';
import type { OnboardingFlow } from '#core/domain/onboarding.ts';
import { isFinished } from '../../adapters/store/flowsAndBatches.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import { ocrItem, type Reader } from '../extracts.ts';
import { masterStatus } from '../../core/onboarding/checklist.ts';
import { checklistOf, filesOf, readFlowState, type FlowState } from './flows.ts';

/** submit's `data`: fields, `{processing_error}` for a failed document, `{}` while still in the pipeline. */
export function documentEntries(state: FlowState, reader: Reader) {
  return Promise.all(state.files.map(async ({ file, externalReferenceId }) => {
    const item = await ocrItem(file, reader);
    return {
      document_id: file.documentId,
      external_reference_id: externalReferenceId,
      file_uuid: file.fileUuid,
      data: !isFinished(file) ? {} : item.error_code ? { processing_error: item.error_code } : item.data,
    };
  }));
}

/** Where a round's results go: the flow's callback_url, authorised through its auth_token_url. */
export async function onboardingCallbackTarget(pipelineFlow: FlowOrBatchRef): Promise<{ url: string; authUrl?: string } | undefined> {
  const flow = await getFlow(pipelineFlow.clientId, pipelineFlow.id);
  return flow?.callbackUrl ? { url: flow.callbackUrl, ...(flow.authTokenUrl ? { authUrl: flow.authTokenUrl } : {}) } : undefined;
}

export async function resultsPayload(flow: OnboardingFlow, reader: Reader) {
  const state = await readFlowState(flow);
  return {
    event: 'onboarding.results',
    flow_id: flow.flowId,
    application_id: flow.applicationId,
    flow_status: flow.state,
    applicants: state.applicants.filter((a) => !a.deletedAt).map((a) => {
      const checklist = checklistOf(state, a);
      return {
        external_reference_id: a.externalReferenceId,
        applicant_type: a.applicantType === 'primary' ? 'primary' : 'co_applicant',
        checklist,
        checklist_complete: Object.values(checklist).every(Boolean),
        master_status: masterStatus(filesOf(state, a.externalReferenceId).map((f) => f.file)),
      };
    }),
    data: await documentEntries(state, reader),
  };
}

/** The callback body of a v2 flow (app/extracts.ts callbackPayload). */
export async function onboardingCallbackPayload(pipelineFlow: FlowOrBatchRef, reader: Reader) {
  const flow = await getFlow(pipelineFlow.clientId, pipelineFlow.id);
  if (!flow) return { event: 'onboarding.results', flow_id: pipelineFlow.id, applicants: [], data: [] };
  return resultsPayload(flow, reader);
}
