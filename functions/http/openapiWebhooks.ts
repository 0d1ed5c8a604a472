/**
 * The `webhooks` of the OpenAPI document: every request the service itself sends to an integrator
 * (v3 flow results, v2 onboarding results, sandbox account results, the v2 notifications to
 * chat_notification_url, and the token request before each of them), with the headers that sign them.
 * Result bodies are built by the extracts use case (callbackPayload), notification bodies by
 * core/onboarding/notifications.ts; these schemas describe them for tools.
 */
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { DocumentData, PaginatedExtracts } from './schemas/common.ts';
import { CrossCheckItem, OcrResultItem } from './schemas/v3.ts';

export const V3ResultsEvent = z
  .object({
    application_id: z.string(),
    flow_uuid: z.string().uuid(),
    ocr_data: z.array(OcrResultItem),
    cross_checks: z.array(CrossCheckItem),
  })
  .meta({ id: 'V3ResultsEvent',  description: 'The v3 extracts of the flow, with its application_id: what GET /v3/verification/extracts answers.' });

export const SandboxResultsEvent = PaginatedExtracts.extend({ batch_id: z.string() }).meta({ id: 'SandboxResultsEvent', 
  description: 'Every result of the sandbox batch as one page, with its batch_id.',
});

export const V2ResultsEvent = z
  .object({
    event: z.literal('onboarding.results'),
    flow_id: z.string().uuid(),
    application_id: z.string().optional(),
    flow_status: z.enum(['ACTIVE', 'COMPLETED']).optional(),
    applicants: z.array(
      z.object({
        external_reference_id: z.string(),
        applicant_type: z.enum(['primary', 'co_applicant']),
        checklist: z.record(z.string(), z.boolean()),
        checklist_complete: z.boolean(),
        master_status: z.string(),
      }),
    ),
    data: z.array(
      z.object({
        document_id: z.string(),
        external_reference_id: z.string(),
        file_uuid: z.string().uuid(),
        data: z.union([z.object({ processing_error: z.string() }), DocumentData]),
      }),
    ),
  })
  .meta({ id: 'V2ResultsEvent',  description: "An onboarding flow's applicants with their checklists, and one entry per document (as submit's data)." });

/** Every notification carries its event id (= the webhook-id header) and when it was recorded. */
const notification = <E extends string>(event: E) => ({
  event: z.literal(event),
  flow_id: z.string().uuid(),
  event_id: z.string().meta({ description: 'The event id: equal to the webhook-id header, the same on every retry and replay.' }),
  created_at: z.string().datetime().meta({ description: 'When the service recorded the event (its body is fixed then).' }),
});

const documentEvent = <E extends string>(event: E) => ({
  ...notification(event),
  external_reference_id: z.string().meta({ description: 'The applicant the document was attributed to when the event was recorded.' }),
  document_id: z.string(),
  file_uuid: z.string().uuid(),
});

export const DocumentProcessedEvent = z
  .strictObject({ ...documentEvent('document.processed'), document_type: z.string().optional() })
  .meta({ id: 'DocumentProcessedEvent', description: "A live applicant's document was read with no per-document error." });

export const DocumentFailedEvent = z
  .strictObject({
    ...documentEvent('document.failed'),
    document_type: z.string().optional().meta({ description: 'When it was classified before it failed.' }),
    error_code: z.string().optional().meta({ description: 'PROCESSING_FAILED, INVALID_DOC or UNRECOGNISED, as in the document\'s result.' }),
  })
  .meta({ id: 'DocumentFailedEvent', description: "A live applicant's document failed to download or process, or was refused (INVALID_DOC, UNRECOGNISED)." });

export const ApplicantChecklistCompleteEvent = z
  .strictObject({ ...notification('applicant.checklist_complete'), external_reference_id: z.string(), checklist: z.record(z.string(), z.boolean()) })
  .meta({ id: 'ApplicantChecklistCompleteEvent', description: "Every document type on a live applicant's checklist is ticked." });

export const FlowSubmittedEvent = z
  .strictObject({ ...notification('flow.submitted'), flow_status: z.literal('COMPLETED') })
  .meta({ id: 'FlowSubmittedEvent', description: 'The flow was submitted with close_flow=yes and is completed.' });

export const TokenRequestEvent = z
  .object({ grant_type: z.literal('client_credentials'), application_id: z.string().optional() })
  .meta({ id: 'TokenRequestEvent' });

export const TokenAnswer = z
  .object({ access_token: z.string().regex(/^[\x21-\x7e]{1,4096}$/), expires_in: z.number().positive().optional() })
  .meta({ id: 'TokenAnswer' });

