// The published contract: docs/openapi.json is what the route table generates now, it validates as
// OpenAPI 3.1 with a maintained validator, every operation and status carries a recorded example that
// still fits its schema, and the webhooks describe every callback with its signature headers.
import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { routeKey, routes } from '#http/routes.ts';
import { ErrorBody } from '#http/schemas/common.ts';
import {
  buildOpenApiDocument, IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, isAdmitted, isIdempotent, isNotImplemented, SERVER_STAGES, statusesOf,
} from '#http/openapiDocument.ts';
import { recordedExamples } from '#http/openapiExamples.ts';
import { v2Notifications, webhookBodies, webhookNames } from '#http/openapiWebhooks.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '#http/middleware/idempotency.ts';
import type { NotificationKind } from '#core/onboarding/notifications.ts';
import { buildPostmanCollection } from '#http/postmanCollection.ts';
import { stageNames } from '../../../lib/stage-config.ts';

const read = (path: string) => JSON.parse(readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8'));
const generated = JSON.parse(JSON.stringify(buildOpenApiDocument()));
const committed = read('docs/openapi.json');

function fits(schema: ZodType, value: unknown, what: string) {
  const r = schema.safeParse(value);
  expect(r.success, `${what}: ${r.success ? '' : JSON.stringify(r.error.issues).slice(0, 500)}`).toBe(true);
}

describe('docs/openapi.json', () => {
  it('is what the route table and the recorded examples generate (run `npm run openapi` when this fails)', () => {
    expect(committed).toEqual(generated);
  });

  it('validates as OpenAPI 3.1 with @seriousme/openapi-schema-validator', async () => {
    const result = await new Validator().validate(structuredClone(committed));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is refused by the validator when broken (the check can fail)', async () => {
    const broken = structuredClone(committed);
    broken.paths['/v3/verification/status'].get.responses = 'none';
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('names a server per deployed stage and one for npm start', () => {
    // A LocalStack stage (if any) is served by the LocalStack server entry, not execute-api.
    expect(SERVER_STAGES).toEqual([...stageNames].filter((s: string) => s !== 'localstack'));
    const [aws, local] = committed.servers;
    expect(aws.variables.stage.enum).toEqual(SERVER_STAGES);
    expect(local.url).toBe('http://127.0.0.1:{port}');
  });

  it('declares the Token, client-credential and address-matching security schemes, and each operation uses one', () => {
    const schemes = committed.components.securitySchemes;
    expect(Object.fromEntries(Object.entries(schemes).map(([k, v]) => [k, (v as { name: string }).name]))).toEqual({
      Token: 'Token', ClientId: 'Client-Id', ClientSecret: 'Client-Secret', StaticClientId: 'client_id', StaticClientSecret: 'client_secret',
    });
    for (const r of routes) {
      const op = committed.paths[r.path][r.method.toLowerCase()];
      expect(op.security.length, routeKey(r)).toBe(r.auth.kind === 'none' ? 0 : 1);
    }
  });

  it('documents no route as not implemented (501): onboarding (v2) is built', () => {
    expect(routes.filter(isNotImplemented).map(routeKey)).toEqual([]);
  });
});

describe('recorded examples (docs/openapi-examples.json, from a run of the local service)', () => {
  it('cover every operation: its request and every status it documents', () => {
    for (const r of routes) {
      const recorded = recordedExamples.operations[routeKey(r)];
      expect(recorded, routeKey(r)).toBeDefined();
      expect(Object.keys(recorded.responses).map(Number).sort(), routeKey(r)).toEqual([...statusesOf(r)].sort());
      if (r.body) expect(recorded.request?.body, `${routeKey(r)} request body`).toBeDefined();
      if (r.query) expect(recorded.request?.query, `${routeKey(r)} query`).toBeDefined();
    }
  });

  it('still fit their schemas: requests, successes and error bodies', () => {
    for (const r of routes) {
      const recorded = recordedExamples.operations[routeKey(r)];
      if (r.body) fits(r.body, recorded.request!.body, `${routeKey(r)} request`);
      if (r.query) fits(r.query, recorded.request!.query, `${routeKey(r)} query`);
      for (const [status, body] of Object.entries(recorded.responses)) {
        const success = Number(status) === r.success.status && !isNotImplemented(r);
        fits(success ? r.success.schema : ErrorBody, body, `${routeKey(r)} ${status}`);
      }
    }
  });

  it('are in the document: request bodies, query parameters and every response', () => {
    for (const r of routes) {
      const op = committed.paths[r.path][r.method.toLowerCase()];
      const recorded = recordedExamples.operations[routeKey(r)];
      if (r.body) expect(op.requestBody.content['application/json'].example).toEqual(recorded.request!.body);
      for (const p of op.parameters ?? []) if (p.required) expect(p.example, `${routeKey(r)} ?${p.name}`).toBeDefined();
      for (const [status, response] of Object.entries(op.responses) as [string, any][]) {
        // 204: no body, so nothing to show (the run answered none).
        if (status === '204') expect(response.content, routeKey(r)).toBeUndefined();
        else expect(response.content['application/json'].example, `${routeKey(r)} ${status}`).toEqual(recorded.responses[status]);
      }
    }
  });
});

describe('webhooks', () => {
  it('describe every event the service sends, with recorded bodies that fit their schemas', () => {
    expect(Object.keys(committed.webhooks).sort()).toEqual([...webhookNames].sort());
    for (const name of webhookNames) {
      const recorded = recordedExamples.webhooks[name];
      expect(recorded, `${name}: no recorded example (run bin/openapi-examples.ts)`).toBeDefined();
      fits(webhookBodies[name], recorded.body, name);
      expect(committed.webhooks[name].post.requestBody.content['application/json'].example).toEqual(recorded.body);
    }
  });

  it('describe every v2 notification the core derives, each with its own recorded event', () => {
    // Every kind of core/onboarding/notifications.ts has its webhook (a new kind fails here until described).
    const kinds: Record<NotificationKind, true> = { 'document.processed': true, 'document.failed': true, 'applicant.checklist_complete': true, 'flow.submitted': true };
    expect(Object.values(v2Notifications).map((n) => n.event).sort()).toEqual(Object.keys(kinds).sort());
    for (const [name, n] of Object.entries(v2Notifications)) {
      const body = recordedExamples.webhooks[name].body as { event: string; event_id: string };
      expect(body.event, name).toBe(n.event);
      // The event id in the body is the webhook-id the receiver de-duplicates on.
      expect(body.event_id, name).toBe(recordedExamples.webhooks[name].headers['webhook-id']);
      expect(committed.webhooks[name].post.requestBody.content['application/json'].schema.$ref, name).toMatch(/Event$/);
    }
    // The body schemas refuse another event's body (strict): a recorded body in the wrong place fails.
    expect(webhookBodies.v2DocumentProcessed.safeParse(recordedExamples.webhooks.v2FlowSubmitted.body).success).toBe(false);
    expect(webhookBodies.v2FlowSubmitted.safeParse({ ...(recordedExamples.webhooks.v2FlowSubmitted.body as object), extra: 1 }).success).toBe(false);
  });

  it('document the Standard Webhooks and the original signature headers, with recorded values', () => {
    for (const name of webhookNames) {
      const params = committed.webhooks[name].post.parameters as { name: string; in: string; example?: string; deprecated?: boolean }[];
      const byName = Object.fromEntries(params.map((p) => [p.name, p]));
      for (const h of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'X-Event-Id', 'X-Timestamp', 'X-Signature']) {
        expect(byName[h]?.in, `${name} ${h}`).toBe('header');
        expect(byName[h]?.example, `${name} ${h}`).toBeDefined();
      }
      expect(byName['webhook-signature'].example).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(byName['webhook-id'].example).toBe(byName['X-Event-Id'].example);
      expect(byName['X-Signature'].deprecated).toBe(true);
    }
    for (const name of ['v3Results', 'v2Results', ...Object.keys(v2Notifications)]) {
      expect(committed.webhooks[name].post.parameters.find((p: { name: string }) => p.name === 'Authorization').example, name).toMatch(/^Bearer /);
    }
  });
});

describe('Idempotency-Key and fair sharing', () => {
  const idempotent = routes.filter(isIdempotent);
  const admitted = routes.filter(isAdmitted);
  const responseOf = (r: (typeof routes)[number], status: number) => committed.paths[r.path][r.method.toLowerCase()].responses[String(status)];

  it('names the header as the middleware reads it', () => {
    expect(IDEMPOTENCY_KEY_HEADER.toLowerCase()).toBe(IDEMPOTENCY_HEADER);
    expect(IDEMPOTENT_REPLAYED_HEADER.toLowerCase()).toBe(REPLAYED_HEADER);
  });

  it('every route that creates something declares the optional header, with the key of its recorded request', () => {
    expect(idempotent.map(routeKey)).toEqual(routes.filter((r) => r.creates).map(routeKey));
    expect(idempotent.length).toBeGreaterThan(5);
    for (const r of routes) {
      const op = committed.paths[r.path][r.method.toLowerCase()];
      const header = (op.parameters ?? []).find((p: { in: string; name: string }) => p.in === 'header' && p.name === IDEMPOTENCY_KEY_HEADER);
      if (!isIdempotent(r)) {
        expect(header, routeKey(r)).toBeUndefined();
        continue;
      }
      expect(header, routeKey(r)).toMatchObject({ required: false, schema: { type: 'string' } });
      expect(header.example, routeKey(r)).toBe(recordedExamples.operations[routeKey(r)].request?.headers?.[IDEMPOTENCY_HEADER]);
      expect(header.example, routeKey(r)).toMatch(/^[\x21-\x7e]{1,255}$/);
      expect(responseOf(r, r.success.status).headers?.[IDEMPOTENT_REPLAYED_HEADER], routeKey(r)).toBeDefined();
    }
  });

  it('each declares 409 (key in progress) and 422 (key used with another request) with an {"error"} example', () => {
    for (const r of idempotent) {
      expect(statusesOf(r), routeKey(r)).toEqual(expect.arrayContaining([409, 422]));
      for (const status of [409, 422]) {
        const response = responseOf(r, status);
        expect(response.description, `${routeKey(r)} ${status}`).toContain(IDEMPOTENCY_KEY_HEADER);
        expect(response.content['application/json'].schema.$ref ?? response.content['application/json'].schema).toBeDefined();
        expect(response.content['application/json'].example, `${routeKey(r)} ${status}`).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('every multiupload declares 429 (client over its files in flight) and 503 (stage at capacity) with Retry-After and an example', () => {
    expect(admitted.map(routeKey).sort()).toEqual(routes.filter((r) => r.path.endsWith('/multiupload')).map(routeKey).sort());
    expect(admitted).toHaveLength(4);
    for (const r of admitted) {
      for (const status of [429, 503]) {
        const response = responseOf(r, status);
        expect(response, `${routeKey(r)} ${status}`).toBeDefined();
        expect(response.headers?.['Retry-After'], `${routeKey(r)} ${status}`).toBeDefined();
        expect(response.content['application/json'].example, `${routeKey(r)} ${status}`).toEqual({ error: expect.any(String) });
      }
      // A real fair-sharing answer, not the generic one.
      expect(responseOf(r, 429).content['application/json'].example.error).toMatch(/files in flight/);
    }
    for (const r of routes.filter((x) => !isAdmitted(x))) expect(statusesOf(r), routeKey(r)).not.toContain(429);
  });

  it('the Postman requests of those routes send a fresh key', () => {
    const collection = read('docs/postman/docstream.postman_collection.json');
    const requests = collection.item.flatMap((f: { item: unknown[] }) => f.item) as { request: { method: string; url: { path: string[] }; header: { key: string; value: string }[] } }[];
    for (const r of routes) {
      const item = requests.find((i) => `${i.request.method} /${i.request.url.path.join('/')}` === routeKey(r))!;
      const header = item.request.header.find((h) => h.key === IDEMPOTENCY_KEY_HEADER);
      expect(header?.value, routeKey(r)).toBe(isIdempotent(r) ? '{{$guid}}' : undefined);
    }
  });
});

describe('docs/postman collection', () => {
  it('is generated from the document (run `npm run openapi` when this fails)', () => {
    expect(read('docs/postman/docstream.postman_collection.json')).toEqual(JSON.parse(JSON.stringify(buildPostmanCollection(committed))));
  });

  it('has one request per operation, with its example body and answers', () => {
    const collection = read('docs/postman/docstream.postman_collection.json');
    const requests = collection.item.flatMap((f: { item: unknown[] }) => f.item) as { request: { method: string; url: { path: string[] }; body?: { raw: string } }; response: unknown[] }[];
    expect(requests.map((i) => `${i.request.method} /${i.request.url.path.join('/')}`).sort()).toEqual(routes.map(routeKey).sort());
    const init = requests.find((i) => i.request.url.path.join('/') === 'v3/verification/flow/init')!;
    expect(JSON.parse(init.request.body!.raw)).toEqual(recordedExamples.operations['POST /v3/verification/flow/init'].request!.body);
    expect(init.response.length).toBe(statusesOf(routes.find((r) => r.path === '/v3/verification/flow/init')!).length);
    for (const r of routes) {
      const item = requests.find((i) => `${i.request.method} /${i.request.url.path.join('/')}` === routeKey(r))!;
      expect(item.response.length, routeKey(r)).toBe(statusesOf(r).filter((s) => s !== 204).length);
    }
  });
});
