/**
 * Small firms' papers carrying another type's words, on layouts of the twenty-fourth dev set
 * (test/fixtures/documents/dev24: written apart from the extractor): each general fix reduced to the few synthetic
 * rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { findAmounts } from '#core/documents/validators.ts';
import { receiptShape } from '#core/documents/types/invoice.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';

describe('amounts', () => {
  it('a date\'s day, month or year is no amount, wherever the date sits', () => {
    expect(findAmounts('Total Amount Payable by 10-MAR-2025 ₹ 6,903.00').map((a) => a.value)).toEqual([6903]);
    expect(findAmounts('Due on 12/02/2025 Rs. 982').map((a) => a.value)).toEqual([982]);
    // (a figure written with its currency mark stays an amount, and a bare year is no date)
    expect(findAmounts('Rs. 2025 paid in 2024').map((a) => a.value)).toEqual([2025, 2024]);
  });

  it('EBILL: the amount payable by a due date printed in its label is the amount, not the due date\'s year', () => {
    const bill = pageFromRows([
      [0.02, [0.05, 'Mahanadi Power Distribution Co. Ltd.'], [0.55, 'ELECTRICITY BILL CUM TAX INVOICE']],
      [0.09, [0.06, 'Consumer No.'], [0.2, '1917025243'], [0.5, 'Invoice No.'], [0.65, 'MPDCL/2025/91799376']],
      [0.11, [0.06, 'Name'], [0.2, 'Umakant Rao'], [0.5, 'Bill Date'], [0.65, '18-FEB-2025']],
      [0.13, [0.06, 'Billing Period'], [0.2, '17/01/2025 - 12/02/2025']],
      [0.49, [0.06, 'Current Bill Amount'], [0.7, '4,754.35']],
      [0.51, [0.06, 'Arrears'], [0.7, '2,149.00']],
      [0.55, [0.06, 'Total Amount Payable by 10-MAR-2025'], [0.7, '6,903.00']],
    ]);
    expect(extractFields('EBILL', bill).data.amount_due.value).toBe(6903);
  });
});

describe('GST_CERT', () => {
  const reg06 = (tradeRow: [number, ...[number, string][]]) =>
    pageFromRows([
      [0.08, [0.45, 'Form GST REG-06']],
      [0.11, [0.39, 'Registration Certificate']],
      [0.13, [0.08, 'Registration Number : 22TNZCA3726L7ZT']],
      [0.18, [0.09, '1.'], [0.12, 'Legal Name of Business'], [0.46, 'ALAKNANDA INDUSTRIES PRIVATE LIMITED']],
      tradeRow,
      [0.27, [0.12, 'Liability Date'], [0.46, '21/04/2023']],
      [0.29, [0.12, 'Period of Validity'], [0.46, 'From 21/04/2023']],
      [0.38, [0.12, 'Date of issue of Certificate'], [0.46, '29/04/2023']],
    ]);

  it('"Liability Date" is the date of liability, the registration date, never the certificate\'s issue date', () => {
    expect(extractFields('GST_CERT', reg06([0.2, [0.12, 'Trade Name, if any'], [0.46, 'ALAKNANDA INDUSTRIES']])).data.date_of_registration.value).toBe('21/04/2023');
  });

  it('a speck read as quote marks between a key and its value is no value: the next cell is', () => {
    expect(extractFields('GST_CERT', reg06([0.2, [0.09, '2.'], [0.12, 'Trade Name (if any)'], [0.37, '“.'], [0.46, 'ALAKNANDA INDUSTRIES']])).data.trade_name.value).toBe('ALAKNANDA INDUSTRIES');
  });
});

describe('BANK_STATEMENT carrying a tax invoice for its charges', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => `${String(11 + i).padStart(2, '0')}/05/2025 NEFT CR INV ${1200 + i} 1,30,715.00 ${4 + i},18,701.72`);
  const statement = (title: string) => [
    title,
    'Pennar Valley Urban Bank Ltd.',
    'Bank GSTIN: 01TEUCP761407ZX',
    'IFSC PVUB0898192',
    'Statement Period: From 11/05/2025 to 10/06/2025',
    'Opening Balance Total Credits Total Debits Closing Balance',
    'Date Description Debit Credit Balance',
    ...rows(6),
    'Tax Invoice for charges levied during the period (SAC 997113)',
    'Invoice No. Charge Taxable Value CGST 9% SGST 9% Total',
    'INV441886081 SMS alerts 195.00 17.55 17.55 230.10',
    'Total 230.10',
  ];

  it('"… Summary cum Statement" titles a statement, and a ledger\'s dated rows with balances are no till receipt', () => {
    expect(classify(modelFromLines(statement('ACCOUNT SUMMARY CUM STATEMENT'))).type).toBe('BANK_STATEMENT');
    // (the charges' tax invoice has a till's shape on its own; under a ledger of dated rows with balances it has not)
    const page = statement('NUSUMMARY CUNY STATEMENT');
    const charges = page.filter((l) => !/^\d{2}\/05\/2025/.test(l)).join('\n');
    expect(receiptShape(`${charges}\nCash Rounding 0.00\nThank you`)).toBe(true);
    expect(receiptShape(`${page.join('\n')}\nCash Rounding 0.00\nThank you`)).toBe(false);
  });
});
