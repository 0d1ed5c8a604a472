/**
 * Bills, certificates and licences whose title is missing, cut off, small or not in English, on layouts of the
 * twenty-sixth dev set (test/fixtures/documents/dev26: written apart from the extractor): each general fix reduced
 * to the few lines that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify } from '#core/documents/index.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';

describe('SHOP_ACT_LICENSE printed as the fee receipt that is the licence', () => {
  it('the licensee named beside the trade premises outweighs the receipt\'s till shape', () => {
    const receipt = [
      'Purnia City Municipal Council',
      'Receipt No. 27/241637',
      'Licence No. : DOL/26/2025-26/59720',
      'Name of Trade / Establishment : ASHTAMUDI MARKETING',
      'Name of Licensee : Unnikrishnan Shetty',
      'Address of Trade Premises : Plot 182, Ground Floor, Round North, Purnia - 854549',
      'Licence valid upto : 31-03-2026',
      'S.No. Head of Account Budget Head Amount (Rs.)',
      '1 Trade Licence Fee 0202-01-102 900.00',
      '2 Advertisement / Sign Board 0202-03-101 0.00',
      '3 Solid Waste User Charge 0217-05-101 200.00',
      'Total 1,100.00',
      'Received with thanks the sum of Rupees One Thousand One Hundred Only by Cash.',
    ];
    const c = classify(modelFromLines(receipt));
    expect(c.type).toBe('SHOP_ACT_LICENSE');
    expect(c.evidence).toContain('licensee');
  });
});
