/**
 * The JSON body of routes that take one: at most MAX_BODY_BYTES (413), `application/json` or a
 * `+json` type (415), well-formed (400). Routes without a body schema (token endpoints) ignore
 * whatever body a client sends.
 */
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { HttpError } from './errors.ts';
import type { Headers, RouteMiddleware } from './state.ts';

/** API Gateway accepts up to 10 MB; our JSON requests are small, so anything beyond this is refused. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function parseBody(event: Pick<APIGatewayProxyEvent, 'body' | 'isBase64Encoded'>, headers: Headers): unknown {
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

export const jsonBody = (): RouteMiddleware => ({
  before: ({ event, context: { state } }) => {
    // An absent body reads as an empty object: the schema then names what is missing.
    if (state.route.body) state.rawBody = parseBody(event, state.headers) ?? {};
  },
});
