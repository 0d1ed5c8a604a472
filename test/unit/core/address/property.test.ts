import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchAddresses, AddressNotNormalisableError, addressSimilarity, formatAddress } from '../../../../functions/app/addressMatching.ts';

// Strings that look a little like addresses, so the parser's branches are reached, not just noise.
const addressish = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom('flat', 'no', 'h.no', '#', 'near', 'opp', 'road', 'nagar', 'sector', 'floor', 'gali', 'kh', 'dist', 'up', 'delhi', ',', '-', '/', '560034', '110 045', '1st', 'ii', 'block', 'wing', 'village'),
      fc.integer({ min: 0, max: 9999999 }).map(String),
      fc.string({ unit: 'binary', maxLength: 8 }),
    ),
    { maxLength: 14 },
  )
  .map((parts) => parts.join(' '));

const anyString = fc.oneof(fc.string({ maxLength: 120 }), fc.string({ unit: 'binary', maxLength: 60 }), addressish);

describe('matchAddresses on any input', () => {
  it('returns results or throws AddressNotNormalisableError, nothing else', () => {
    fc.assert(
      fc.property(anyString, fc.array(anyString, { maxLength: 4 }), (source, targets) => {
        let out;
        try {
          out = matchAddresses(source, targets.map((address, index) => ({ address, index })));
        } catch (err) {
          expect(err).toBeInstanceOf(AddressNotNormalisableError);
          return;
        }
        expect(out).toHaveLength(targets.length);
        out.forEach((r, i) => {
          expect(r.index).toBe(i);
          if (r.error_code === null) {
            expect(r.similarity_score).toBeGreaterThanOrEqual(0);
            expect(r.similarity_score).toBeLessThanOrEqual(100);
            expect(Number.isInteger(r.same_person_score)).toBe(true);
            expect(r.same_person_score).toBeGreaterThanOrEqual(0);
            expect(r.same_person_score).toBeLessThanOrEqual(10);
          } else {
            expect(r.error_code).toBe('422');
            expect(r.similarity_score).toBeNull();
            expect(r.same_person_score).toBeNull();
          }
        });
      }),
      { numRuns: 400 },
    );
  });

  it('addressSimilarity and formatAddress never throw on any string', () => {
    fc.assert(
      fc.property(anyString, anyString, (a, b) => {
        const s = addressSimilarity(a, b);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        const f = formatAddress(a);
        expect(typeof f.address_line_1).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('is symmetric enough: swapping source and target keeps same_person_score within 1', () => {
    fc.assert(
      fc.property(addressish, addressish, (a, b) => {
        let ab, ba;
        try {
          ab = matchAddresses(a, [{ address: b, index: 0 }])[0];
          ba = matchAddresses(b, [{ address: a, index: 0 }])[0];
        } catch {
          return;
        }
        if (ab.error_code || ba.error_code) return;
        expect(Math.abs(ab.same_person_score! - ba.same_person_score!)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
  });
});
