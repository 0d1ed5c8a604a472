import * as z from 'zod';
import { requiredString, pageParam, FlowParams, DocumentData, MAX_URL_LENGTH, MAX_FILES_PER_UPLOAD } from './common.ts';

/** Identifiers end up in keys: a lone surrogate has no UTF-8 form, so it is refused, not stored. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const Ref = requiredString().refine((s) => !LONE_SURROGATE.test(s), { message: 'must be well-formed Unicode' });

/** Checklists name document types; a few dozen at most. */
const UserDocs = z.array(requiredString(64)).max(50);
const optionalUrl = z.string().max(MAX_URL_LENGTH).optional();
/** Co-applicants of one application (partners, guarantors). */
const MAX_CO_APPLICANTS = 20;

export const V2FlowInitBody = z
  .object({
    product_type: requiredString(),
    application_id: Ref,
    external_reference_id: Ref,
    username: Ref,
    user_docs: UserDocs.optional(),
    callback_url: optionalUrl,
    chat_notification_url: optionalUrl,
    auth_token_url: optionalUrl,
    flow_params: FlowParams.optional(),
  })
  .meta({ id: 'V2FlowInitRequest' });

export const V2MultiuploadBody = z
  .object({
    flow_id: requiredString(),
    file_urls: z
      .array(
        z.object({
          file_url: requiredString(MAX_URL_LENGTH),
          document_id: requiredString(),
          submission_mode: z.string().max(64).optional(),
          external_reference_id: Ref.optional().meta({
            description: 'Not in the spec: the applicant the document belongs to; absent, it is attributed by the name read from it (else the primary applicant).',
          }),
        }),
      )
      .min(1)
      .max(MAX_FILES_PER_UPLOAD),
  })
  .meta({ id: 'V2MultiuploadRequest' });

/** flow_id and close_flow may come in the query, the body or both (the spec names both). */
const CloseFlow = z.enum(['yes', 'no']);
export const V2SubmitBody = z
  .object({ flow_id: requiredString().optional(), close_flow: CloseFlow.optional() })
  .meta({ id: 'V2SubmitRequest' });
export const V2SubmitQuery = z.object({ flow_id: requiredString().optional(), close_flow: CloseFlow.optional() });

export const V2CoapplicantBody = z
  .object({
    flow_id: requiredString(),
    co_applicants: z
      .array(z.object({ external_reference_id: Ref, username: Ref, user_docs: UserDocs.optional() }))
      .min(1, 'co_applicants list cannot be empty')
      .max(MAX_CO_APPLICANTS),
  })
  .meta({ id: 'V2CoapplicantRequest' });

export const V2ChatHistoryQuery = z.object({ flow_id: requiredString(), page: pageParam(1), per_page: pageParam(10, 100) });
export const V2DocsQuery = z.object({ flow_id: requiredString(), external_reference_id: Ref });
export const V2ChatBody = z.object({ message: requiredString(4000), flow_id: requiredString() }).meta({ id: 'V2ChatRequest' });
export const V2StatusQuery = z.object({ flow_id: requiredString(), external_reference_id: Ref });

export const V2FlowInitResponse = z
  .object({ flow_id: z.string().uuid(), application_id: z.string(), external_reference_id: z.string(), username: z.string(), flow_params: z.record(z.string(), z.unknown()) })
  .meta({ id: 'V2FlowInitResponse' });

export const V2MultiuploadResponse = z
  .array(z.object({ file_url: z.string(), file_uuid: z.string().uuid(), batch_id: z.string(), document_id: z.string(), external_reference_id: z.string().optional() }))
  .meta({ id: 'V2MultiuploadResponse' });

export const V2SubmitResponse = z
  .object({
    flow_id: z.string().uuid(),
    flow_params: z.record(z.string(), z.unknown()),
    flow_status: z.enum(['ACTIVE', 'COMPLETED']),
    data: z.array(
      z.object({
        document_id: z.string(),
        external_reference_id: z.string(),
        file_uuid: z.string().uuid(),
        data: z.union([z.object({ processing_error: z.string() }), DocumentData]),
      }),
    ),
  })
  .meta({ id: 'V2SubmitResponse' });

export const V2CoapplicantFailure = z
  .object({
    external_reference_id: z.string(),
    error_code: z.enum(['DUPLICATE_APPLICANT', 'INVALID_USER_DOCS']),
    error_message: z.string(),
  })
  .meta({ id: 'V2CoapplicantFailure' });

export const V2CoapplicantResponse = z
  .object({ created: z.array(z.object({ co_applicant_id: z.string().uuid(), external_reference_id: z.string() })), failed: z.array(V2CoapplicantFailure) })
  .meta({ id: 'V2CoapplicantResponse' });

export const V2ChatMessage = z
  .object({
    message: z.string(),
    sender: z.enum(['user', 'assistant']),
    external_document_id: z.string().uuid().meta({ description: "The message's own id (message_id of the chat answer)." }),
    created_at: z.string(),
  })
  .meta({ id: 'V2ChatMessage' });

export const V2ChatHistoryResponse = z
  .object({
    data: z.array(V2ChatMessage), page: z.number().int(), per_page: z.number().int(), total_pages: z.number().int(),
    total_items: z.number().int(), has_next: z.boolean(), has_prev: z.boolean(),
  })
  .meta({ id: 'V2ChatHistoryResponse' });

export const V2DocsResponse = z.record(z.string(), z.boolean()).meta({ id: 'V2DocsResponse',  description: 'Document type -> uploaded (true) or missing (false).' });

export const V2ChatResponse = z.object({ message: z.string(), message_id: z.string().uuid(), created_at: z.string() }).meta({ id: 'V2ChatResponse' });

export const V2StatusResponse = z
  .object({
    external_reference_id: z.string(),
    file_statuses: z.array(
      z.object({
        file_uuid: z.string().uuid(),
        document_id: z.string(),
        status: z.enum(['UPLOAD_SUCCESS', 'PROCESSING', 'PROCESSING_SUCCESS', 'FAILED']),
        document_type: z.string().optional(),
        error_code: z.string().optional(),
        error_reason: z.string().optional(),
      }),
    ),
    master_status: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED']),
  })
  .meta({ id: 'V2StatusResponse' });
