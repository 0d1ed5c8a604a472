/**
 * Papers from small issuers and low-tech offices on layouts of the twenty-second dev set
 * (test/fixtures/documents/dev22: written apart from the extractor): each general fix reduced to the few synthetic
 * rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('BANK_STATEMENT: a passbook page prints no period', () => {
  const passbook = (firstDate: string) =>
    pageFromRows([
      [0.03, [0.06, 'Kaveri Urban Co-operative Bank Ltd.'], [0.89, 'Page 12']],
      [0.06, [0.06, 'S.B. A/c No. 3998 2932 1156'], [0.49, 'Name of Depositor'], [0.63, 'Girdhari Kulkarni']],
      [0.1, [0.06, 'Dt.'], [0.2, 'PARTICULARS'], [0.51, 'WITHDRAWAL'], [0.65, 'Deposits'], [0.8, 'Balance']],
      [0.146, [0.19, 'B/F'], [0.85, '59,511.01']],
      [0.176, [0.05, firstDate], [0.19, 'ATM WDL'], [0.58, '174.00'], [0.85, '59,337.01']],
      [0.206, [0.05, '12-01-2024'], [0.19, 'TO SELF'], [0.56, '15,673.00'], [0.85, '43,664.01']],
      [0.235, [0.05, '15-01-2024'], [0.19, 'UPI DR'], [0.56, '24,732.00'], [0.85, '18,932.01']],
      [0.265, [0.05, '09-04-2024'], [0.19, 'NEFT CR'], [0.7, '22,934.74'], [0.85, '41,866.75']],
      [0.294, [0.19, 'C/F'], [0.85, '41,866.75']],
      [0.33, [0.06, 'Opening Date'], [0.3, '16/02/2014'], [0.7, 'Printed on: 19-04-2024']],
    ]);

  it('the period is the first and last entry dates of the date column under the caption row', () => {
    const data = extractFields('BANK_STATEMENT', passbook('06-01-2024')).data;
    expect(data.period_from.value).toBe('06/01/2024');
    expect(data.period_to.value).toBe('09/04/2024');
  });

  it('a first entry whose date OCR garbled leaves the start unread, never the second entry\'s date', () => {
    const data = extractFields('BANK_STATEMENT', passbook('96-01-2024')).data;
    expect(data.period_from.value).toBe('');
    expect(data.period_to.value).toBe('09/04/2024');
  });
});
