import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import type { ZodObject, ZodType } from 'zod';
import { routeKey, routes, type Route } from './routes.ts';
import { ErrorBody } from './schemas/common.ts';
import { recordedExamples, type ExamplesFile } from './openapiExamples.ts';
import { registerWebhooks } from './openapiWebhooks.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './middleware/idempotency.ts';

const errorText: Record<number, string> = {
  400: 'Bad request: a parameter is missing, empty or invalid',
  401: 'Invalid token or credentials',
  403: 'Not enabled for this client',
  409: 'Not found for this client',
  410: 'Gone',
  413: 'Request body too large',
  415: 'Content-Type must be application/json',
  422: 'Unprocessable: an external service failed or an input could not be normalised',
  501: 'Not implemented yet',
  503: 'Temporarily unavailable',
};

/** As documented; the middleware reads headers lower-cased (the test pins the two equal). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Routes that honour Idempotency-Key (middleware/idempotency.ts): those that create something. */
export const isIdempotent = (route: Route) => route.creates === true;

/**
 * Routes whose upload passes fair sharing at the door (app/admission.ts, from the uploads use case):
 * every multiupload. The examples generator records a real 429 and 503 from each, so a route wrongly
 * counted here (or missing) stops it.
 */
export const isAdmitted = (route: Route) => route.creates === true && route.path.endsWith('/multiupload');

/** Why a status may be answered, per route: its own reasons and those of idempotency and admission. */
function describeStatus(route: Route, status: number): string {
  const reasons: string[] = [];
  const own = statusesOf({ ...route, creates: undefined } as Route).includes(status);
  if (own) reasons.push(errorText[status] ?? 'Error');
  if (isIdempotent(route) && status === 409) reasons.push(`a request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress (retry later)`);
  if (isIdempotent(route) && status === 422) reasons.push(`this ${IDEMPOTENCY_KEY_HEADER} was already used with a different request (use a new key)`);
  if (isAdmitted(route) && status === 429) reasons.push('Too many documents in processing for this client (fair sharing): nothing was stored, retry after Retry-After seconds');
  if (isAdmitted(route) && status === 503) reasons.push('Document processing is at capacity or could not start: nothing was stored, retry after Retry-After seconds');
  const text = reasons.join('; or ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before retrying the upload.', schema: { type: 'integer' as const, minimum: 1 } },
};

const idempotencyHeaders = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().regex(/^[\x21-\x7e]{1,255}$/).optional().meta({
    description: 'Makes a retry safe: the first request with a key does the work and its success is kept for 24 h; the same key with the same request answers that success again (header Idempotent-Replayed: true) without doing the work; with a different request, 422; while the first is still running, 409. A refusal or failure gives the key up. Keys belong to the client; 1 to 255 printable ASCII characters (a UUID is a good key).',
  }),
});

/** Deployed stages (lib/stage-config.ts; pinned equal by test/unit/openapi). */
export const SERVER_STAGES = ['dev', 'staging', 'prod'];

function securityOf(route: Route) {
  switch (route.auth.kind) {
    case 'token':
    case 'refreshToken':
      return [{ Token: [] }];
    case 'clientCredentials':
      return [{ ClientId: [], ClientSecret: [] }];
    case 'staticCredentials':
      return [{ StaticClientId: [], StaticClientSecret: [] }];
    default:
      return [];
  }
}

/** `postV3VerificationFlowInit`: stable names for generated clients and the Postman collection. */
export const operationIdOf = (route: Route) =>
  route.method.toLowerCase() + route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

/** Routes the contract specifies but the service does not build yet: they answer 501 to a valid request. */
export const isNotImplemented = (route: Route) => (route.errors ?? []).includes(501);

/** Every status an operation can answer: its success (unless not implemented) and its error statuses. */
export function statusesOf(route: Route): number[] {
  const generic = [
    ...(route.auth.kind === 'none' ? [] : [400, 401]), ...(route.body ? [400, 413, 415] : []), ...(route.query ? [400] : []),
    ...(isIdempotent(route) ? [409, 422] : []), ...(isAdmitted(route) ? [429, 503] : []),
  ];
  // Not implemented: authenticated and validated, then 501; the contract's other errors cannot happen yet.
  const specific = isNotImplemented(route) ? [501] : (route.errors ?? []);
  const errors = [...new Set([...generic, ...specific])].sort((a, b) => a - b);
  return isNotImplemented(route) ? errors : [route.success.status, ...errors];
}

type Servers = NonNullable<Parameters<OpenApiGeneratorV31['generateDocument']>[0]['servers']>;

const servers: Servers = [
  {
    url: 'https://{api_id}.execute-api.{region}.amazonaws.com/{stage}',
    description: 'A deployed stage: the ApiUrl output of the stack DocService-<stage> (docs/deploying.md)',
    variables: {
      api_id: { default: 'abcde12345', description: 'The RestApi id (first label of the ApiUrl output)' },
      region: { default: 'ap-south-1', description: 'The AWS region the stage is deployed in' },
      stage: { default: 'dev', enum: SERVER_STAGES, description: 'The stage name' },
    },
  },
  {
    url: 'http://127.0.0.1:{port}',
    description: 'Local: npm start (every interface, sandbox included, on one origin)',
    variables: { port: { default: '3000', description: 'PORT of npm start' } },
  },
  {
    url: 'http://localhost:4566/restapis/{api_id}/{stage}/_user_request_',
    description: 'A stage deployed into LocalStack with npx cdklocal (docs/deploying.md)',
    variables: {
      api_id: { default: 'abcde12345', description: 'The RestApi id from the ApiUrl output' },
      // The localstack stage is the one that runs the pipeline there (local OCR and faces bundled).
      stage: { default: 'localstack', enum: ['localstack'], description: 'The stage name (cdklocal deploy -c stage=localstack)' },
    },
  },
];

