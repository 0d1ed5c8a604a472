import { z, requiredString, pageParam, FlowParams, MAX_URL_LENGTH, MAX_FILES_PER_UPLOAD } from './common.ts';

/** Checklists name document types; a few dozen at most. */
const UserDocs = z.array(requiredString(64)).max(50);
const optionalUrl = z.string().max(MAX_URL_LENGTH).optional();
/** Co-applicants of one application (partners, guarantors). */
const MAX_CO_APPLICANTS = 20;

export const V2FlowInitBody = z
  .object({
    product_type: requiredString(),
    application_id: requiredString(),
    external_reference_id: requiredString(),
    username: requiredString(),
    user_docs: UserDocs.optional(),
    callback_url: optionalUrl,
    chat_notification_url: optionalUrl,
    auth_token_url: optionalUrl,
    flow_params: FlowParams.optional(),
  })
  .openapi('V2FlowInitRequest');

export const V2MultiuploadBody = z
  .object({
    flow_id: requiredString(),
    file_urls: z
      .array(z.object({ file_url: requiredString(MAX_URL_LENGTH), document_id: requiredString(), submission_mode: z.string().max(64).optional() }))
      .min(1)
      .max(MAX_FILES_PER_UPLOAD),
  })
  .openapi('V2MultiuploadRequest');

export const V2SubmitBody = z
  .object({ flow_id: requiredString(), close_flow: z.enum(['yes', 'no']).optional() })
  .openapi('V2SubmitRequest');

export const V2CoapplicantBody = z
  .object({
    flow_id: requiredString(),
    co_applicants: z
      .array(z.object({ external_reference_id: requiredString(), username: requiredString(), user_docs: UserDocs.optional() }))
      .min(1, 'co_applicants list cannot be empty')
      .max(MAX_CO_APPLICANTS),
  })
  .openapi('V2CoapplicantRequest');

export const V2ChatHistoryQuery = z.object({ flow_id: requiredString(), page: pageParam(1), per_page: pageParam(10, 100) });
export const V2DocsQuery = z.object({ flow_id: requiredString(), external_reference_id: requiredString() });
export const V2ChatBody = z.object({ message: requiredString(4000), flow_id: requiredString() }).openapi('V2ChatRequest');
