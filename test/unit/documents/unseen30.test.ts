/**
 * Invoices, statements and certificates on layouts of the thirtieth and thirty-first dev sets
 * (test/fixtures/documents/dev30, dev31: written apart from the extractor): each general fix reduced to the few lines
 * that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { pageFromRows } from './rows.ts';

describe('FSSAI_CERTIFICATE', () => {
  const licence = () =>
    pageFromRows([
      [0.05, [0.3, 'Food Safety and Standards Authority of India']],
      [0.09, [0.45, 'CENTRAL LICENSE']],
      [0.146, [0.07, 'Central Licence No. :'], [0.4, '1 10 25 563260268']],
      [0.2, [0.07, 'Name of the Business / Brand'], [0.5, 'MALABAR SPICES & CONDIMENTS']],
      [0.22, [0.07, 'Validity of Licence'], [0.5, 'From 09/12/2025 to 08/12/2028']],
      [0.3, [0.07, 'Details of other premises of the FBO (separately licensed / registered) - for information only']],
      [0.349, [0.07, 'Unit'], [0.3, 'Address'], [0.6, 'Licence / Regn. No.'], [0.85, 'Valid upto']],
      [0.371, [0.07, 'Retail Counter'], [0.3, '69-V, Main Road, Dhanbad'], [0.6, '12023854613884'], [0.85, '16/07/2026']],
      // (an address wrapped in its cell: the table's rows no longer align one under the other)
      [0.387, [0.3, 'Jharkhand - 826225']],
      [0.399, [0.07, 'Depot'], [0.3, 'Shop No. 76, Tiruppur'], [0.6, '13321255113147'], [0.85, '03/03/2022']],
    ]);

  it("a central licence's own number, printed spaced, not another premises' in the table under it", () => {
    expect(extractFields('FSSAI_CERTIFICATE', licence()).data.license_number.value).toBe('11025563260268');
  });

  it("the validity's end is the licence's own period's, never a date in a column of a table of many rows", () => {
    expect(extractFields('FSSAI_CERTIFICATE', licence()).data.valid_upto.value).toBe('08/12/2028');
  });
});

describe('SHOP_ACT_LICENSE validity', () => {
  it('a period under its caption (a bilingual form: the same period in the local words beside it) ends at its second date', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'CERTIFICATE OF REGISTRATION']],
      [0.544, [0.06, 'Vaidhta Avadhi'], [0.52, 'Period of Validity']],
      [0.562, [0.06, '22.12.2023 se 21.12.2028 tak'], [0.52, '22.12.2023 to 21.12.2028']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.valid_upto.value).toBe('21/12/2028');
  });

  it('a validity that runs "from" a date never ends at its start ("ONE YEAR FROM 27/03/2022": a year on, as its "upto" line says)', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'CERTIFICATE OF REGISTRATION']],
      [0.406, [0.1, 'VALIDITY :'], [0.36, 'ONE YEAR FROM 27/03/2022']],
      [0.425, [0.36, 'I.E. UPTO 26/03/2023']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.valid_upto.value).toBe('26/03/2023');
  });
});

describe('INVOICE', () => {
  it("a reference's caption beside the party's heading is no one's name; the name is under the heading", () => {
    expect(plausible('customer_name', 'Challan No.')).toBe('fail');
    expect(plausible('customer_name', 'L.R. No. 11660')).toBe('fail');
    expect(plausible('customer_name', 'Partha Sarathi Khiangte')).toBe('pass');
    const page = pageFromRows([
      [0.04, [0.26, 'KANCHENJUNGA TEXTILES']],
      [0.125, [0.43, 'TAX INVOICE']],
      [0.156, [0.06, 'Details of Receiver / Billed to'], [0.56, 'Challan No.'], [0.7, '432']],
      [0.173, [0.06, 'Partha Sarathi Khiangte']],
      [0.19, [0.06, 'No. 35, College Road, Bawngkawn, Aizawl, Mizoram - 796979']],
    ]);
    const d = extractFields('INVOICE', page).data;
    expect(d.customer_name.value).toBe('Partha Sarathi Khiangte');
    expect(d.customer_address.value).toBe('No. 35, College Road, Bawngkawn, Aizawl, Mizoram - 796979');
  });

  it("an address past its last line takes the PIN printed alone under the state", () => {
    const page = pageFromRows([
      [0.04, [0.27, 'Tlawng Fertilisers & Seeds']],
      [0.156, [0.41, 'TAX INVOICE / CASH BILL']],
      [0.231, [0.07, 'Customer:'], [0.22, 'Omprakash Sen'], [0.6, 'Mobile: +91-7757691502']],
      [0.262, [0.07, 'Address:'], [0.22, 'H. No. 26, Opp. Govt. Hospital']],
      [0.279, [0.22, 'Mandawa Village']],
      [0.296, [0.22, 'Paschim Bardhaman District']],
      [0.313, [0.22, 'Durgapur']],
      [0.33, [0.22, 'West Bengal']],
      [0.347, [0.22, '713126']],
    ]);
    expect(extractFields('INVOICE', page).data.customer_address.value).toBe('H. No. 26, Opp. Govt. Hospital, Mandawa Village, Paschim Bardhaman District, Durgapur, West Bengal, 713126');
  });
});

describe('BANK_STATEMENT', () => {
  const statement = (period: string) =>
    pageFromRows([
      [0.03, [0.15, 'Marusthali Gramin Bank']],
      [0.1, [0.32, 'PENSION ACCOUNT STATEMENT']],
      [0.122, [0.34, period]],
      [0.151, [0.06, 'Account Holder'], [0.55, 'Account No.'], [0.75, '38487788494']],
      [0.17, [0.06, 'Sharmistha Pat']],
    ]);

  it('a period named by its month or its months gives their first and last days', () => {
    const month = extractFields('BANK_STATEMENT', statement('Statement for the month of February 2025')).data;
    expect([month.period_from.value, month.period_to.value]).toEqual(['01/02/2025', '28/02/2025']);
    const quarter = extractFields('BANK_STATEMENT', statement('Statement for the quarter April - June 2025')).data;
    expect([quarter.period_from.value, quarter.period_to.value]).toEqual(['01/04/2025', '30/06/2025']);
  });
});
