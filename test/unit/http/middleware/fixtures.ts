/** Events, contexts and routes for the middleware tests: a middleware alone, or a chain as serve.ts builds it. */
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import * as z from 'zod';
import type { Route } from '../../../../functions/http/routeTable/types.ts';
import { routeState, type RouteContext, type RouteMiddleware } from '../../../../functions/http/middleware/state.ts';
import { errorMapping } from '../../../../functions/http/middleware/errorMapping.ts';
import { json } from '../../../../functions/http/middleware/response.ts';

export const event = (over: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent =>
  ({
    body: null,
    headers: {},
    isBase64Encoded: false,
    queryStringParameters: null,
    requestContext: { requestId: 'req-1' },
    ...over,
  }) as APIGatewayProxyEvent;

export const context = (over: Partial<Context> = {}): Context =>
  ({ awsRequestId: 'lambda-1', functionName: 'docstream-test-fn', invokedFunctionArn: 'arn:aws:lambda:ap-south-1:1:function:x', memoryLimitInMB: '256', functionVersion: '$LATEST', ...over }) as Context;

export const route = (over: Partial<Route> = {}): Route => ({
  method: 'POST',
  path: '/test/things',
  handler: 'test/things',
  host: 'main',
  auth: { kind: 'none' },
  summary: 'test route',
  success: { status: 201, schema: z.object({}) },
  ...over,
});

/**
 * routeState, the `outer` middlewares (those serve.ts puts outside error mapping: they see the
 * mapped answer), errorMapping (so a refusal becomes an answer), the `inner` middlewares, then
 * `core`; the handler answers the reply as serve.ts does (a replay stands in for the core).
 */
export function chain(
  r: Route, inner: RouteMiddleware[], core: (ctx: RouteContext) => Promise<unknown> = async () => ({ ok: true }), outer: RouteMiddleware[] = [],
) {
  let m = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>().use(routeState(r));
  for (const mw of outer) m = m.use(mw);
  m = m.use(errorMapping());
  for (const mw of inner) m = m.use(mw);
  const handler = m.handler(async (_e, ctx) => {
    ctx.state.reply ??= { status: r.success.status, body: await core(ctx) };
    return json(ctx.state.reply.status, ctx.state.reply.body, ctx.state.reply.headers);
  });
  // routeState adds the state: callers pass a plain Lambda context, as Lambda does.
  return (e: APIGatewayProxyEvent, c: Context) => handler(e, c as RouteContext);
}

export const bodyOf = (res: APIGatewayProxyResult) => (res.body ? JSON.parse(res.body) : undefined);

/** The JSON log lines written while `fn` runs (Powertools writes through process.stdout). */
export async function logLines(fn: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  const original = process.stdout.write;
  const lines: string[] = [];
  process.stdout.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    await fn();
  } finally {
    process.stdout.write = original;
  }
  return lines.join('').split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
}
