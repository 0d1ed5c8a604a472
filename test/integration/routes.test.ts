import { describe, expect, it } from './fixtures.ts';
import { routes } from '#http/routes.ts';
import { loadRouteHandler } from '../../functions/local/server.ts';

describe('the route table', () => {
  it('is served whole as OpenAPI 3.1 at GET /openapi.json', async ({ api: a }) => {
    const res = await a.call('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const r of routes) expect(res.body.paths[r.path]?.[r.method.toLowerCase()], `${r.method} ${r.path}`).toBeDefined();
    expect(res.body.paths['/v3/verification/flow/init'].post.requestBody.content['application/json'].schema).toBeDefined();
  });

  it('is written to docs/openapi.json as generated (npm run openapi)', async () => {
    const { readFileSync } = await import('node:fs');
    const { buildOpenApiDocument } = await import('../../functions/http/openapiDocument.ts');
    const committed = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
  });

  it('has a handler module for every route', async () => {
    for (const r of routes) {
      expect(typeof (await loadRouteHandler(r)), r.handler).toBe('function');
    }
  });

  it('serves the onboarding (v2) routes after authentication and validation (unknown flows read as 409)', async ({ api: a }) => {
    const token = await a.token();
    // The onboarding routes proper (erasure's DELETE is tested with erasure).
    const v2 = routes.filter((r) => r.path.startsWith('/v2/') && r.method !== 'DELETE');
    expect(v2).toHaveLength(8);
    const valid: Record<string, { json?: unknown; query?: string; status: number }> = {
      '/v2/verification/flow/init': { json: { product_type: 'MSME_LOAN', application_id: 'a', external_reference_id: 'e', username: 'u' }, status: 201 },
      '/v2/verification/multiupload': { json: { flow_id: 'f', file_urls: [{ file_url: 'https://x/y.pdf', document_id: 'd' }] }, status: 409 },
      '/v2/verification/flow/submit': { json: { flow_id: 'f' }, status: 409 },
      '/v2/verification/flow/coapplicant': { json: { flow_id: 'f', co_applicants: [{ external_reference_id: 'e', username: 'u' }] }, status: 409 },
      '/v2/verification/chat-history': { query: 'flow_id=f', status: 409 },
      '/v2/verification/docs': { query: 'flow_id=f&external_reference_id=e', status: 409 },
      '/v2/verification/chat': { json: { flow_id: 'f', message: 'hi' }, status: 409 },
      '/v2/verification/status': { query: 'flow_id=f&external_reference_id=e', status: 409 },
    };
    for (const r of v2) {
      const input = valid[r.path];
      const path = input.query ? `${r.path}?${input.query}` : r.path;
      expect((await a.call(r.method, path, { json: input.json })).status, r.path).toBe(401);
      const res = await a.call(r.method, path, { json: input.json, headers: { Token: token } });
      expect(res.status, r.path).toBe(input.status);
    }
    const empty = await a.call('POST', '/v2/verification/flow/coapplicant', { json: { flow_id: 'f', co_applicants: [] }, headers: { Token: token } });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('co_applicants list cannot be empty');
  });
});
