import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { ZodObject, ZodType } from 'zod';
import { routes, type Route } from './routes.ts';
import { ErrorBody } from './schemas/common.ts';

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

function securityOf(route: Route) {
  switch (route.auth.kind) {
    case 'token':
    case 'refreshToken':
      return [{ Token: [] }];
    case 'clientCredentials':
      return [{ ClientCredentials: [] }];
    case 'staticCredentials':
      return [{ StaticClientId: [], StaticClientSecret: [] }];
    default:
      return [];
  }
}

/** The OpenAPI 3.1 document, generated from the route table's zod schemas (the single source). */
export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'Token', { type: 'apiKey', in: 'header', name: 'Token' });
  registry.registerComponent('securitySchemes', 'ClientCredentials', { type: 'apiKey', in: 'header', name: 'Client-Id', description: 'Client-Id and Client-Secret headers' });
  registry.registerComponent('securitySchemes', 'StaticClientId', { type: 'apiKey', in: 'header', name: 'client_id' });
  registry.registerComponent('securitySchemes', 'StaticClientSecret', { type: 'apiKey', in: 'header', name: 'client_secret' });
  for (const route of routes) {
    const responses: Record<string, { description: string; content?: Record<string, { schema: ZodType }> }> = {
      [route.success.status]: { description: 'Success', content: { 'application/json': { schema: route.success.schema } } },
    };
    const statuses = new Set([...(route.auth.kind === 'none' ? [] : [400, 401]), ...(route.body ? [400, 413, 415] : []), ...(route.query ? [400] : []), ...(route.errors ?? [])]);
    for (const s of [...statuses].sort()) responses[s] = { description: errorText[s] ?? 'Error', content: { 'application/json': { schema: ErrorBody } } };
    registry.registerPath({
      method: route.method.toLowerCase() as 'get' | 'post',
      path: route.path,
      summary: route.summary,
      tags: [route.host === 'sandbox' ? 'sandbox ({sandbox_url})' : route.path.split('/')[1]],
      security: securityOf(route),
      request: {
        ...(route.body ? { body: { content: { 'application/json': { schema: route.body } }, required: true } } : {}),
        ...(route.query ? { query: route.query as ZodObject } : {}),
      },
      responses,
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Document verification, extraction and onboarding service', version: '1.0.0' },
    servers: [{ url: '{base_url}' }],
  });
}
