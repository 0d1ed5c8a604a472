/**
 * A route's Lambda handler: middy with one middleware per concern, in this order (middy runs
 * `before` top-down, `after` and `onError` bottom-up):
 *
 *   routeState      the request's shared state (state.ts)
 *   lambdaContext   Powertools context on every log line (cold_start, function_name)
 *   tracing         X-Ray subsegment of the handler
 *   routeMetrics    latency and 5xx per route
 *   requestLog      "request served" / "request refused"
 *   errorMapping    domain and HTTP errors to the spec's `{"error": "..."}`, anything else a 500
 *   authorisation   the client, per the route's auth
 *   jsonBody        the JSON body (413, 415, 400)
 *   validation      body and query against the route's zod schemas (400)
 *   idempotency     Idempotency-Key on routes that create
 *
 * then the core: the route's use case, called with parsed input. It takes the route itself, never
 * the whole table: a handler's bundle then holds its own part of the table only (routeTable/*.ts).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type * as z from 'zod';
import { routeKey, type Route } from '../routeTable/types.ts';
import type { Client } from '../../app/clients.ts';
import { routeState, type Headers, type Reply, type RouteContext } from './state.ts';
import { lambdaContext } from './lambdaContext.ts';
import { tracing } from './tracing.ts';
import { routeMetrics } from './metrics.ts';
import { requestLog } from './requestLog.ts';
import { errorMapping } from './errorMapping.ts';
import { authorisation } from './authorisation.ts';
import { jsonBody } from './jsonBody.ts';
import { validation } from './validation.ts';
import { idempotency } from './idempotency.ts';
import { withRequestLogKeys } from './logScope.ts';
import { json } from './response.ts';

export { MAX_BODY_BYTES } from './jsonBody.ts';
export type { Reply } from './state.ts';

export interface Request<B, Q, C = Client> {
  body: B;
  query: Q;
  headers: Headers;
  /** The authenticated client, on routes that authenticate one. */
  client: C;
  requestId: string;
  route: Route;
}

/** What a core answers: its body (with the route's success status), or a status and body. */
export type Core<B, Q, C = Client> = (req: Request<B, Q, C>) => Promise<unknown>;

function isReply(value: unknown): value is { status?: number; body: unknown } {
  return typeof value === 'object' && value !== null && 'body' in value && Object.keys(value).every((k) => k === 'body' || k === 'status');
}

/** The Lambda handler of `route`. */
export function routeHandler<B = unknown, Q = unknown, C = Client>(route: Route, core: Core<B, Q, C>) {
  const key = routeKey(route);
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>()
    .use(routeState(route))
    .use(lambdaContext())
    .use(tracing())
    .use(routeMetrics(key))
    .use(requestLog())
    .use(errorMapping())
    .use(authorisation())
    .use(jsonBody())
    .use(validation())
    .use(idempotency())
    .handler(async (_event, { state }) => {
      // A replayed answer (idempotency.ts) stands in for the use case.
      if (!state.reply) {
        const { body, query, headers, client, requestId } = state;
        const out = await core({ body: body as B, query: query as Q, headers, client: client as C, requestId, route });
        const reply: { status?: number; body: unknown } = isReply(out) ? out : { body: out };
        state.reply = { status: reply.status ?? route.success.status, body: reply.body };
      }
      return json(state.reply.status, state.reply.body, state.reply.headers);
    });
  return withRequestLogKeys(key, chain);
}

// Types inferred from a part of the route table: `endpoint('POST /v3/verification/flow/init', core)`
// gives `core` the route's parsed body and query, and a client on routes that authenticate one.
type KeyOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
type RouteAt<T extends readonly Route[], K extends string> = K extends `${infer M} ${infer P}` ? Extract<T[number], { method: M; path: P }> : never;
type BodyOf<R> = R extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
type QueryOf<R> = R extends { query: infer S extends z.ZodType } ? z.output<S> : Record<string, string | undefined>;
type ClientOf<R> = R extends { auth: { kind: 'token' | 'staticCredentials' } } ? Client : undefined;

/**
 * `endpoint(key, core)` over one part of the route table: the route `key` ("POST
 * /v3/verification/flow/init") must be in `table`, else the module fails as it loads.
 */
export function endpointOf<const T extends readonly Route[]>(table: T) {
  return <K extends KeyOf<T[number]>>(key: K, core: Core<BodyOf<RouteAt<T, K>>, QueryOf<RouteAt<T, K>>, ClientOf<RouteAt<T, K>>>) => {
    const route = table.find((r) => routeKey(r) === key);
    if (!route) throw new Error(`no route ${key} in this part of the route table`);
    return routeHandler(route, core);
  };
}
