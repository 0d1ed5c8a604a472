import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../../functions/local/embedded.ts';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#adapters/aws.ts';
import { getDeadLetter, listAttempts, listDeadLetters, putDeadLetter, recordAttempt } from '#adapters/store/callbacks.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

describe('callback attempts', () => {
  it('get distinct numbers even when recorded concurrently (a replay racing a retry)', async () => {
    const event = { eventId: 'e1', flowOrBatch: { kind: 'flow' as const, clientId: 'cli_a', id: 'f1' }, url: 'https://example.org/cb' };
    const at = new Date().toISOString();
    const numbers = await Promise.all([1, 2, 3].map(() => recordAttempt(event, { at, ok: false, durationMs: 1 })));
    expect(new Set(numbers)).toEqual(new Set([1, 2, 3]));
    expect((await listAttempts(event)).map((a) => a.attempt)).toEqual([1, 2, 3]);
  });
});

describe('dead letters', () => {
  const batch = { kind: 'batch' as const, clientId: 'cli_a', id: 'BATCH-000001-DEADLT-20260101000000' };
  const deadAt = '2026-01-02T03:04:05.000Z';

  it('keep the attribute names of the items earlier versions wrote, both ways', async () => {
    // A dead letter as the previous version stored it: the whole event spread into the item.
    const earlier = { eventId: 'e-earlier', owner: batch, url: 'https://example.org/cb', round: 1, reason: 'Error: x', deadAt };
    await ddb().send(new PutCommand({ TableName: tableName(), Item: { pk: 'DEADLETTER#e-earlier', sk: 'DEADLETTER', gsi1pk: 'DEADLETTER', gsi1sk: `${deadAt}#e-earlier`, ...earlier } }));
    expect(await getDeadLetter('e-earlier')).toMatchObject({ eventId: 'e-earlier', flowOrBatch: batch, url: earlier.url, round: 1 });

    await putDeadLetter({ eventId: 'e-now', flowOrBatch: batch, url: earlier.url, round: 2, reason: 'Error: y', deadAt });
    const stored = (await ddb().send(new GetCommand({ TableName: tableName(), Key: { pk: 'DEADLETTER#e-now', sk: 'DEADLETTER' } }))).Item!;
    expect(Object.keys(stored).sort()).toEqual(Object.keys({ ...earlier, pk: 0, sk: 0, gsi1pk: 0, gsi1sk: 0, expiresAt: 0 }).sort());
    expect(stored.owner).toEqual(batch);

    const listed = (await listDeadLetters()).filter((d) => d.flowOrBatch.id === batch.id);
    expect(listed.map((d) => d.eventId).sort()).toEqual(['e-earlier', 'e-now']);
    expect(listed.every((d) => !('owner' in d))).toBe(true);
  });
});
