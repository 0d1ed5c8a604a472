/** POST /v1/address/match/batch over HTTP: every status of the spec, per-target errors, and fuzzed input. */
import { describe, expect, it, test } from './fixtures.ts';
import fc from 'fast-check';
import { DEMO, makeClient, type Api } from './harness.ts';
import { loadPincodeFile as loadPincodeData, resetPincodeData, MAX_TARGETS_PER_REQUEST } from '../../functions/app/addressMatching.ts';

let a: Api;
test.beforeAll(({ api }) => {
  a = api;
});

const creds = { client_id: DEMO.clientId, client_secret: DEMO.clientSecret };
const match = (json: unknown, headers: Record<string, string> = creds) => a.call('POST', '/v1/address/match/batch', { json, headers });
const SOURCE = 'Flat 302, Sai Residency, 14th Cross Road, Indiranagar, Bengaluru, Karnataka 560038';

describe('address matching', () => {
  it('answers 200 with one result per target, in input order, index echoed', async () => {
    const res = await match({
      application_id: 'APP-9',
      source_address: SOURCE,
      target_addresses: [
        { address: 'Flat No. 302, Sai Residency, 14th Cross Rd, Indira Nagar, Bangalore 560038', index: 7 },
        { address: 'Flat 501, Sai Residency, 14th Cross Road, Indiranagar, Bengaluru 560038', index: 3 },
        { address: 'N/A', index: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const [same, otherFlat, bad] = res.body.match_data;
    expect(res.body.match_data.map((m: any) => m.index)).toEqual([7, 3, 1]);
    expect(same).toMatchObject({ source_address: SOURCE, error_code: null, error_message: null });
    expect(same.same_person_score).toBeGreaterThanOrEqual(7);
    expect(Number.isInteger(same.same_person_score)).toBe(true);
    expect(same.similarity_score).toBeGreaterThan(80);
    expect(otherFlat.same_person_score).toBeLessThan(same.same_person_score);
    expect(otherFlat.same_person_score).toBeLessThanOrEqual(3);
    expect(bad).toMatchObject({ target_address: 'N/A', similarity_score: null, same_person_score: null, error_code: '422' });
    expect(typeof bad.error_message).toBe('string');
  });

  it('answers 401 without or with wrong static credentials, and for a client not enabled for it', async () => {
    const body = { application_id: 'a', source_address: SOURCE, target_addresses: [{ address: SOURCE, index: 0 }] };
    expect((await match(body, {})).status).toBe(401);
    expect((await match(body, { client_id: DEMO.clientId, client_secret: 'x' })).status).toBe(401);
    const c = await makeClient({ interfaces: ['main'] });
    expect((await match(body, { client_id: c.clientId, client_secret: c.clientSecret })).status).toBe(401);
    // A JWT is not accepted in place of the static headers.
    expect((await a.call('POST', '/v1/address/match/batch', { json: body, headers: { Token: await a.token() } })).status).toBe(401);
  });

  it('answers 400 for missing or invalid source or targets, and beyond the target cap', async () => {
    const cases = [
      { application_id: 'a', target_addresses: [{ address: 'x', index: 0 }] },
      { application_id: 'a', source_address: '', target_addresses: [{ address: 'x', index: 0 }] },
      { application_id: 'a', source_address: SOURCE },
      { application_id: 'a', source_address: SOURCE, target_addresses: [] },
      { application_id: 'a', source_address: SOURCE, target_addresses: [{ address: 'x' }] },
      { application_id: 'a', source_address: SOURCE, target_addresses: [{ address: 'x', index: 1.5 }] },
      { application_id: 'a', source_address: 42, target_addresses: [{ address: 'x', index: 0 }] },
      { source_address: SOURCE, target_addresses: [{ address: 'x', index: 0 }] },
      { application_id: 'a', source_address: SOURCE, target_addresses: Array.from({ length: MAX_TARGETS_PER_REQUEST + 1 }, (_, i) => ({ address: SOURCE, index: i })) },
    ];
    for (const body of cases) {
      const res = await match(body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(Object.keys(res.body)).toEqual(['error']);
    }
  });

  it('answers 422 when the source itself cannot be normalised', async () => {
    const res = await match({ application_id: 'a', source_address: 'N/A', target_addresses: [{ address: SOURCE, index: 0 }] });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/source address/);
  });

  it('answers 503 while the engine cannot load its reference data, and recovers', async () => {
    const body = { application_id: 'a', source_address: SOURCE, target_addresses: [{ address: SOURCE, index: 0 }] };
    expect(() => loadPincodeData('/nonexistent/pincodes.json.gz')).toThrow();
    const down = await match(body);
    expect(down).toEqual({ status: 503, body: { error: 'Address matching engine temporarily unavailable; retry later' } });
    resetPincodeData();
    expect((await match(body)).status).toBe(200);
  });

  it('answers 1,000 targets in one request', async () => {
    const targets = Array.from({ length: 1000 }, (_, i) => ({ address: `House ${i + 1}, MG Road, Indiranagar, Bengaluru 560038`, index: i }));
    const res = await match({ application_id: 'a', source_address: SOURCE, target_addresses: targets });
    expect(res.status).toBe(200);
    expect(res.body.match_data).toHaveLength(1000);
  });

  it('never answers 5xx, whatever strings arrive as addresses', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120 }), fc.array(fc.string({ maxLength: 120 }), { minLength: 1, maxLength: 5 }), async (source, targets) => {
        const res = await match({ application_id: 'a', source_address: source, target_addresses: targets.map((address, index) => ({ address, index })) });
        expect(res.status < 500, `${res.status} ${JSON.stringify(res.body)}`).toBe(true);
        if (res.status === 200) {
          expect(res.body.match_data).toHaveLength(targets.length);
          for (const m of res.body.match_data) expect(m.error_code === null || m.error_code === '422').toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
