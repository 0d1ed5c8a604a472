import type { APIGatewayProxyResult } from 'aws-lambda';

/** A JSON answer; never cached (tokens, personal data). 204 (erasure) carries no body at all. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
  body: status === 204 ? '' : JSON.stringify(body),
});
