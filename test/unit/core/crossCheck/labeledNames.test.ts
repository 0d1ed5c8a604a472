import { describe, expect, it } from 'vitest';
import * as fuzz from 'fuzzball';
import { NAME_MATCH_THRESHOLD, nameSimilarity } from '#core/crossCheck/names.ts';
import { generateNamePairs, NAME_PAIRS, NEGATIVE_KINDS, POSITIVE_KINDS } from '../../../fixtures/names/pairs.ts';
import { bestThreshold, metricsAt } from '../../../fixtures/names/metrics.ts';

describe('labeled name-pair set', () => {
  it('is deterministic, large enough and covers every kind with both labels', () => {
    expect(generateNamePairs()).toEqual(NAME_PAIRS);
    expect(NAME_PAIRS.length).toBeGreaterThanOrEqual(300);
    const kinds = new Set(NAME_PAIRS.map((p) => p.kind));
    for (const kind of [...POSITIVE_KINDS, ...NEGATIVE_KINDS]) expect(kinds.has(kind), kind).toBe(true);
    expect(NAME_PAIRS.filter((p) => p.same).length).toBeGreaterThan(150);
    expect(NAME_PAIRS.filter((p) => !p.same).length).toBeGreaterThan(150);
    expect(new Set(NAME_PAIRS.map((p) => p.region)).size).toBe(7);
  });

  it('our scorer reaches F1 >= 0.95 at its threshold and beats token_set_ratio at its best threshold', () => {
    const ours = metricsAt(NAME_PAIRS, NAME_PAIRS.map((p) => nameSimilarity(p.a, p.b)), NAME_MATCH_THRESHOLD);
    const baseline = bestThreshold(NAME_PAIRS, NAME_PAIRS.map((p) => fuzz.token_set_ratio(p.a, p.b)));
    expect(ours.f1).toBeGreaterThanOrEqual(0.95);
    expect(ours.precision).toBeGreaterThanOrEqual(0.97);
    expect(ours.f1).toBeGreaterThan(baseline.f1 + 0.1);
  });

  it('holds up on a set drawn with another seed', () => {
    const pairs = generateNamePairs(7);
    const ours = metricsAt(pairs, pairs.map((p) => nameSimilarity(p.a, p.b)), NAME_MATCH_THRESHOLD);
    expect(ours.f1).toBeGreaterThanOrEqual(0.95);
  });
});