type Json = Record<string, any>;

/** Puts the recorded request and answers of each operation, and each webhook's, into the document. */
function attachExamples(doc: Json, examples: ExamplesFile) {
  for (const route of routes) {
    const op = doc.paths[route.path][route.method.toLowerCase()];
    const recorded = examples.operations[routeKey(route)];
    if (!recorded) continue;
    if (recorded.request?.body !== undefined && op.requestBody) op.requestBody.content['application/json'].example = recorded.request.body;
    for (const p of op.parameters ?? []) {
      if (p.in === 'query' && recorded.request?.query?.[p.name] !== undefined) p.example = recorded.request.query[p.name];
      const header = recorded.request?.headers?.[p.name.toLowerCase()];
      if (p.in === 'header' && header !== undefined) p.example = header;
    }
    for (const [status, response] of Object.entries(op.responses as Json)) {
      if (recorded.responses[status] !== undefined && response.content) response.content['application/json'].example = recorded.responses[status];
    }
  }
  for (const [name, item] of Object.entries((doc.webhooks ?? {}) as Json)) {
    const recorded = examples.webhooks[name];
    if (!recorded) continue;
    item.post.requestBody.content['application/json'].example = recorded.body;
    for (const p of item.post.parameters ?? []) {
      // The original signature headers stay for one release only.
      if (/^X-/.test(p.name)) p.deprecated = true;
      const value = recorded.headers[p.name.toLowerCase()];
      if (p.in === 'header' && value !== undefined) p.example = value;
    }
  }
}

/** The OpenAPI 3.1 document, generated from the route table's zod schemas (the single source). */
export function buildOpenApiDocument(examples: ExamplesFile = recordedExamples) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'Token', {
    type: 'apiKey', in: 'header', name: 'Token',
    description: 'An access token from the token endpoint of the interface (v3 and v2: /v3/verification/authtoken; sandbox: /v1/docstream/authtoken; bulk: /bulk/authtoken); on /refresh-token, the refresh_token instead. Tokens last 3600 s.',
  });
  registry.registerComponent('securitySchemes', 'ClientId', { type: 'apiKey', in: 'header', name: 'Client-Id', description: 'The client id issued by the operator (sent with Client-Secret).' });
  registry.registerComponent('securitySchemes', 'ClientSecret', { type: 'apiKey', in: 'header', name: 'Client-Secret', description: 'The client secret issued by the operator (sent with Client-Id).' });
  registry.registerComponent('securitySchemes', 'StaticClientId', { type: 'apiKey', in: 'header', name: 'client_id', description: 'Address matching: the client id, lower-case header name, no token exchange.' });
  registry.registerComponent('securitySchemes', 'StaticClientSecret', { type: 'apiKey', in: 'header', name: 'client_secret', description: 'Address matching: its own secret (operator: client issue-address-secret), lower-case header name. A client without one may use its client secret for this release.' });
  for (const route of routes) {
    type Response = { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: ZodType }> };
    const responses: Record<string, Response> = {};
    const replayed = isIdempotent(route)
      ? { headers: { [IDEMPOTENT_REPLAYED_HEADER]: { description: `"true" when this is the kept answer of an earlier request with the same ${IDEMPOTENCY_KEY_HEADER}.`, schema: { type: 'string', enum: ['true'] } } } }
      : {};
    for (const s of statusesOf(route)) {
      const success = s === route.success.status && !isNotImplemented(route);
      responses[s] = success && s === 204
        ? { description: 'Done: no body' }
        : success
          ? { description: 'Success', ...replayed, content: { 'application/json': { schema: route.success.schema } } }
          : {
            description: describeStatus(route, s),
            ...(s === 429 || (s === 503 && isAdmitted(route)) ? { headers: retryAfter } : {}),
            content: { 'application/json': { schema: ErrorBody } },
          };
    }
    registry.registerPath({
      method: route.method.toLowerCase() as 'get' | 'post' | 'delete',
      path: route.path,
      operationId: operationIdOf(route),
      summary: route.summary,
      ...(isNotImplemented(route)
        ? { description: 'Not implemented yet: specified by the contract but not built. A valid, authenticated request answers 501.' }
        : {}),
      tags: [route.host === 'sandbox' ? 'sandbox ({sandbox_url})' : route.path.split('/')[1]],
      security: securityOf(route),
      request: {
        ...(route.body ? { body: { content: { 'application/json': { schema: route.body } }, required: true } } : {}),
        ...(route.query ? { query: route.query as ZodObject } : {}),
        ...(isIdempotent(route) ? { headers: idempotencyHeaders } : {}),
      },
      responses: responses as never,
    });
  }
  registerWebhooks(registry);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Document verification, extraction and onboarding service',
      version: '1.0.0',
      description: 'Examples are answers recorded from a run of the local service (bin/openapi-examples.ts). Callbacks are signed the Standard Webhooks way: see the webhooks section and docs/callbacks.md.',
    },
    servers,
  });
  attachExamples(doc as Json, examples);
  return doc;
}
