/**
 * Every entity's keys: built by its one template, equal to the formats stored items already have
 * (written out here as the store modules spelled them before the templates), and read back to the
 * same composite attributes.
 */
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { entities, onboardingPartition, retentionTtl, ttlAfter } from '#adapters/store/entities.ts';
import { template } from '#adapters/store/keys.ts';

const flow = { clientId: 'cli_a', kind: 'flow', id: '00000000-0000-4000-8000-000000000001' };
const v2 = onboardingPartition('cli_a', 'f-2');
const sha = createHash('sha256').update('idem key').digest('hex');

/** [entity, composite attributes, today's primary key, today's gsi1 key (when listed there)] */
const cases: [keyof typeof entities, Record<string, string | number>, { pk: string; sk: string }, { gsi1pk: string; gsi1sk: string }?][] = [
  ['Client', { clientId: 'cli_a', createdAt: '2026-01-02T03:04:05.000Z' }, { pk: 'CLIENT#cli_a', sk: 'PROFILE' }, { gsi1pk: 'CLIENT', gsi1sk: '2026-01-02T03:04:05.000Z#cli_a' }],
  ['ClientAdmission', { clientId: 'cli_a' }, { pk: 'CLIENT#cli_a', sk: 'ADMISSION' }],
  ['StageAdmission', {}, { pk: 'ADMISSION#STAGE', sk: 'ADMISSION' }],
  ['RefreshToken', { tokenHash: 'h1', clientId: 'cli_a', expiresAt: 1800000000 }, { pk: 'REFRESH#h1', sk: 'REFRESH' }, { gsi1pk: 'REFRESH#cli_a', gsi1sk: 'TOKEN#1800000000' }],
  ['RefreshFamily', { familyId: 'fam1', clientId: 'cli_a', expiresAt: 1800000000 }, { pk: 'REFRESHFAMILY#fam1', sk: 'FAMILY' }, { gsi1pk: 'REFRESH#cli_a', gsi1sk: 'FAMILY#1800000000' }],
  ['FlowOrBatch', { ...flow, activeAt: '2026-01-02T03:04:05.000Z' }, { pk: `CLIENT#cli_a#FLOW#${flow.id}`, sk: 'OWNER' }, { gsi1pk: 'OWNER#OPEN', gsi1sk: '2026-01-02T03:04:05.000Z' }],
  ['FlowOrBatch', { clientId: 'cli_b', kind: 'batch', id: 'b_1' }, { pk: 'CLIENT#cli_b#BATCH#b_1', sk: 'OWNER' }],
  ['File', { ...flow, seq: 7 }, { pk: `CLIENT#cli_a#FLOW#${flow.id}`, sk: 'FILE#000007' }],
  ['OnboardingFlow', v2, { pk: 'CLIENT#cli_a#ONBOARDING#f-2', sk: 'FLOW' }],
  ['Applicant', { ...v2, ref: 'ref#1 x' }, { pk: 'CLIENT#cli_a#ONBOARDING#f-2', sk: 'APPLICANT#ref#1 x' }],
  ['UploadNote', { ...v2, seq: 12 }, { pk: 'CLIENT#cli_a#ONBOARDING#f-2', sk: 'UPLOAD#000012' }],
  ['ChatMessage', { ...v2, seq: 3 }, { pk: 'CLIENT#cli_a#ONBOARDING#f-2', sk: 'CHAT#000000003' }],
  ['OutboxEntry', { ...v2, flowId: 'f-2', key: 'DOC#u1#document.processed', at: '2026-01-02T03:04:05.000Z' },
    { pk: 'CLIENT#cli_a#ONBOARDING#f-2', sk: 'OUTBOX#DOC#u1#document.processed' },
    { gsi1pk: 'OUTBOX', gsi1sk: '2026-01-02T03:04:05.000Z#cli_a#f-2#DOC#u1#document.processed' }],
  ['FlowKey', { clientId: 'cli_a', applicationId: 'a#b', ref: 'c' }, { pk: 'CLIENT#cli_a#ONBOARDING_KEY#a%23b#c', sk: 'UNIQUE' }],
  ['CallbackAttempt', { clientId: 'cli_a', eventId: 'ev1', attempt: 2 }, { pk: 'CLIENT#cli_a#EVENT#ev1', sk: 'ATTEMPT#002' }],
  ['DeadLetter', { eventId: 'ev1', deadAt: '2026-01-02T03:04:05.000Z' }, { pk: 'DEADLETTER#ev1', sk: 'DEADLETTER' }, { gsi1pk: 'DEADLETTER', gsi1sk: '2026-01-02T03:04:05.000Z#ev1' }],
  ['TextractJob', { jobId: 'job-1' }, { pk: 'TEXTRACTJOB#job-1', sk: 'TEXTRACTJOB' }],
  ['IdempotencyRecord', { clientId: 'cli_a', keyHash: sha }, { pk: `CLIENT#cli_a#IDEMPOTENCY#${sha}`, sk: 'IDEMPOTENCY' }],
  ['AuditRecord', { day: '2026-01-02', at: '2026-01-02T03:04:05.000Z', id: 'u-1' }, { pk: 'AUDIT#2026-01-02', sk: '2026-01-02T03:04:05.000Z#u-1' }],
];

