/**
 * KYC-desk papers, firm statements and orders on layouts of the twenty-seventh dev set (test/fixtures/documents/dev27:
 * written apart from the extractor): each general fix reduced to the few lines that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { ID_VALUE } from '#core/documents/fields/referenceNumber.ts';
import { pageFromRows } from './rows.ts';

describe('reference numbers', () => {
  it('a smudge or leader read as tildes or dashes before a number is not part of it', () => {
    expect(ID_VALUE.exec('~~ PO/2025-26/879')?.[1]).toBe('PO/2025-26/879');
    expect(ID_VALUE.exec('— INV-4471')?.[1]).toBe('INV-4471');
    // (a number's own dashes stay)
    expect(ID_VALUE.exec('DO-2025-118')?.[1]).toBe('DO-2025-118');
  });

  it('PURCHASE_ORDER: the order number after its label and a smudge', () => {
    const po = pageFromRows([
      [0.03, [0.6, 'SORATH AGRO INDUSTRIES']],
      [0.1, [0.4, 'PURCHASE ORDER']],
      [0.134, [0.06, 'To,'], [0.55, 'Purchase Order No.: ~~ PO/2025-26/879']],
      [0.15, [0.06, 'M/s Girnar Agencies'], [0.55, 'Date : 20 Apr 2025']],
    ]);
    expect(extractFields('PURCHASE_ORDER', po).data.po_number.value).toBe('PO/2025-26/879');
  });
});
