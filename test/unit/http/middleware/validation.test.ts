import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { jsonBody } from '../../../../functions/http/middleware/jsonBody.ts';
import { validation } from '../../../../functions/http/middleware/validation.ts';
import { bodyOf, chain, context, event, route } from './fixtures.ts';

const r = route({
  body: z.object({ application_id: z.string().trim().min(1), count: z.number().int() }),
  query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
});
const send = (body: unknown, query: Record<string, string> | null = null) =>
  chain(r, [jsonBody(), validation()], async ({ state }) => ({ body: state.body, query: state.query }))(
    event({ body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, queryStringParameters: query }), context(),
  );

describe('validation', () => {
  it('hands the core the parsed body and query (defaults and coercions applied)', async () => {
    expect(bodyOf(await send({ application_id: ' A-1 ', count: 2, extra: true }, { page: '3' }))).toEqual({
      body: { application_id: 'A-1', count: 2 }, query: { page: 3 },
    });
    expect(bodyOf(await send({ application_id: 'A', count: 1 })).query).toEqual({ page: 1 });
  });

  it('answers 400 naming missing or empty parameters first, then invalid ones', async () => {
    const res = await send({ application_id: '', count: 'two' });
    expect(res.statusCode).toBe(400);
    expect(bodyOf(res).error).toMatch(/^Missing or empty required parameters: application_id\. Invalid parameters: count \(/);
    const query = await send({ application_id: 'A', count: 1 }, { page: '0' });
    expect([query.statusCode, bodyOf(query).error]).toEqual([400, expect.stringMatching(/^Invalid parameters: page/)]);
  });

  it('passes the raw query through on a route without a query schema', async () => {
    const res = await chain(route(), [validation()], async ({ state }) => ({ query: state.query }))(event({ queryStringParameters: { x: '1' } }), context());
    expect(bodyOf(res)).toEqual({ query: { x: '1' } });
  });
});
