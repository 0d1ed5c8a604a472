/**
 * Deleting an onboarding applicant is not an API move in the spec: the operator does it. The
 * applicant is marked deleted (docs and status then answer 410, uploads naming it are refused, and
 * documents are no longer attributed to it by name); its files and results stay with the flow until
 * the flow's retention ends or the flow is erased.
 */
import { getApplicant, getFlow, markApplicantDeleted } from '#adapters/store/onboarding.ts';
import { OperatorError } from './commands.ts';

export async function deleteApplicantCommand(clientId: string, flowId: string, externalReferenceId: string) {
  if (!(await getFlow(clientId, flowId))) throw new OperatorError(`no onboarding flow ${flowId} for client ${clientId}`);
  const applicant = await getApplicant(clientId, flowId, externalReferenceId);
  if (!applicant) throw new OperatorError(`no applicant ${externalReferenceId} in flow ${flowId}`);
  if (applicant.deletedAt || !(await markApplicantDeleted(clientId, flowId, externalReferenceId))) {
    throw new OperatorError(`applicant ${externalReferenceId} was already deleted`);
  }
  return `deleted applicant ${externalReferenceId} (${applicant.applicantType}) of flow ${flowId}`;
}
