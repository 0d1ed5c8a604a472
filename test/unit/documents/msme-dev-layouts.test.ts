/**
 * The dev layouts of the certificate, statement, bill and card types (test/fixtures/documents/dev and
 * dev2: written apart from the extractor, used for tuning since) read without OCR: each page's drawn
 * text as LINE/WORD blocks, classified and extracted. The OCR'd measurement is bench/accuracy.ts.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, classify, extractFields, type DocumentType } from '#core/documents/index.ts';
import { FAMILIES as DEV_FAMILIES, devLayout } from '../../fixtures/documents/dev/index.ts';
import { FAMILIES as DEV2_FAMILIES, dev2Layout } from '../../fixtures/documents/dev2/index.ts';
import { pageBlocks } from '../../fixtures/documents/pageBlocks.ts';
import { FIELD_MAP, same, type Cmp } from '../../fixtures/documents/score.ts';

const TYPES = ['GST_CERT', 'FSSAI_CERTIFICATE', 'SHOP_ACT_LICENSE', 'UDYAM_CERT', 'EBILL', 'BANK_STATEMENT', 'AADHAAR', 'PAN'] as const;
const SETS = [
  ['dev', DEV_FAMILIES, devLayout],
  ['dev2', DEV2_FAMILIES, dev2Layout],
] as const;

describe('dev layouts of certificates, statements, bills and cards, read without OCR', () => {
  for (const [set, families, layoutOf] of SETS) {
    for (const type of TYPES) {
      it(`${set} ${type}: every family classified and every field right`, () => {
        const map = FIELD_MAP[type];
        const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
        const misses: string[] = [];
        for (const family of Object.keys((families as Record<string, object>)[type] ?? {})) {
          for (let i = 0; i < 2; i++) {
            const layout = layoutOf(1, family, i);
            const model = new DocumentModel(layout.pages.flatMap((p, k) => pageBlocks(p, k + 1)));
            expect(classify(model).type, `${family} #${i}`).toBe(type);
            const data = extractFields(type as DocumentType, model, { fullAadhaar: true }).data;
            for (const [t, want] of Object.entries(layout.truth)) {
              const m: [string, Cmp] | undefined = map[t] ?? (byField.has(t) ? [t, byField.get(t)!] : undefined);
              if (m && want !== '' && want !== undefined && !same(m[1], data[m[0]]?.value, want)) misses.push(`${family} #${i} ${m[0]}: ${JSON.stringify(data[m[0]]?.value)}`);
            }
          }
        }
        expect(misses).toEqual([]);
      });
    }
  }
});
