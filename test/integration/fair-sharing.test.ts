/** Fair sharing over HTTP (issue 12 item 8): files in flight per client (429) and per stage (503), both with Retry-After. */
import { describe, expect, it, test } from './fixtures.ts';
import { DEMO, makeClient, type Api } from './harness.ts';
import { startHeldServer, type HeldServer } from './heldServer.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { admissionEnv, admit, inFlight, release } from '#adapters/store/admission.ts';

const LIMITS = { perClient: 3, stage: 5, retryAfter: 7 };
test.override('serviceEnv', {
  [admissionEnv.perClient]: String(LIMITS.perClient),
  [admissionEnv.stage]: String(LIMITS.stage),
  [admissionEnv.retryAfter]: String(LIMITS.retryAfter),
});

let service: LocalService;
let held: HeldServer;
let a: Api;

test.beforeAll(async ({ service: running, api }) => {
  [service, a] = [running, api];
  held = await startHeldServer();
});
// Held requests are let go here, before the fixtures stop the service.
test.afterAll(async () => {
  held.holdFiles(false);
  await held.close();
});

const files = (n: number) => Array.from({ length: n }, (_, i) => ({ file_url: `${held.url}/doc-${crypto.randomUUID()}.txt`, document_id: `d${i}` }));

async function upload(creds: { clientId: string; clientSecret: string }, n: number) {
  const res = await fetch(`${service.url}/v1/bulk/multiupload`, {
    method: 'POST',
    headers: { Token: await a.token('bulk', creds), 'content-type': 'application/json' },
    body: JSON.stringify({ product_type: 'CONSUMER_DURABLE_LOAN', file_urls: files(n) }),
  });
  return { status: res.status, body: (await res.json()) as any, retryAfter: res.headers.get('retry-after') };
}

describe('admission per client and per stage', () => {
  it('a client over its limit gets 429 with Retry-After; another client is unaffected; the stage bound answers 503', async () => {
    held.holdFiles(true);
    const other = await makeClient();
    const third = await makeClient();

    expect((await upload(DEMO, 2)).status).toBe(201);
    const over = await upload(DEMO, 2);
    expect(over.status).toBe(429);
    expect(over.retryAfter).toBe(String(LIMITS.retryAfter));
    expect(over.body).toEqual({ error: expect.stringContaining(`${LIMITS.perClient} files in flight`) });
    // Nothing of the refused upload counts.
    expect(await inFlight('client', DEMO.clientId)).toBe(2);

    // The other client is unaffected by the first one's backlog.
    expect((await upload(other, 2)).status).toBe(201);
    expect(await inFlight('stage', '')).toBe(4);

    // A third client within its own limit finds the stage full (4 + 2 > 5): 503, and its own count is untouched.
    const full = await upload(third, 2);
    expect(full.status).toBe(503);
    expect(full.retryAfter).toBe(String(LIMITS.retryAfter));
    expect(full.body.error).toContain('capacity');
    expect(await inFlight('client', third.clientId)).toBe(0);
    expect((await upload(third, 1)).status).toBe(201);

    // Files finishing release their slots (finishFile's hook), and the client is admitted again.
    held.holdFiles(false);
    await expect.poll(() => inFlight('stage', ''), { timeout: 20_000, interval: 100 }).toBe(0);
    expect(await inFlight('client', DEMO.clientId)).toBe(0);
    expect((await upload(DEMO, 3)).status).toBe(201);
    // Leave the stage empty: the next test counts the stage's slots from zero, and these three files
    // finish in their own time (under load, after the next test has started: its first admit saw 6 > 5).
    await expect.poll(() => inFlight('stage', ''), { timeout: 30_000, interval: 100 }).toBe(0);
  });

  it('releasing is idempotent, and a leftover of a flow or batch that is gone is cleared on refusal', async () => {
    const client = await makeClient();
    expect(await inFlight('stage', '')).toBe(0);
    const batch = { kind: 'batch', clientId: client.clientId, id: 'BATCH-000000-GONEXX-20260101000000' };
    const uuids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    expect(await admit(batch, uuids)).toEqual({ admitted: true });
    await release(batch, uuids.slice(0, 1));
    await release(batch, uuids.slice(0, 1));
    expect(await inFlight('client', client.clientId)).toBe(2);
    // Lost releases: two entries of a batch that does not exist hold the client at its limit with one more.
    expect(await admit(batch, [crypto.randomUUID()])).toEqual({ admitted: true });
    expect(await inFlight('client', client.clientId)).toBe(3);
    await expect.poll(() => inFlight('stage', ''), { timeout: 20_000, interval: 100 }).toBe(3);
    const res = await upload(client, 1);
    expect(res.status).toBe(201);
    expect(await inFlight('client', client.clientId)).toBeLessThanOrEqual(1);
  });
});
