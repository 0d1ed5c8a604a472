/**
 * What the onboarding assistant sends a language model (Bedrock Converse): a fixed system prompt
 * and the flow's state as JSON. Left out on purpose: applicant names (applicants are named by the
 * integrator's reference and type), extracted field values (PAN, Aadhaar, account numbers,
 * amounts), file URLs and the flow's parameters. The answer needs none of them.
 */
import type { ChatContext } from './chatPolicy.ts';

export const SYSTEM_PROMPT = [
  'You are the onboarding assistant of an Indian lender. You help an applicant complete a loan application by uploading documents.',
  'Answer only from the FLOW STATE given: which documents are still missing for which applicant, what happened to an uploaded document and why it failed,',
  'what a document type is and how to upload it (a clear JPEG, PNG or PDF), and whether the application is ready to submit',
  '(ready when every live applicant has every checklist document and no upload is still processing; a COMPLETED flow takes no more uploads).',
  'Refer to applicants by their reference and role. Never ask for or repeat personal numbers. If the question is about anything else, say what you can help with.',
  'Reply in two to four plain sentences.',
].join(' ');

/** The flow's state as the model sees it. */
export function promptContext(ctx: ChatContext) {
  const live = ctx.applicants.filter((a) => !a.deleted);
  const liveRefs = new Set(live.map((a) => a.externalReferenceId));
  return {
    product_type: ctx.productType,
    flow_state: ctx.flowState,
    applicants: live.map((a) => ({ reference: a.externalReferenceId, role: a.applicantType, checklist: a.checklist })),
    // A deleted applicant leaves the prompt with its documents (they would name its reference).
    documents: ctx.files.filter((f) => liveRefs.has(f.externalReferenceId)).map((f) => ({
      document_id: f.documentId, applicant: f.externalReferenceId, status: f.status,
      ...(f.documentType ? { document_type: f.documentType } : {}), ...(f.errorCode ? { error_code: f.errorCode } : {}),
    })),
  };
}

/** One Converse turn: the state and the question in the user message. */
export function converseRequest(message: string, ctx: ChatContext) {
  return {
    system: [{ text: SYSTEM_PROMPT }],
    messages: [{ role: 'user' as const, content: [{ text: `FLOW STATE:\n${JSON.stringify(promptContext(ctx))}\n\nQUESTION:\n${message}` }] }],
    inferenceConfig: { maxTokens: 400, temperature: 0 },
  };
}
