/** Applicants of an onboarding flow: their document lists, co-applicants, checklists and statuses. */
import { randomUUID } from 'node:crypto';
import { findProduct, type Product } from '../../core/products/catalogue.ts';
import { documentTypeOf, fileStatus, masterStatus } from '../../core/onboarding/checklist.ts';
import { addApplicant, getApplicant, getFlow, markApplicantDeleted } from '../../adapters/store/onboarding.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { ConflictError, GoneError, InvalidRequestError, NotFoundError } from '../errors.ts';
import { applicantOf, checklistOf, filesOf, flowOf, readFlowState } from './flows.ts';

/** The document types a user_docs list names, each one the product accepts (else a message saying which not). */
export function userDocsProblem(product: Product, userDocs: readonly string[]): string | undefined {
  const unknown = [...new Set(userDocs.filter((d) => !product.documentTypes.includes(d)))];
  return unknown.length ? `user_docs: ${unknown.join(', ')} not accepted for ${product.productType} (accepted: ${product.documentTypes.join(', ')})` : undefined;
}

/** user_docs of a flow init: 400 naming the types the product does not accept; duplicates dropped. */
export function checkUserDocs(product: Product, userDocs: readonly string[]): string[] {
  const problem = userDocsProblem(product, userDocs);
  if (problem) throw new InvalidRequestError(`Invalid parameters: ${problem}`);
  return [...new Set(userDocs)];
}

export interface NewCoapplicant {
  external_reference_id: string;
  username: string;
  user_docs?: string[];
}

type Failure = { external_reference_id: string; error_code: 'DUPLICATE_APPLICANT' | 'INVALID_USER_DOCS'; error_message: string };

/** Each co-applicant succeeds or fails on its own; one conditional put each, in request order. */
export async function addCoapplicants(client: ClientRecord, flowId: string, coApplicants: NewCoapplicant[]) {
  const flow = await flowOf(client, flowId);
  if (flow.state === 'COMPLETED') throw new ConflictError('Flow is completed: no co-applicants can be added');
  const product = findProduct(flow.productType);
  const created: { co_applicant_id: string; external_reference_id: string }[] = [];
  const failed: Failure[] = [];
  for (const c of coApplicants) {
    // An empty list is no list, as at init.
    const userDocs = c.user_docs?.length ? c.user_docs : undefined;
    const problem = userDocs && userDocsProblem(product, userDocs);
    if (problem) {
      failed.push({ external_reference_id: c.external_reference_id, error_code: 'INVALID_USER_DOCS', error_message: problem });
      continue;
    }
    const id = randomUUID();
    const added = await addApplicant(client.clientId, flow.flowId, {
      applicantId: id, externalReferenceId: c.external_reference_id, username: c.username, applicantType: 'coApplicant',
      ...(userDocs ? { userDocs: [...new Set(userDocs)] } : {}), createdAt: new Date().toISOString(),
    }, flow.retentionDays);
    if (added) created.push({ co_applicant_id: id, external_reference_id: c.external_reference_id });
    else failed.push({ external_reference_id: c.external_reference_id, error_code: 'DUPLICATE_APPLICANT', error_message: 'An applicant with this external_reference_id already exists in the flow' });
  }
  return { created, failed };
}

/** The document checklist of a live applicant. */
export async function applicantChecklist(client: ClientRecord, flowId: string, ref: string) {
  const { flow, applicant } = await applicantOf(client, flowId, ref);
  return checklistOf(await readFlowState(flow), applicant);
}

/** Per-file statuses of one applicant's documents (beyond the spec's v2 routes; docs/onboarding.md). */
export async function applicantStatuses(client: ClientRecord, flowId: string, ref: string) {
  const { flow, applicant } = await applicantOf(client, flowId, ref);
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
}

/**
 * Deleting an applicant is not an API move in the spec: the operator does it. The applicant is
 * marked deleted (docs and status then answer 410, uploads naming it are refused, and documents
 * are no longer attributed to it by name); its files and results stay with the flow until the
 * flow's retention ends or the flow is erased.
 */
export async function deleteApplicant(clientId: string, flowId: string, externalReferenceId: string) {
  if (!(await getFlow(clientId, flowId))) throw new NotFoundError(`no onboarding flow ${flowId} for client ${clientId}`);
  const applicant = await getApplicant(clientId, flowId, externalReferenceId);
  if (!applicant) throw new NotFoundError(`no applicant ${externalReferenceId} in flow ${flowId}`);
  if (applicant.deletedAt || !(await markApplicantDeleted(clientId, flowId, externalReferenceId))) {
    throw new GoneError(`applicant ${externalReferenceId} was already deleted`);
  }
  return `deleted applicant ${externalReferenceId} (${applicant.applicantType}) of flow ${flowId}`;
}
