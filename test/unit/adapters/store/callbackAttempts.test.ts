import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../../functions/local/embedded.ts';
import { listAttempts, recordAttempt } from '#adapters/store/callbacks.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

describe('callback attempts', () => {
  it('get distinct numbers even when recorded concurrently (a replay racing a retry)', async () => {
    const event = { eventId: 'e1', owner: { kind: 'flow' as const, clientId: 'cli_a', id: 'f1' }, url: 'https://example.org/cb' };
    const at = new Date().toISOString();
    const numbers = await Promise.all([1, 2, 3].map(() => recordAttempt(event, { at, ok: false, durationMs: 1 })));
    expect(new Set(numbers)).toEqual(new Set([1, 2, 3]));
    expect((await listAttempts(event)).map((a) => a.attempt)).toEqual([1, 2, 3]);
  });
});