const signatureHeaders = {
  'webhook-id': z.string().meta({ description: 'Standard Webhooks message id: the event id, the same on every retry and replay. De-duplicate on it.' }),
  'webhook-timestamp': z.string().regex(/^\d+$/).meta({ description: 'Unix seconds when this attempt was signed.' }),
  'webhook-signature': z.string().meta({ description: '`v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, keyed with the base64-decoded part of the whsec_ secret; space-separated entries during a rotation. See docs/callbacks.md.' }),
  'X-Event-Id': z.string().meta({ description: 'Same value as webhook-id (kept for one release).', deprecated: true }),
  'X-Timestamp': z.string().meta({ description: 'Same value as webhook-timestamp (kept for one release).', deprecated: true }),
  'X-Signature': z.string().meta({ description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the whole secret (kept for one release).', deprecated: true }),
};

/** The headers of a callback: the signature headers plus the bearer token from auth_url. */
export const CallbackHeaders = z.object({
  ...signatureHeaders,
  Authorization: z.string().optional().meta({ description: '`Bearer <access_token>` from the auth_url exchange (present when an auth_url is set).' }),
});
export const TokenRequestHeaders = z.object(signatureHeaders);

const received = { description: 'Any 2xx within 15 s: received (the body is ignored). Anything else, or no answer, is retried (docs/callbacks.md).' };

/** The v2 notifications to chat_notification_url, by webhook name: event name and body. */
export const v2Notifications = {
  v2DocumentProcessed: { event: 'document.processed', schema: DocumentProcessedEvent },
  v2DocumentFailed: { event: 'document.failed', schema: DocumentFailedEvent },
  v2ApplicantChecklistComplete: { event: 'applicant.checklist_complete', schema: ApplicantChecklistCompleteEvent },
  v2FlowSubmitted: { event: 'flow.submitted', schema: FlowSubmittedEvent },
} as const;
export type V2NotificationName = keyof typeof v2Notifications;

export const webhookNames = ['v3Results', 'v2Results', 'sandboxResults', ...(Object.keys(v2Notifications) as V2NotificationName[]), 'authTokenRequest'] as const;
export type WebhookName = (typeof webhookNames)[number];

/** Each webhook's body schema (the contract test checks the recorded bodies against them). */
export const webhookBodies: Record<WebhookName, z.ZodType> = {
  v3Results: V3ResultsEvent,
  v2Results: V2ResultsEvent,
  sandboxResults: SandboxResultsEvent,
  v2DocumentProcessed: DocumentProcessedEvent,
  v2DocumentFailed: DocumentFailedEvent,
  v2ApplicantChecklistComplete: ApplicantChecklistCompleteEvent,
  v2FlowSubmitted: FlowSubmittedEvent,
  authTokenRequest: TokenRequestEvent,
};

export function registerWebhooks(registry: OpenAPIRegistry) {
  registry.registerWebhook({
    method: 'post', path: 'v3Results', operationId: 'v3Results', tags: ['webhooks'],
    summary: 'Results of a v3 verification flow, POSTed to its callback_url once every uploaded document is processed and cross-checked',
    request: { headers: CallbackHeaders, body: { content: { 'application/json': { schema: V3ResultsEvent } }, required: true } },
    responses: { 200: received },
  });
  registry.registerWebhook({
    method: 'post', path: 'v2Results', operationId: 'v2Results', tags: ['webhooks'],
    summary: "Results of an onboarding (v2) flow, POSTed to its callback_url after each processing round, authorised through its auth_token_url",
    request: { headers: CallbackHeaders, body: { content: { 'application/json': { schema: V2ResultsEvent } }, required: true } },
    responses: { 200: received },
  });
  registry.registerWebhook({
    method: 'post', path: 'sandboxResults', operationId: 'sandboxResults', tags: ['webhooks'],
    summary: "Results of a sandbox batch, POSTed to the client account's callback URL (operator: client set-callback) once every file is processed",
    request: { headers: CallbackHeaders, body: { content: { 'application/json': { schema: SandboxResultsEvent } }, required: true } },
    responses: { 200: received },
  });
  for (const [name, n] of Object.entries(v2Notifications)) {
    registry.registerWebhook({
      method: 'post', path: name, operationId: name, tags: ['webhooks'],
      summary: `Onboarding (v2) notification \`${n.event}\`, POSTed to the flow's chat_notification_url once per occurrence (retried from the outbox, then dead-lettered), authorised through its auth_token_url`,
      description: 'Only flows created with a chat_notification_url get notifications. Each request of an attempt has 5 s; de-duplicate on webhook-id (docs/onboarding.md, "Notifications").',
      request: { headers: CallbackHeaders, body: { content: { 'application/json': { schema: n.schema } }, required: true } },
      responses: { 200: { description: 'Any 2xx within 5 s: received (the body is ignored). Anything else, or no answer, is retried with backoff (30 s to 8 min, 6 attempts).' } },
    });
  }
  registry.registerWebhook({
    method: 'post', path: 'authTokenRequest', operationId: 'authTokenRequest', tags: ['webhooks'],
    summary: "Token request to the auth_url (v2: auth_token_url) before every callback or notification attempt (and once when documents are uploaded), signed like a callback",
    request: { headers: TokenRequestHeaders, body: { content: { 'application/json': { schema: TokenRequestEvent } }, required: true } },
    responses: { 200: { description: 'A token for the callback that follows.', content: { 'application/json': { schema: TokenAnswer } } } },
  });
}
