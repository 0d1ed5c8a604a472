/**
 * The one route table. CDK builds API Gateway from it (lib/api.ts) and the local server dispatches
 * from it (bin/local.ts); the OpenAPI document is generated from it (openapi.ts).
 * A route's handler lives at functions/http/<handler>.ts and exports `handler`.
 */
import type { ZodType } from 'zod';
import * as z from 'zod';
import { ErrorBody, PaginatedExtracts, requiredString } from './schemas/common.ts';
import { TokenResponse } from './schemas/auth.ts';
import * as v3 from './schemas/v3.ts';
import * as v2 from './schemas/v2.ts';
import * as batch from './schemas/batch.ts';
import * as address from './schemas/address.ts';

/** Each interface has its own token audience: a sandbox token opens nothing on main, and the reverse. */
export type Audience = 'main' | 'sandbox' | 'bulk';

export type RouteAuth =
  | { kind: 'none' }
  /** Client-Id / Client-Secret headers, answered with a token for this audience. */
  | { kind: 'clientCredentials'; audience: Audience }
  /** The `Token` header must carry a JWT of this audience. */
  | { kind: 'token'; audience: Audience }
  /** The `Token` header carries an opaque refresh token. */
  | { kind: 'refreshToken' }
  /** Lower-case `client_id` / `client_secret` headers that do not expire (address matching). */
  | { kind: 'staticCredentials' };

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Module under functions/http, without extension; mirrors the path so it can be found from it. */
  handler: string;
  auth: RouteAuth;
  /** The spec's host: the sandbox paths live on {sandbox_url}. Locally both share one origin. */
  host: 'main' | 'sandbox';
  summary: string;
  body?: ZodType;
  query?: ZodType;
  /** Success status and schema (204: no body; the schema is then unused). */
  success: { status: 200 | 201 | 204; schema: ZodType };
  /** Documented error statuses (besides the 400/401/413/415 every route may answer). */
  errors?: number[];
  /** Heavier routes (OCR-adjacent, matching) get more memory in AWS. */
  memoryMb?: number;
  /** Creates something: honours `Idempotency-Key` (middleware/idempotency.ts). */
  creates?: true;
}

const NotImplemented = z.object({ error: z.literal('not implemented') });
/** Erasure answers 204 with no body (docs/data-lifecycle.md). */
const Erased = z.null();
const BatchIdQuery = z.object({ batch_id: requiredString() });
const V2FlowIdQuery = z.object({ flow_id: requiredString() });

export const routes: Route[] = [
  // Authentication
  {
    method: 'POST', path: '/v3/verification/authtoken', handler: 'v3/verification/authtoken', host: 'main',
    auth: { kind: 'clientCredentials', audience: 'main' }, summary: 'Token for the v3 verification and v2 onboarding interfaces',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/v1/docstream/authtoken', handler: 'v1/docstream/authtoken', host: 'sandbox',
    auth: { kind: 'clientCredentials', audience: 'sandbox' }, summary: 'Token for the sandbox interface',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/bulk/authtoken', handler: 'bulk/authtoken', host: 'main',
    auth: { kind: 'clientCredentials', audience: 'bulk' }, summary: 'Token for the bulk extraction interface',
    success: { status: 201, schema: TokenResponse },
  },
  {
    method: 'POST', path: '/refresh-token', handler: 'refresh-token', host: 'main',
    auth: { kind: 'refreshToken' }, summary: 'New access token (and rotated refresh token) from a refresh token in the Token header',
    success: { status: 201, schema: TokenResponse },
  },

  // Verification flow (v3)
  {
    method: 'POST', path: '/v3/verification/flow/init', handler: 'v3/verification/flow/init', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Create a verification flow', creates: true,
    body: v3.FlowInitBody, success: { status: 201, schema: v3.FlowInitResponse },
  },
  {
    method: 'POST', path: '/v3/verification/multiupload', handler: 'v3/verification/multiupload', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Upload documents of a flow by URL', creates: true,
    body: v3.MultiuploadBody, success: { status: 201, schema: v3.MultiuploadResponse }, errors: [409, 422],
  },
  {
    method: 'GET', path: '/v3/verification/status', handler: 'v3/verification/status', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Statuses of a flow',
    query: v3.FlowQuery, success: { status: 200, schema: v3.StatusResponse }, errors: [409],
  },
  {
    method: 'GET', path: '/v3/verification/extracts', handler: 'v3/verification/extracts', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'OCR results and cross-checks of a flow',
    query: v3.FlowQuery, success: { status: 200, schema: v3.ExtractsResponse }, errors: [409],
  },
  {
    method: 'DELETE', path: '/v3/verification/flow', handler: 'v3/verification/flow', host: 'main',
    auth: { kind: 'token', audience: 'main' }, summary: 'Erase a flow: its files, results, sealed numbers and pending callbacks',
    query: v3.FlowQuery, success: { status: 204, schema: Erased }, errors: [409],
  },

  // Onboarding flow (v2)
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

  // Bulk extraction (v1)
  {
    method: 'POST', path: '/v1/bulk/multiupload', handler: 'v1/bulk/multiupload', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Upload a batch of documents for extraction', creates: true,
    body: batch.BatchUploadBody, success: { status: 201, schema: batch.BulkUploadResponse },
  },
  {
    method: 'GET', path: '/v1/bulk/extracts', handler: 'v1/bulk/extracts', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Paginated results of a batch',
    query: batch.BatchExtractsQuery, success: { status: 200, schema: PaginatedExtracts },
  },
  {
    method: 'DELETE', path: '/v1/bulk/batch', handler: 'v1/bulk/batch', host: 'main',
    auth: { kind: 'token', audience: 'bulk' }, summary: 'Erase a batch: its files, results, sealed numbers and pending callbacks',
    query: BatchIdQuery, success: { status: 204, schema: Erased },
  },

  // Sandbox extraction
  {
    method: 'POST', path: '/v1/docstream/multiupload', handler: 'v1/docstream/multiupload', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Sandbox upload; answers a batch_id', creates: true,
    body: batch.BatchUploadBody, success: { status: 201, schema: batch.SandboxUploadResponse },
  },
  {
    method: 'GET', path: '/v1/docstream/extracts', handler: 'v1/docstream/extracts', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Paginated sandbox results of a batch',
    query: batch.BatchExtractsQuery, success: { status: 200, schema: PaginatedExtracts },
  },
  {
    method: 'DELETE', path: '/v1/docstream/batch', handler: 'v1/docstream/batch', host: 'sandbox',
    auth: { kind: 'token', audience: 'sandbox' }, summary: 'Erase a sandbox batch and everything of it',
    query: BatchIdQuery, success: { status: 204, schema: Erased },
  },

  // Address matching (v1)
  {
    method: 'POST', path: '/v1/address/match/batch', handler: 'v1/address/match/batch', host: 'main',
    auth: { kind: 'staticCredentials' }, summary: 'Compare one source address against many targets',
    body: address.AddressMatchBody, success: { status: 200, schema: address.AddressMatchResponse },
    errors: [422, 503], memoryMb: 1024,
  },

  // The contract itself
  {
    method: 'GET', path: '/openapi.json', handler: 'openapi', host: 'main',
    auth: { kind: 'none' }, summary: 'This OpenAPI 3.1 document',
    success: { status: 200, schema: z.record(z.string(), z.unknown()) },
  },
];

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

export function findRoute(key: string): Route {
  const route = routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key} in the route table`);
  return route;
}

export { ErrorBody };
