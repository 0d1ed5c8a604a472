import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { UnavailableError } from '../../../../functions/app/errors.ts';

const store = vi.hoisted(() => ({ claimKey: vi.fn(), completeKey: vi.fn(), releaseKey: vi.fn() }));
vi.mock('../../../../functions/adapters/store/idempotency.ts', () => store);

const { idempotency, fingerprintOf, REPLAYED_HEADER } = await import('../../../../functions/http/middleware/idempotency.ts');
const { validation } = await import('../../../../functions/http/middleware/validation.ts');
const { jsonBody } = await import('../../../../functions/http/middleware/jsonBody.ts');
const { bodyOf, chain, context, event, route } = await import('./fixtures.ts');
import type { RouteMiddleware } from '../../../../functions/http/middleware/state.ts';

const creates = route({ creates: true, body: z.object({ n: z.number() }) });
/** Authorisation's stand-in: the client whose keys these are. */
const asClient: RouteMiddleware = { before: ({ context: { state } }) => { state.client = { clientId: 'cli_a' } as never; } };
const send = (core: () => Promise<unknown>, headers: Record<string, string> = { 'Idempotency-Key': 'k-1' }, r = creates) =>
  chain(r, [asClient, jsonBody(), validation(), idempotency()], core)(
    event({ body: '{"n":1}', headers: { 'content-type': 'application/json', ...headers } }), context(),
  );

beforeEach(() => {
  store.claimKey.mockReset().mockResolvedValue({ outcome: 'claimed' });
  store.completeKey.mockReset().mockResolvedValue(true);
  store.releaseKey.mockReset().mockResolvedValue(undefined);
});

describe('idempotency', () => {
  it('claims the key with the request fingerprint, runs the core once and stores its success', async () => {
    const core = vi.fn(async () => ({ id: 'x' }));
    const res = await send(core);
    expect([res.statusCode, bodyOf(res)]).toEqual([201, { id: 'x' }]);
    expect(store.claimKey).toHaveBeenCalledWith('cli_a', 'k-1', fingerprintOf(creates, { n: 1 }, {}), 'req-1');
    expect(store.completeKey).toHaveBeenCalledWith('cli_a', 'k-1', 'req-1', { status: 201, body: { id: 'x' } });
    expect(core).toHaveBeenCalledTimes(1);
  });

  it('answers a completed key with the stored response, marked replayed, without running the core', async () => {
    store.claimKey.mockResolvedValue({ outcome: 'completed', fingerprint: fingerprintOf(creates, { n: 1 }, {}), response: { status: 201, body: { id: 'first' } } });
    const core = vi.fn();
    const res = await send(core);
    expect([res.statusCode, bodyOf(res), res.headers?.[REPLAYED_HEADER]]).toEqual([201, { id: 'first' }, 'true']);
    expect(core).not.toHaveBeenCalled();
    expect(store.completeKey).not.toHaveBeenCalled();
  });

  it('refuses another request under a used key (422), a key still in progress (409) and a malformed key (400)', async () => {
    store.claimKey.mockResolvedValue({ outcome: 'completed', fingerprint: 'other', response: { status: 201, body: {} } });
    expect((await send(async () => ({}))).statusCode).toBe(422);
    store.claimKey.mockResolvedValue({ outcome: 'inProgress', fingerprint: fingerprintOf(creates, { n: 1 }, {}) });
    expect((await send(async () => ({}))).statusCode).toBe(409);
    expect((await send(async () => ({}), { 'Idempotency-Key': 'has space' })).statusCode).toBe(400);
  });

  it('gives the key up when the core fails, so a retry with it does the work', async () => {
    const res = await send(async () => { throw new UnavailableError('retry the upload'); });
    expect(res.statusCode).toBe(503);
    expect(store.releaseKey).toHaveBeenCalledWith('cli_a', 'k-1', 'req-1');
    expect(store.completeKey).not.toHaveBeenCalled();
  });

  it('does nothing without the header or on a route that creates nothing', async () => {
    await send(async () => ({}), {});
    await send(async () => ({}), { 'Idempotency-Key': 'k-1' }, route({ body: z.object({ n: z.number() }) }));
    expect(store.claimKey).not.toHaveBeenCalled();
  });
});
