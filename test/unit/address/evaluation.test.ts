import { describe, expect, it } from 'vitest';
import { generatePairs } from '../../fixtures/address/pairs.ts';
import { PLACES } from '../../fixtures/address/vocab.ts';
import { scoreAddressPair, SAME_PERSON_THRESHOLD, parseAddress } from '#core/address/index.ts';

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
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const p of pairs) {
      const yes = (scoreAddressPair(p.a, p.b)?.samePerson ?? 0) >= SAME_PERSON_THRESHOLD;
      if (yes && p.label) tp++;
      else if (yes) fp++;
      else if (p.label) fn++;
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    const f1 = (2 * precision * recall) / (precision + recall);
    expect(f1).toBeGreaterThanOrEqual(0.95);
  });
});
