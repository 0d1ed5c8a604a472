import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { jsonBody, MAX_BODY_BYTES } from '../../../../functions/http/middleware/jsonBody.ts';
import { bodyOf, chain, context, event, route } from './fixtures.ts';

const withBody = route({ body: z.object({ a: z.number().optional() }) });
const send = (body: string | null, headers: Record<string, string> = { 'Content-Type': 'application/json' }, r = withBody, isBase64Encoded = false) =>
  chain(r, [jsonBody()], async ({ state }) => ({ seen: state.rawBody ?? null }))(event({ body, headers, isBase64Encoded }), context());

describe('jsonBody', () => {
  it('parses a JSON body (a +json type too, headers in any case) for the route', async () => {
    expect(bodyOf(await send('{"a":1}'))).toEqual({ seen: { a: 1 } });
    expect(bodyOf(await send('{"a":2}', { 'CONTENT-TYPE': 'application/merge-patch+json; charset=utf-8' }))).toEqual({ seen: { a: 2 } });
    expect(bodyOf(await send(Buffer.from('{"a":3}').toString('base64'), undefined, withBody, true))).toEqual({ seen: { a: 3 } });
  });

  it('reads an absent body as an empty object, so the schema names what is missing', async () => {
    expect(bodyOf(await send(null))).toEqual({ seen: {} });
    expect(bodyOf(await send('', {}))).toEqual({ seen: {} });
  });

  it('refuses too large (413), another content type (415) and malformed JSON (400)', async () => {
    const big = JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) });
    expect((await send(big)).statusCode).toBe(413);
    const wrongType = await send('{"a":1}', { 'content-type': 'text/plain' });
    expect([wrongType.statusCode, bodyOf(wrongType)]).toEqual([415, { error: 'Content-Type must be application/json' }]);
    const malformed = await send('{"a":');
    expect([malformed.statusCode, bodyOf(malformed)]).toEqual([400, { error: 'Malformed JSON body' }]);
  });

  it('ignores whatever body a route without a body schema is sent', async () => {
    expect(bodyOf(await send('not json', { 'content-type': 'text/plain' }, route()))).toEqual({ seen: null });
  });
});
