/**
 * Wraps a route's core function into a Lambda handler: parse (JSON, zod), authorise (per the
 * route), call the core, respond. Every failure becomes `{"error": "..."}` with a 4xx, or a
 * logged 500 that never echoes internals. It takes the route itself, never the whole table: a
 * handler's bundle then holds its own part of the table only (routeTable/*.ts).
 */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { logger, withLogKeys } from '../../adapters/logger.ts';
import { routeKey, type Route } from '../routeTable/types.ts';
import type { ClientRecord } from '../../adapters/store/clients.ts';
import { clientFromStaticCredentials, clientFromToken, type Headers } from '../auth.ts';
import { HttpError } from './errors.ts';
import { parseWith } from './validation.ts';
import { idempotent } from './idempotency.ts';

/** API Gateway accepts up to 10 MB; our JSON requests are small, so anything beyond this is refused. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface Request<B, Q> {
  body: B;
  query: Q;
  headers: Headers;
  /** The authenticated client, for routes that authenticate one. */
  client: ClientRecord;
  requestId: string;
  route: Route;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export type Core<B, Q> = (req: Request<B, Q>) => Promise<unknown | Reply>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  // 204 (erasure) carries no body at all.
  body: status === 204 ? '' : JSON.stringify(body),
});

const lowerCaseHeaders = (h: APIGatewayProxyEvent['headers']): Headers =>
  Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? undefined]));

function parseBody(event: APIGatewayProxyEvent, headers: Headers): unknown {
  const raw = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (Buffer.byteLength(raw) > MAX_BODY_BYTES) throw new HttpError(413, `Request body too large (limit ${MAX_BODY_BYTES} bytes)`);
  const type = headers['content-type'] ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) throw new HttpError(415, 'Content-Type must be application/json');
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'Malformed JSON body');
  }
}

async function authorise(route: Route, headers: Headers): Promise<ClientRecord | undefined> {
  switch (route.auth.kind) {
    case 'token':
      return clientFromToken(headers, route.auth.audience);
    case 'staticCredentials':
      return clientFromStaticCredentials(headers);
    default:
      // Token endpoints authenticate inside their core (their errors have their own wording).
      return undefined;
  }
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'body' in value && Object.keys(value).every((k) => k === 'body' || k === 'status');
}

/** The Lambda handler of `route`. */
export function routeHandler<B = unknown, Q = unknown>(route: Route, core: Core<B, Q>) {
  const key = routeKey(route);
  const base = async (event: APIGatewayProxyEvent, context: Context): Promise<APIGatewayProxyResult> => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId;
    return withLogKeys({ request_id: requestId, route: key }, () => serve(event, requestId));
  };
  const serve = async (event: APIGatewayProxyEvent, requestId: string): Promise<APIGatewayProxyResult> => {
    const started = Date.now();
    try {
      const headers = lowerCaseHeaders(event.headers);
      const client = await authorise(route, headers);
      // Routes without a body schema (token endpoints) ignore whatever body a client sends.
      const body = route.body ? parseWith(route.body, parseBody(event, headers) ?? {}) : undefined;
      const query = route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : event.queryStringParameters ?? {};
      const run = async () => {
        const out = await core({ body: body as B, query: query as Q, headers, client: client as ClientRecord, requestId, route });
        const reply = isReply(out) ? out : { body: out };
        return { status: reply.status ?? route.success.status, body: reply.body };
      };
      const reply = await idempotent(route, { clientId: client?.clientId, headers, body, query, requestId }, run);
      logger.info('request served', { status: reply.status, ms: Date.now() - started, client: client?.clientId });
      return json(reply.status, reply.body, reply.headers);
    } catch (err) {
      if (err instanceof HttpError) {
        logger.info('request refused', { status: err.status, reason: err.message, ms: Date.now() - started });
        return json(err.status, { error: err.message }, err.headers);
      }
      logger.error('request failed', { error: (err as Error).name, message: (err as Error).message, stack: (err as Error).stack });
      return json(500, { error: 'Internal error; quote this request id to support: ' + requestId });
    }
  };
  return middy(base);
}

/**
 * `endpoint(key, core)` over one part of the route table: the route `key` ("POST
 * /v3/verification/flow/init") must be in `table`, else the module fails as it loads.
 */
export function endpointOf(table: Route[]) {
  return <B = unknown, Q = unknown>(key: string, core: Core<B, Q>) => {
    const route = table.find((r) => routeKey(r) === key);
    if (!route) throw new Error(`no route ${key} in this part of the route table`);
    return routeHandler<B, Q>(route, core);
  };
}
