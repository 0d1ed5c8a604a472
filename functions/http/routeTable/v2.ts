/** Onboarding flow (v2). Part of the route table (../routes.ts); handlers import `endpoint` from here. */
import * as z from 'zod';
import * as v2 from '../schemas/v2.ts';
import { requiredString } from '../schemas/common.ts';
import { Erased, defineRoutes } from './types.ts';
import { endpointOf } from '../middleware/serve.ts';

const V2FlowIdQuery = z.object({ flow_id: requiredString() });

export const v2Routes = defineRoutes([
  {
    method: 'POST', path: '/v2/verification/flow/init', handler: 'v2/verification/flow/init', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Create an onboarding flow and its primary applicant', creates: true,
    body: v2.V2FlowInitBody, success: { status: 201, schema: v2.V2FlowInitResponse }, errors: [409],
  },
  {
    method: 'POST', path: '/v2/verification/multiupload', handler: 'v2/verification/multiupload', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Upload onboarding documents by URL', creates: true,
    body: v2.V2MultiuploadBody, success: { status: 201, schema: v2.V2MultiuploadResponse }, errors: [409, 410, 422],
  },
  {
    method: 'POST', path: '/v2/verification/flow/submit', handler: 'v2/verification/flow/submit', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Submit (and optionally close) an onboarding flow', creates: true,
    body: v2.V2SubmitBody, query: v2.V2SubmitQuery, success: { status: 200, schema: v2.V2SubmitResponse }, errors: [409],
  },
  {
    method: 'POST', path: '/v2/verification/flow/coapplicant', handler: 'v2/verification/flow/coapplicant', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Add co-applicants', creates: true,
    body: v2.V2CoapplicantBody, success: { status: 201, schema: v2.V2CoapplicantResponse }, errors: [409],
  },
  {
    method: 'GET', path: '/v2/verification/chat-history', handler: 'v2/verification/chat-history', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Chat history, newest first',
    query: v2.V2ChatHistoryQuery, success: { status: 200, schema: v2.V2ChatHistoryResponse }, errors: [409],
  },
  {
    method: 'GET', path: '/v2/verification/docs', handler: 'v2/verification/docs', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Document checklist of an applicant',
    query: v2.V2DocsQuery, success: { status: 200, schema: v2.V2DocsResponse }, errors: [409, 410],
  },
  {
    method: 'POST', path: '/v2/verification/chat', handler: 'v2/verification/chat', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Send a chat message in the context of a flow', creates: true,
    body: v2.V2ChatBody, success: { status: 200, schema: v2.V2ChatResponse }, errors: [409, 422],
  },
  {
    method: 'GET', path: '/v2/verification/status', handler: 'v2/verification/status', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Per-file statuses of an applicant (beyond the spec)',
    query: v2.V2StatusQuery, success: { status: 200, schema: v2.V2StatusResponse }, errors: [409, 410],
  },
  {
    method: 'DELETE', path: '/v2/verification/flow', handler: 'v2/verification/flow', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Erase an onboarding flow: applicants, files, results, chat, sealed numbers and pending callbacks',
    query: V2FlowIdQuery, success: { status: 204, schema: Erased }, errors: [409],
  },
]);

export const endpoint = endpointOf(v2Routes);
