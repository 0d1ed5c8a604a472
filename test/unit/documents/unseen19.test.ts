/**
 * Commercial documents on layouts of the nineteenth dev set (test/fixtures/documents/dev19: paper scanned or
 * copied at the branch, written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('DELIVERY_ORDER: a lender\'s particulars table abbreviates its captions', () => {
  const table = (modelCaption: string, costCaption: string) =>
    pageFromRows([
      [0.04, [0.07, 'Chenab Retail Credit Pvt. Ltd.']],
      [0.43, [0.08, 'Particulars'], [0.3, 'Details']],
      [0.456, [0.08, 'D.O. Ref. No.'], [0.3, 'DO83469400']],
      [0.548, [0.08, 'Customer Name'], [0.3, 'Rekha Kumari Munda']],
      [0.595, [0.08, 'Brand'], [0.3, 'Xiaomi']],
      [0.618, [0.08, modelCaption], [0.3, 'Redmi 13C 5G']],
      [0.641, [0.08, costCaption], [0.3, 'Rs. 27,000/-']],
      [0.665, [0.08, 'Down Payment'], [0.3, 'Rs. 6,750/-']],
      [0.704, [0.08, 'Loan Amount'], [0.3, 'Rs. 20,250/-']],
    ]);

  it('"ASSET VAL." is the asset\'s cost, not the loan amount under it', () => {
    expect(extractFields('DELIVERY_ORDER', table('Model', 'ASSET VAL.')).data.amount.value).toBe(27000);
    expect(extractFields('DELIVERY_ORDER', table('Model', 'Asset Val')).data.amount.value).toBe(27000);
  });

  it('money under an "Asset ..." caption ("Rs. 27,000/-") is no model: the model row gives it', () => {
    expect(extractFields('DELIVERY_ORDER', table('MODEL NO.', 'ASSET VAL.')).data.asset_model.value).toBe('Redmi 13C 5G');
  });
});
