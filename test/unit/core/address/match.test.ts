import { describe, expect, it } from 'vitest';
import {
  matchAddresses,
  addressSimilarity,
  AddressNotNormalisableError,
  MAX_TARGETS_PER_REQUEST,
  SAME_PERSON_THRESHOLD,
} from '../../../../functions/app/addressMatching.ts';

const SOURCE = 'Flat No. 302, Sai Krupa Apartments, 4th Cross, Koramangala 5th Block, Near Forum Mall, Bengaluru, Karnataka 560095';

function score(target: string): { sim: number; same: number } {
  const [r] = matchAddresses(SOURCE, [{ address: target, index: 0 }]);
  expect(r.error_code).toBeNull();
  return { sim: r.similarity_score!, same: r.same_person_score! };
}

describe('matchAddresses scores', () => {
  it('same flat, building, locality and pincode written differently -> high', () => {
    for (const t of [
      'F-302 Saikrupa Apts 4th Crs Koramangala 5th Blk Bangalore 560095',
      'flat 302, sai krupa apartments, koramangala 5th block, bengaluru - 560 095',
      'FLAT NO 302 SAI KRUPA APPTS 4TH CROSS KORAMANGLA 5 BLOCK BANGALORE KARNATAKA 560095',
      '#302, Sai Krupa Apts, Nr. Forum Mall, 4th Cross, Koramangala V Block, Bengaluru',
    ]) {
      const s = score(t);
      expect(s.same, t).toBeGreaterThanOrEqual(8);
      expect(s.sim, t).toBeGreaterThanOrEqual(85);
    }
  });

  it('the identical address scores 100 and 10', () => {
    expect(score(SOURCE)).toEqual({ sim: 100, same: 10 });
  });

  it('same building, another flat -> low same_person, similarity still fairly high', () => {
    const s = score('Flat No. 303, Sai Krupa Apartments, 4th Cross, Koramangala 5th Block, Bengaluru 560095');
    expect(s.same).toBeLessThanOrEqual(3);
    expect(s.sim).toBeGreaterThan(60);
  });

  it('same street and number in another city -> low', () => {
    const s = score('Flat No. 302, Sai Krupa Apartments, 4th Cross, Anna Nagar, Chennai, Tamil Nadu 600040');
    expect(s.same).toBeLessThanOrEqual(1);
  });

  it('a neighbouring pincode -> low', () => {
    expect(score('Flat No. 302, Sai Krupa Apartments, 4th Cross, Koramangala 5th Block, Bengaluru 560096').same).toBeLessThanOrEqual(2);
  });

  it('another floor -> low', () => {
    const a = 'Flat 2, 3rd Floor, Green Valley Towers, MG Road, Kothrud, Pune 411038';
    const [r] = matchAddresses(a, [{ address: 'Flat 2, 4th Floor, Green Valley Towers, MG Road, Kothrud, Pune 411038', index: 0 }]);
    expect(r.same_person_score).toBeLessThanOrEqual(3);
  });

  it('without a house number on one side the dwelling is not confirmed', () => {
    const s = score('Sai Krupa Apartments, Koramangala 5th Block, Bengaluru 560095');
    expect(s.same).toBeLessThan(SAME_PERSON_THRESHOLD);
    expect(s.same).toBeGreaterThanOrEqual(4);
  });

  it('an unrelated address -> 0 or 1', () => {
    const s = score('House 14, Gandhi Road, Navrangpura, Ahmedabad, Gujarat 380009');
    expect(s.same).toBeLessThanOrEqual(1);
    expect(s.sim).toBeLessThan(40);
  });

  it('scores are in range and same_person_score is an integer', () => {
    const s = score('Koramangala, Bengaluru');
    expect(Number.isInteger(s.same)).toBe(true);
    expect(s.same).toBeGreaterThanOrEqual(0);
    expect(s.same).toBeLessThanOrEqual(10);
    expect(s.sim).toBeGreaterThanOrEqual(0);
    expect(s.sim).toBeLessThanOrEqual(100);
  });
});

describe('matchAddresses results', () => {
  it('keeps input order and echoes index and addresses; bad targets get 422 and null scores', () => {
    const targets = [
      { address: 'F-302 Saikrupa Apts Koramangala Bangalore 560095', index: 7 },
      { address: '   ', index: 3 },
      { address: 'N/A', index: 9 },
      { address: '560095', index: 1 },
      { address: 'House 14, Gandhi Road, Ahmedabad 380009', index: 2 },
    ];
    const out = matchAddresses(SOURCE, targets);
    expect(out.map((r) => r.index)).toEqual([7, 3, 9, 1, 2]);
    expect(out.map((r) => r.target_address)).toEqual(targets.map((t) => t.address));
    expect(out.every((r) => r.source_address === SOURCE)).toBe(true);
    for (const bad of [out[1], out[2], out[3]]) {
      expect(bad).toMatchObject({ similarity_score: null, same_person_score: null, error_code: '422' });
      expect(bad.error_message).toMatch(/cannot be normalised/);
    }
    for (const ok of [out[0], out[4]]) {
      expect(ok.error_code).toBeNull();
      expect(ok.error_message).toBeNull();
      expect(typeof ok.similarity_score).toBe('number');
    }
  });

  it('a target that is not a string is a per-target error, not an exception', () => {
    const out = matchAddresses(SOURCE, [{ address: 42 as unknown as string, index: 0 }]);
    expect(out[0].error_code).toBe('422');
  });

  it('throws AddressNotNormalisableError when the source cannot be normalised', () => {
    for (const bad of ['', '   ', 'N/A', '---', 'null', '560034', 'Delhi']) {
      expect(() => matchAddresses(bad, [{ address: SOURCE, index: 0 }]), bad).toThrow(AddressNotNormalisableError);
    }
  });

  it('refuses more than MAX_TARGETS_PER_REQUEST targets', () => {
    const targets = Array.from({ length: MAX_TARGETS_PER_REQUEST + 1 }, (_, index) => ({ address: SOURCE, index }));
    expect(() => matchAddresses(SOURCE, targets)).toThrow(RangeError);
    expect(matchAddresses(SOURCE, targets.slice(0, MAX_TARGETS_PER_REQUEST))).toHaveLength(MAX_TARGETS_PER_REQUEST);
  });

  it('an empty target list gives an empty result', () => {
    expect(matchAddresses(SOURCE, [])).toEqual([]);
  });
});

describe('addressSimilarity', () => {
  it('scores dealer addresses 0..100 and 0 for unreadable input', () => {
    const a = 'Shop No. 4, Laxmi Complex, Station Road, Dadar, Mumbai 400014';
    expect(addressSimilarity(a, 'shop 4 laxmi cmplx station rd dadar bombay 400014')).toBeGreaterThanOrEqual(85);
    expect(addressSimilarity(a, 'Shop 9, Park Street, Kolkata 700016')).toBeLessThan(40);
    expect(addressSimilarity(a, '')).toBe(0);
    expect(addressSimilarity('N/A', a)).toBe(0);
  });
});
