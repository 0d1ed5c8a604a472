/** The chain serve.ts builds: the middlewares in their order, and the handler types inferred from the route table. */
import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import * as z from 'zod';
import { NotAuthenticatedError } from '../../../../functions/app/errors.ts';

const auth = vi.hoisted(() => ({ clientFromToken: vi.fn(), clientFromStaticCredentials: vi.fn() }));
vi.mock('../../../../functions/app/auth.ts', () => auth);

const { routeHandler, endpointOf } = await import('../../../../functions/http/middleware/serve.ts');
const { defineRoutes } = await import('../../../../functions/http/routeTable/types.ts');
const { bodyOf, context, event, logLines, route } = await import('./fixtures.ts');

const r = route({ auth: { kind: 'token', audience: 'main' }, body: z.object({ n: z.number() }) });
const send = (headers: Record<string, string>, body: string | null, core = vi.fn(async () => ({ ok: true }))) =>
  routeHandler(r, core)(event({ headers, body }), context());

beforeEach(() => {
  auth.clientFromToken.mockReset().mockImplementation(async (token?: string) => {
    if (token !== 'good') throw new NotAuthenticatedError('Invalid token');
    return { clientId: 'cli_a' };
  });
});

describe('routeHandler', () => {
  it('authorises before it reads the body, and reads the body before it validates it', async () => {
    expect((await send({}, '{"n":')).statusCode).toBe(401);
    expect((await send({ token: 'good', 'content-type': 'text/plain' }, '{"n":"x"}')).statusCode).toBe(415);
    expect((await send({ token: 'good', 'content-type': 'application/json' }, '{"n":"x"}')).statusCode).toBe(400);
  });

  it('hands the core the client and the parsed body, and answers the route\'s success status', async () => {
    const core = vi.fn(async ({ body, client }: { body: { n: number }; client: { clientId: string } }) => ({ got: body.n, by: client.clientId }));
    const res = await send({ token: 'good', 'content-type': 'application/json' }, '{"n":7}', core as never);
    expect([res.statusCode, bodyOf(res), res.headers?.['cache-control']]).toEqual([201, { got: 7, by: 'cli_a' }, 'no-store']);
  });

  it('logs every line of a request with its request id and route, the refusal included', async () => {
    const lines = await logLines(() => send({}, null));
    const refused = lines.find((l) => l.message === 'request refused');
    expect(refused).toMatchObject({ status: 401, reason: 'Invalid token', request_id: 'req-1', route: 'POST /test/things', function_name: 'docstream-test-fn' });
  });

  it('measures the answer the caller got: a refusal is no route error, an unmapped failure is', async () => {
    const { metrics } = await import('../../../../functions/adapters/metrics.ts');
    const { routeMetricNames } = await import('../../../../functions/http/middleware/metrics.ts');
    const { logger } = await import('../../../../functions/adapters/logger.ts');
    const names: string[] = [];
    vi.spyOn(metrics, 'singleMetric').mockImplementation(() => ({ addDimension: () => {}, addMetric: (n: string) => void names.push(n) }) as never);
    await send({}, null);
    expect(names).toEqual([routeMetricNames.latency]);
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    await send({ token: 'good', 'content-type': 'application/json' }, '{"n":1}', vi.fn(async () => { throw new Error('boom'); }));
    expect(names).toEqual([routeMetricNames.latency, routeMetricNames.latency, routeMetricNames.errors]);
    vi.restoreAllMocks();
  });

  it('answers a core\'s own status (204 without a body)', async () => {
    const res = await routeHandler(route(), async () => ({ status: 204, body: null }))(event(), context());
    expect([res.statusCode, res.body]).toEqual([204, '']);
  });
});

describe('endpointOf', () => {
  const table = defineRoutes([
    { method: 'POST', path: '/t/a', handler: 't/a', host: 'main', auth: { kind: 'token', audience: 'main' }, summary: 'a', body: z.object({ n: z.coerce.number() }), success: { status: 201, schema: z.object({}) } },
    { method: 'GET', path: '/t/b', handler: 't/b', host: 'main', auth: { kind: 'none' }, summary: 'b', query: z.object({ page: z.coerce.number() }), success: { status: 200, schema: z.object({}) } },
  ]);
  const endpoint = endpointOf(table);

  it('infers the core\'s body, query and client from the route (checked by tsc), and refuses an unknown key as the module loads', () => {
    endpoint('POST /t/a', async ({ body, client }) => {
      expectTypeOf(body).toEqualTypeOf<{ n: number }>();
      expectTypeOf(client.clientId).toBeString();
      return {};
    });
    endpoint('GET /t/b', async ({ query, client }) => {
      expectTypeOf(query).toEqualTypeOf<{ page: number }>();
      expectTypeOf(client).toBeUndefined();
      return {};
    });
    // @ts-expect-error: no such route in this part of the table
    expect(() => endpoint('GET /t/c', async () => ({}))).toThrow('no route GET /t/c in this part of the route table');
  });
});