describe('entity keys', () => {
  it('cover every entity, and every gsi1 entity on the index', () => {
    expect(new Set(cases.map(([name]) => name))).toEqual(new Set(Object.keys(entities)));
    for (const [name, e] of Object.entries(entities)) if ('gsi1' in e) expect(cases.some(([n, , , g]) => n === name && g)).toBe(true);
  });

  it.each(cases)('%s: today\'s key format, read back to its composites', (name, attrs, key, gsi1) => {
    const e = entities[name] as unknown as {
      key: (a: object) => { pk: string; sk: string };
      parseKey: (k: { pk: string; sk: string }) => object | undefined;
      pk: { parse: (s: string) => object | undefined };
      sk: { parse: (s: string) => object | undefined };
      gsi1?: { key: (a: object) => object; pk: { parse: (s: string) => object | undefined }; sk: { parse: (s: string) => object | undefined } };
    };
    expect(e.key(attrs)).toEqual(key);
    const read = e.parseKey(key);
    expect(read).toBeDefined();
    expect(e.key(read!)).toEqual(key);
    for (const [k, v] of Object.entries(read!)) expect(attrs[k]).toEqual(v);
    if (!gsi1) return;
    expect(e.gsi1!.key(attrs)).toEqual(gsi1);
    const indexed = { ...e.gsi1!.pk.parse(gsi1.gsi1pk), ...e.gsi1!.sk.parse(gsi1.gsi1sk) };
    expect(e.gsi1!.key(indexed)).toEqual(gsi1);
    for (const [k, v] of Object.entries(indexed)) expect(attrs[k]).toEqual(v);
  });

  it('keeps a v2 flow\'s items in its pipeline record\'s partition', () => {
    const record = entities.FlowOrBatch.key(v2);
    for (const e of [entities.OnboardingFlow, entities.Applicant, entities.UploadNote, entities.ChatMessage, entities.OutboxEntry]) {
      expect(e.pk.format(v2)).toBe(record.pk);
    }
  });

  it('does not read one entity\'s key as another\'s', () => {
    expect(entities.RefreshFamily.parseKey({ pk: 'REFRESH#h1', sk: 'REFRESH' })).toBeUndefined();
    expect(entities.File.parseKey({ pk: 'CLIENT#cli_a#FLOW#x', sk: 'OWNER' })).toBeUndefined();
    expect(entities.Client.parseKey({ pk: 'CLIENT#cli_a', sk: 'ADMISSION' })).toBeUndefined();
  });
});

describe('key templates', () => {
  it('pad numbers so keys sort in numeric order, and read them back as numbers', () => {
    const t = template('FILE#{seq:n6}');
    expect(t.format({ seq: 42 })).toBe('FILE#000042');
    expect(t.parse('FILE#000042')).toEqual({ seq: 42 });
    expect([9, 10, 100].map((seq) => t.format({ seq })).sort()).toEqual(['FILE#000009', 'FILE#000010', 'FILE#000100']);
    expect(t.parse('FILE#abc')).toBeUndefined();
    expect(t.prefix).toBe('FILE#');
  });

  it('encode uri parts so (a#b, c) and (a, b#c) differ', () => {
    const t = template('K#{a:uri}#{b:uri}');
    expect(t.format({ a: 'a#b', b: 'c' })).not.toBe(t.format({ a: 'a', b: 'b#c' }));
    expect(t.parse(t.format({ a: 'a#b', b: 'c' }))).toEqual({ a: 'a#b', b: 'c' });
  });
});

describe('TTL', () => {
  it('is epoch seconds after a moment', () => {
    expect(ttlAfter(60, new Date('2026-01-01T00:00:00.900Z'))).toBe(Date.parse('2026-01-01T00:01:00Z') / 1000);
  });

  it('keeps personal data for the client\'s retention, never beyond the stage\'s', () => {
    const now = Math.floor(Date.now() / 1000);
    const stage = Number(process.env.RETENTION_DAYS) || 90;
    expect(retentionTtl(7) - now).toBeGreaterThanOrEqual(7 * 86400);
    expect(retentionTtl(7) - now).toBeLessThanOrEqual(7 * 86400 + 1);
    expect(retentionTtl(10_000) - now).toBeLessThanOrEqual(stage * 86400 + 1);
    expect(retentionTtl() - now).toBeGreaterThanOrEqual(stage * 86400);
  });

  it('of a flow or batch, its files and a v2 flow\'s items comes from the retention they carry', () => {
    expect(entities.FlowOrBatch.ttl({ retentionDays: 7 })).toBe(retentionTtl(7));
    expect(entities.File.ttl({})).toBe(retentionTtl());
    expect(entities.AuditRecord.ttl(new Date('2026-01-01T00:00:00Z'))).toBe(Date.parse('2026-01-01T00:00:00Z') / 1000 + 400 * 86400);
    expect(entities.RefreshFamily.ttl({ sessionExpiresAt: 123 })).toBe(123);
  });
});

describe('a key missing a composite', () => {
  it('is refused, not written with "undefined" in it', () => {
    expect(() => entities.File.key({ clientId: 'cli_a', kind: 'flow', id: 'x' } as never)).toThrow(/seq is missing/);
  });
});
