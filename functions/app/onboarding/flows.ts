/**
 * Onboarding (v2) use cases shared by the v2 routes: finding the client's flow and applicant, and
 * reading the flow's state (files attributed to applicants, checklists) at the moment it is asked.
 * Attribution is done on read, so it needs no hook in the pipeline and follows results as they land.
 */
import { getFlow, getApplicant, listApplicants, listUploadNotes } from '../../adapters/store/onboarding.ts';
import type { Applicant, OnboardingFlow } from '#core/domain/onboarding.ts';
import { listFiles } from '../../adapters/store/flowsAndBatches.ts';
import type { FileRecord, FlowOrBatchRef } from '#core/domain/flows.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { findProduct } from '../../core/products/catalogue.ts';
import { attribute, checklist, documentTypeOf, fileStatus, requiredDocuments, type ApplicantRef } from '../../core/onboarding/checklist.ts';
import type { ChatContext } from '../../core/onboarding/chatPolicy.ts';
import { GoneError, NotFoundError } from '../errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const flowNotFound = () => new NotFoundError('Flow not found');
export const applicantNotFound = () => new NotFoundError('Applicant not found');
export const applicantDeleted = () => new GoneError('Applicant already deleted');

/** A v2 flow's pipeline record (kind `onboarding`): its files, counters and rounds. */
export const pipelineFlowOf = (flow: Pick<OnboardingFlow, 'clientId' | 'flowId'>): FlowOrBatchRef => ({ kind: 'onboarding', clientId: flow.clientId, id: flow.flowId });

/** The client's flow; another client's id, or one that cannot be an id, reads like an unknown one. */
export async function flowOf(client: ClientRecord, flowId: string, notFound: () => Error = flowNotFound): Promise<OnboardingFlow> {
  const flow = UUID.test(flowId) ? await getFlow(client.clientId, flowId) : undefined;
  if (!flow) throw notFound();
  return flow;
}

/** A live applicant of the client's flow: 409 when there is none (or no such flow), 410 when deleted. */
export async function applicantOf(client: ClientRecord, flowId: string, ref: string): Promise<{ flow: OnboardingFlow; applicant: Applicant }> {
  const flow = await flowOf(client, flowId, applicantNotFound);
  const applicant = await getApplicant(client.clientId, flow.flowId, ref);
  if (!applicant) throw applicantNotFound();
  if (applicant.deletedAt) throw applicantDeleted();
  return { flow, applicant };
}

const refOf = (a: Applicant): ApplicantRef => ({
  externalReferenceId: a.externalReferenceId, username: a.username, applicantType: a.applicantType, userDocs: a.userDocs, deleted: Boolean(a.deletedAt),
});

export interface AttributedFile {
  file: FileRecord;
  /** The applicant the document belongs to (docs/onboarding.md, "Which applicant a document belongs to"). */
  externalReferenceId: string;
  submissionMode?: string;
}

export interface FlowState {
  flow: OnboardingFlow;
  applicants: Applicant[];
  files: AttributedFile[];
}

export async function readFlowState(flow: OnboardingFlow): Promise<FlowState> {
  const [applicants, files, notes] = await Promise.all([
    listApplicants(flow.clientId, flow.flowId), listFiles(pipelineFlowOf(flow)), listUploadNotes(flow.clientId, flow.flowId),
  ]);
  const noteOf = new Map(notes.map((n) => [n.seq, n]));
  const refs = applicants.map(refOf);
  return {
    flow,
    applicants,
    files: files.map((file) => {
      const note = noteOf.get(file.seq);
      return { file, externalReferenceId: attribute(note?.externalReferenceId, file, refs), submissionMode: note?.submissionMode };
    }),
  };
}

export const filesOf = (state: FlowState, ref: string) => state.files.filter((f) => f.externalReferenceId === ref);

export function checklistOf(state: FlowState, applicant: Applicant): Record<string, boolean> {
  const product = findProduct(state.flow.productType);
  return checklist(requiredDocuments(product, refOf(applicant)), filesOf(state, applicant.externalReferenceId).map((f) => f.file));
}

/** The state the assistant answers from (no extracted values, no URLs). */
export function chatContextOf(state: FlowState): ChatContext {
  return {
    productType: state.flow.productType,
    flowState: state.flow.state,
    applicants: state.applicants.map((a) => ({
      externalReferenceId: a.externalReferenceId, username: a.username, applicantType: a.applicantType, deleted: Boolean(a.deletedAt), checklist: checklistOf(state, a),
    })),
    files: state.files.map(({ file, externalReferenceId }) => ({
      documentId: file.documentId, externalReferenceId, status: fileStatus(file),
      ...(documentTypeOf(file) ? { documentType: documentTypeOf(file) } : {}),
      ...(file.result?.error_code ? { errorCode: file.result.error_code, errorReason: file.result.error_reason } : {}),
    })),
  };
}
