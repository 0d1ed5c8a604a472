/**
 * The invocation's own log keys (request id, route) on every line it logs, in an AsyncLocalStorage
 * scope (adapters/logger.ts withLogKeys). A wrapper rather than a middy middleware: a middleware's
 * before and after cannot run the rest of the chain inside `AsyncLocalStorage.run`, and the local
 * runtime serves concurrent invocations in one process, whose keys must never mix.
 */
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { withLogKeys } from '../../adapters/logger.ts';

export const requestIdOf = (event: APIGatewayProxyEvent, context: Context) => event.requestContext?.requestId ?? context.awsRequestId;

export function withRequestLogKeys<R, C extends Context>(routeKey: string, handler: (event: APIGatewayProxyEvent, context: C) => Promise<R>) {
  return (event: APIGatewayProxyEvent, context: Context): Promise<R> =>
    withLogKeys({ request_id: requestIdOf(event, context), route: routeKey }, () => handler(event, context as C));
}
