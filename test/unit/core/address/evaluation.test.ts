import { describe, expect, it } from 'vitest';
import { generatePairs, generateHardPairs, type AddressPair } from '../../../fixtures/address/pairs.ts';
import { HARD_PLACES, PLACES } from '../../../fixtures/address/vocab.ts';
import { scoreAddressPair, SAME_PERSON_THRESHOLD, parseAddress } from '../../../../functions/app/addressMatching.ts';

describe('address evaluation set', () => {
  const pairs = generatePairs();

  it('is deterministic, large enough and has every kind of pair', () => {
    expect(generatePairs()).toEqual(pairs);
    expect(pairs.length).toBeGreaterThanOrEqual(500);
    const kinds = new Set(pairs.map((p) => p.kind));
    for (const k of ['positive', 'other_flat_same_building', 'same_street_other_city', 'neighbouring_pincode', 'unrelated']) expect(kinds).toContain(k);
    expect(generatePairs(7)).not.toEqual(pairs);
  });

  it('uses real pincodes that agree with their city and state', () => {
    for (const p of PLACES) {
      const parsed = parseAddress(`${p.locality}, ${p.city}, ${p.state} ${p.pincode}`);
      expect(parsed.pincode_valid, p.pincode).toBe(true);
      expect(parsed.pincode_consistent, `${p.pincode} ${p.city}`).toBe(true);
    }
  });

  it(`reaches F1 >= 0.95 at same_person_score >= ${SAME_PERSON_THRESHOLD}`, () => {
    expect(f1(pairs)).toBeGreaterThanOrEqual(0.95);
  });
});

function f1(pairs: AddressPair[]): number {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const p of pairs) {
    const yes = (scoreAddressPair(p.a, p.b)?.samePerson ?? 0) >= SAME_PERSON_THRESHOLD;
    if (yes && p.label) tp++;
    else if (yes) fp++;
    else if (p.label) fn++;
  }
  return (2 * tp) / (2 * tp + fp + fn);
}

describe('hard development set', () => {
  const pairs = generateHardPairs();

  it('is deterministic and has every hard kind', () => {
    expect(generateHardPairs()).toEqual(pairs);
    expect(pairs.length).toBeGreaterThanOrEqual(500);
    const kinds = new Set(pairs.map((p) => p.kind));
    for (const k of ['hard_positive', 'hard_other_flat_same_building', 'hard_other_building_same_number', 'hard_neighbouring_pincode', 'hard_same_building_other_locality', 'hard_other_city_same_state', 'hard_unrelated']) expect(kinds).toContain(k);
  });

  it('uses real pincodes that agree with their state', () => {
    for (const p of HARD_PLACES) {
      const parsed = parseAddress(`${p.locality}, ${p.city}, ${p.state} ${p.pincode}`);
      expect(parsed.pincode_valid, p.pincode).toBe(true);
      expect(parsed.pincode_consistent, `${p.pincode} ${p.city}`).toBe(true);
    }
  });

  it(`reaches F1 >= 0.95 at same_person_score >= ${SAME_PERSON_THRESHOLD}, and on another draw`, () => {
    expect(f1(pairs)).toBeGreaterThanOrEqual(0.95);
    expect(f1(generateHardPairs(1))).toBeGreaterThanOrEqual(0.95);
  });
});
