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

describe('PAN: a long name and father\'s name each wrapped over two lines on the old card', () => {
  it('four name lines between the heading and the date are two names of two lines each', () => {
    const page = pageFromRows([
      [0.1, [0.11, 'INCOME TAX DEPARTMENT'], [0.66, 'GOVT. OF INDIA']],
      [0.151, [0.117, 'LAKSHMI NARASIMHA']],
      [0.171, [0.117, 'SWAMY GOLLAPUDI']],
      [0.199, [0.117, 'SIVA RAMA KRISHNA']],
      [0.219, [0.117, 'PRASAD GOLLAPUDI']],
      [0.247, [0.117, '27-01-1962']],
      [0.327, [0.117, 'Permanent Account Number']],
      [0.343, [0.117, 'BXWPG1945K']],
    ]);
    const d = extractFields('PAN', page).data;
    expect(d.name_as_per_pan.value).toBe('LAKSHMI NARASIMHA SWAMY GOLLAPUDI');
    expect(d.father_name.value).toBe('SIVA RAMA KRISHNA PRASAD GOLLAPUDI');
  });
});

describe('EBILL: the amount payable by the due date, boxed beside the charges', () => {
  const bill = (caption: string, figure: [number, string]) =>
    pageFromRows([
      [0.02, [0.04, 'MALNAD ELECTRICITY SUPPLY COMPANY LTD.']],
      [0.09, [0.34, 'ELECTRICITY BILL']],
      [0.136, [0.04, 'Consumer Number'], [0.5, 'Bill No.']],
      [0.155, [0.04, 'TR1715750949'], [0.5, '913665886875']],
      [0.386, [0.04, 'Energy Charges'], [0.407, '1,974.15'], [0.536, caption]],
      [0.406, [0.04, 'Fixed Charges'], [0.423, '120.00']],
      [0.427, [0.04, 'Electricity Duty'], [0.423, '118.45'], figure],
      [0.467, [0.04, 'Current Bill Amount'], [0.407, '2,237.60']],
      [0.477, [0.536, 'Amount payable after due date']],
      [0.487, [0.04, 'Arrears'], [0.439, '0.00'], [0.857, '2,303.00']],
    ]);

  it('"Payable on or before due date" over a figure right-aligned in its box, not the current bill amount', () => {
    expect(extractFields('EBILL', bill('Payable on or before due date', [0.8, '2,238.00'])).data.amount_due.value).toBe(2238);
    // (a space read after the thousands comma)
    expect(extractFields('EBILL', bill('Payable on or before due date', [0.8, '2, 238.00'])).data.amount_due.value).toBe(2238);
  });

  it('"Amount payable before due date" over the box\'s figure starting inside the caption\'s width', () => {
    expect(extractFields('EBILL', bill('Amount payable before due date', [0.74, 'INR 2715.00'])).data.amount_due.value).toBe(2715);
  });
});
