import { z, requiredString, pageParam, FlowParams } from './common.ts';

export const V2FlowInitBody = z
  .object({
    product_type: requiredString(),
    application_id: requiredString(),
    external_reference_id: requiredString(),
    username: requiredString(),
    user_docs: z.array(z.string()).optional(),
    callback_url: z.string().optional(),
    chat_notification_url: z.string().optional(),
    auth_token_url: z.string().optional(),
    flow_params: FlowParams.optional(),
  })
  .openapi('V2FlowInitRequest');

export const V2MultiuploadBody = z
  .object({
    flow_id: requiredString(),
    file_urls: z
      .array(z.object({ file_url: requiredString(), document_id: requiredString(), submission_mode: z.string().optional() }))
      .min(1),
  })
  .openapi('V2MultiuploadRequest');

export const V2SubmitBody = z
  .object({ flow_id: requiredString(), close_flow: z.enum(['yes', 'no']).optional() })
  .openapi('V2SubmitRequest');

export const V2CoapplicantBody = z
  .object({
    flow_id: requiredString(),
    co_applicants: z
      .array(z.object({ external_reference_id: requiredString(), username: requiredString(), user_docs: z.array(z.string()).optional() }))
      .min(1, 'co_applicants list cannot be empty'),
  })
  .openapi('V2CoapplicantRequest');

export const V2ChatHistoryQuery = z.object({ flow_id: requiredString(), page: pageParam(1), per_page: pageParam(10, 100) });
export const V2DocsQuery = z.object({ flow_id: requiredString(), external_reference_id: requiredString() });
export const V2ChatBody = z.object({ message: requiredString(4000), flow_id: requiredString() }).openapi('V2ChatRequest');
