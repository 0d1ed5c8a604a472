/**
 * Commercial and identity documents on layouts of the thirteenth dev set (test/fixtures/documents/dev13:
 * written apart from the extractor, values in unusual places): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('INVOICE: the invoice date beside the date of supply', () => {
  it('a bare "Date" is the invoice\'s, not the "Date of Supply" printed beside it', () => {
    const page = pageFromRows([
      [0.03, [0.42, 'TAX INVOICE']],
      [0.06, [0.2, 'KAVERI VALLEY ELECTRICALS']],
      [0.146, [0.04, 'Invoice No.'], [0.2, '996'], [0.5, 'Transportation Mode'], [0.7, 'Road']],
      [0.164, [0.04, 'Date'], [0.2, '20-DEC-2025'], [0.5, 'Vehicle Number'], [0.7, '-']],
      [0.182, [0.04, 'Reverse Charge (Y/N)'], [0.2, 'N'], [0.5, 'Date of Supply'], [0.7, '23-DEC-2025']],
    ]);
    expect(extractFields('INVOICE', page).data.invoice_date.value).toBe('20/12/2025');
  });

  it('the date of supply is still read when the invoice prints no other date', () => {
    const page = pageFromRows([
      [0.03, [0.42, 'TAX INVOICE']],
      [0.146, [0.04, 'Invoice No.'], [0.2, '996']],
      [0.182, [0.04, 'Date of Supply'], [0.2, '23-DEC-2025']],
    ]);
    expect(extractFields('INVOICE', page).data.invoice_date.value).toBe('23/12/2025');
  });
});
