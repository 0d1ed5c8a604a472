/**
 * The label vocabularies against the labels Indian documents print (`labelVariants.ts`, written apart
 * from the extractor), each in three placements with a decoy before it (`labelCoverage.ts`). Every
 * variant is read except the known misses below, and the list only shrinks: a vocabulary change that
 * loses a label fails here, and one that gains a label asks for its line to be removed.
 */
import { describe, expect, it } from 'vitest';
import { caseKey, labelCoverage } from '../../fixtures/documents/labelCoverage.ts';

/** Variants not read yet (type.field | label | placement), each a known gap of the vocabularies. */
const KNOWN_MISSES: readonly string[] = [
  'PAN.name_as_per_pan | नाम | colon',
  'PAN.name_as_per_pan | नाम | beside',
  'PAN.name_as_per_pan | नाम | below',
  'PAN.father_name | पिता का नाम | colon',
  'PAN.father_name | पिता का नाम | beside',
  'PAN.father_name | पिता का नाम | below',
  'BANK_STATEMENT.account_holder | Khatadharak ka Naam / Account Holder Name | beside',
  'EBILL.consumer_name | उपभोक्ता का नाम | colon',
  'EBILL.consumer_name | उपभोक्ता का नाम | below',
];

describe('label coverage', () => {
  it('reads every label variant in every placement, a decoy beside it, except the known misses (which only shrink)', () => {
    const cases = labelCoverage();
    const missed = new Map(cases.filter((c) => !c.ok).map((c) => [caseKey(c), c.got]));
    const known = new Set(KNOWN_MISSES);
    const fresh = [...missed].filter(([k]) => !known.has(k)).map(([k, got]) => `  '${k}',    // read ${JSON.stringify(got)}`);
    const gone = [...known].filter((k) => !missed.has(k)).map((k) => `  '${k}',`);
    const report = [...(fresh.length ? [`${fresh.length} variants not read:`, ...fresh] : []), ...(gone.length ? [`${gone.length} now read (remove them from KNOWN_MISSES):`, ...gone] : [])];
    expect(fresh.length + gone.length, `${report.join('\n')}\n`).toBe(0);
    expect(cases.length).toBeGreaterThan(1000);
  });
});
