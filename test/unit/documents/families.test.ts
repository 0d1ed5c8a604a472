/**
 * Regression guard over every tuned layout family (test/fixtures/documents/families.ts): each
 * page is read "ideally" (its drawn text runs as LINE/WORD blocks, no OCR), classified and
 * extracted, and every scored field must match. Runs in well under a second; the OCR'd
 * measurement is bench/accuracy.ts.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, classify, extractFields, type DocumentType } from '#core/documents/index.ts';
import { DOCUMENT_TYPES, familiesOf } from '../../fixtures/documents/generate.ts';
import { pageBlocks } from '../../fixtures/documents/pageBlocks.ts';
import { createRng, subSeed } from '../../fixtures/documents/random.ts';
import { FIELD_MAP, same } from '../../fixtures/documents/score.ts';

describe('every layout family, read without OCR noise', () => {
  for (const type of DOCUMENT_TYPES) {
    it(`${type}: classified and every field right in each family`, () => {
      const misses: string[] = [];
      for (const [family, make] of familiesOf(type)) {
        for (let k = 0; k < 2; k++) {
          const layout = make(createRng(subSeed(9, type, family, k)), {});
          const model = new DocumentModel(layout.pages.flatMap((p, i) => pageBlocks(p, i + 1)));
          expect(classify(model).type, `${family} #${k}`).toBe(type);
          const data = extractFields(type as DocumentType, model, { fullAadhaar: true }).data;
          for (const [t, [f, cmp]] of Object.entries(FIELD_MAP[type])) {
            if (layout.truth[t] !== undefined && !same(cmp, data[f]?.value, layout.truth[t])) misses.push(`${family} #${k} ${f}: ${JSON.stringify(data[f]?.value)}`);
          }
        }
      }
      expect(misses).toEqual([]);
    });
  }

  it('has at least five families for each consumer-durable type', () => {
    for (const t of ['INVOICE', 'DELIVERY_ORDER', 'AADHAAR', 'PAN', 'IMEI_CLOSEUP_IMAGE'] as const) expect(familiesOf(t).length).toBeGreaterThanOrEqual(5);
  });

  it('has at least five families for each MSME certificate, statement and bill', () => {
    for (const t of ['GST_CERT', 'BANK_STATEMENT', 'EBILL', 'FSSAI_CERTIFICATE', 'SHOP_ACT_LICENSE', 'UDYAM_CERT'] as const) expect(familiesOf(t).length, t).toBeGreaterThanOrEqual(5);
  });
});
