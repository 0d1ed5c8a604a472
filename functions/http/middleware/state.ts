/**
 * What the middlewares of one request share: the route, the request id, the lower-cased headers,
 * then (as the chain proceeds) the client, the parsed and validated body and query, and the
 * reply. It lives on middy's context, the place middy's own middlewares put what they add.
 */
import type { MiddlewareObj, Request as MiddyRequest } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type { Route } from '../routeTable/types.ts';
import type { Client } from '../../app/clients.ts';
import { requestIdOf } from './logScope.ts';

export type Headers = Record<string, string | undefined>;

/** A route's answer before it is serialised: its status and JSON body (and headers of a replay). */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RouteState {
  route: Route;
  requestId: string;
  /** Date.now() when the request arrived, for the latency in logs and metrics. */
  started: number;
  headers: Headers;
  /** The authenticated client, on routes that authenticate one (authorisation.ts). */
  client?: Client;
  /** The JSON body as sent, on routes with a body schema (jsonBody.ts). */
  rawBody?: unknown;
  /** Validated body and query (validation.ts). */
  body?: unknown;
  query?: unknown;
  /** Set by the handler, or by idempotency.ts when it replays a stored answer instead. */
  reply?: Reply;
}

export type RouteContext = Context & { state: RouteState };
export type RouteRequest = MiddyRequest<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>;
export type RouteMiddleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, RouteContext>;

const lowerCaseHeaders = (h: APIGatewayProxyEvent['headers']): Headers =>
  Object.fromEntries(Object.entries(h ?? {}).map(([k, v]) => [k.toLowerCase(), v ?? undefined]));

/** Where a request starts: its state, from the event (API Gateway's request id, else Lambda's). */
export function requestState(event: APIGatewayProxyEvent, context: Context, route: Route): RouteState {
  return {
    route,
    requestId: requestIdOf(event, context),
    started: Date.now(),
    headers: lowerCaseHeaders(event.headers),
  };
}

/** First of the chain: every later middleware reads `context.state`. */
export const routeState = (route: Route): RouteMiddleware => ({
  before: (request) => {
    request.context.state = requestState(request.event, request.context, route);
  },
});
