/**
 * Shape of the blind address evaluation set, so a broken regeneration fails here rather than
 * silently changing the benchmark. The set's labels are checked by hand (see its README); this
 * test checks what a script can: counts, ids, labels, categories, and that the committed file is
 * what the generator writes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generateBlindPairs, POSITIVE_KINDS, HARD_NEGATIVE_KINDS, EASY_NEGATIVE_KINDS, type BlindPair,
} from '../../fixtures/address-blind/generate.ts';

const pairs = JSON.parse(readFileSync(new URL('../../fixtures/address-blind/pairs.json', import.meta.url), 'utf8')) as BlindPair[];

describe('blind address set', () => {
  it('has at least 660 pairs with the documented fields', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(660);
    for (const p of pairs) {
      expect(Object.keys(p).sort()).toEqual(['a', 'b', 'id', 'kind', 'same']);
      expect(typeof p.a).toBe('string');
      expect(typeof p.b).toBe('string');
      expect(p.a.trim().length).toBeGreaterThan(10);
      expect(p.b.trim().length).toBeGreaterThan(10);
      expect(typeof p.same).toBe('boolean');
      expect(p.a).not.toBe(p.b);
    }
  });

  it('has unique ids and no repeated pair', () => {
    expect(new Set(pairs.map((p) => p.id)).size).toBe(pairs.length);
    expect(new Set(pairs.map((p) => `${p.a}\u0000${p.b}`)).size).toBe(pairs.length);
  });

  it('has both labels, at least 35% negatives and at least 150 hard negatives', () => {
    const negatives = pairs.filter((p) => !p.same);
    expect(pairs.some((p) => p.same)).toBe(true);
    expect(negatives.length / pairs.length).toBeGreaterThanOrEqual(0.35);
    const hard = new Set<string>(HARD_NEGATIVE_KINDS);
    expect(negatives.filter((p) => hard.has(p.kind)).length).toBeGreaterThanOrEqual(150);
  });

  it('has every category, each with its label and at least 25 pairs', () => {
    const byKind = new Map<string, BlindPair[]>();
    for (const p of pairs) byKind.set(p.kind, [...(byKind.get(p.kind) ?? []), p]);
    const positives = new Set<string>(POSITIVE_KINDS);
    const negatives = new Set<string>([...HARD_NEGATIVE_KINDS, ...EASY_NEGATIVE_KINDS]);
    expect([...byKind.keys()].sort()).toEqual([...positives, ...negatives].sort());
    for (const [kind, ps] of byKind) {
      expect(ps.length, kind).toBeGreaterThanOrEqual(25);
      expect(ps.every((p) => p.same === positives.has(kind)), kind).toBe(true);
    }
  });

  it('is exactly what the seeded generator writes', () => {
    expect(generateBlindPairs()).toEqual(pairs);
  });
});
