/**
 * The local HTTP front door: dispatches from the same route table as API Gateway, turning each
 * request into an API Gateway proxy event for the route's own Lambda handler.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { routes, type Route } from '#http/routes.ts';
import { MAX_BODY_BYTES } from '#http/middleware/jsonBody.ts';

type LambdaHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

const handlers = new Map<string, Promise<LambdaHandler>>();

/** Imports a route's handler module once, as a Lambda container would. */
export function loadRouteHandler(route: Route): Promise<LambdaHandler> {
  let h = handlers.get(route.handler);
  if (!h) {
    h = import(new URL(`../http/${route.handler}.ts`, import.meta.url).href).then((m) => m.handler as LambdaHandler);
    handlers.set(route.handler, h);
  }
  return h;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Keep draining so the client sees our 413 rather than a reset connection.
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function toEvent(req: IncomingMessage, url: URL, route: Route, body: string, requestId: string): APIGatewayProxyEvent {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
  const query = Object.fromEntries(url.searchParams.entries());
  return {
    httpMethod: route.method,
    path: url.pathname,
    resource: route.path,
    headers,
    multiValueHeaders: {},
    queryStringParameters: Object.keys(query).length ? query : null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: body === '' ? null : body,
    isBase64Encoded: false,
    requestContext: { requestId, httpMethod: route.method, path: url.pathname, stage: 'local' } as APIGatewayProxyEvent['requestContext'],
  };
}

const lambdaContext = (requestId: string, name: string): Context =>
  ({
    awsRequestId: requestId,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '1024',
    logGroupName: `/local/${name}`,
    logStreamName: 'local',
    callbackWaitsForEmptyEventLoop: false,
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  }) as Context;

export async function startHttpServer(port: number, host = '127.0.0.1'): Promise<{ server: Server; url: string }> {
  const server = createServer(async (req, res) => {
    const requestId = randomUUID();
    try {
      const url = new URL(req.url ?? '/', 'http://local');
      const path = url.pathname.replace(/\/+$/, '') || '/';
      const candidates = routes.filter((r) => r.path === path);
      const route = candidates.find((r) => r.method === req.method);
      if (!route) {
        const body = await readBody(req);
        void body;
        if (candidates.length) return send(res, 405, { error: `Method ${req.method} not allowed on ${path}` }, { allow: candidates.map((r) => r.method).join(', ') });
        return send(res, 404, { error: `No such endpoint: ${req.method} ${path}` });
      }
      const body = await readBody(req);
      if (body === 'too-large') return send(res, 413, { error: `Request body too large (limit ${MAX_BODY_BYTES} bytes)` });
      const handler = await loadRouteHandler(route);
      const out = await handler(toEvent(req, url, route, body, requestId), lambdaContext(requestId, route.handler));
      res.writeHead(out.statusCode, { ...(out.headers as Record<string, string>), 'x-request-id': requestId });
      res.end(out.body);
    } catch (err) {
      console.error(JSON.stringify({ level: 'ERROR', message: 'local dispatch failed', request_id: requestId, error: (err as Error).message }));
      if (!res.headersSent) send(res, 500, { error: `Internal error; request id ${requestId}` });
    }
  });
  // Requests must not hang forever on a slow client.
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { server, url: `http://${host}:${address.port}` };
}
