/**
 * Papers from small issuers and low-tech offices on layouts of the twenty-second dev set
 * (test/fixtures/documents/dev22: written apart from the extractor): each general fix reduced to the few synthetic
 * rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
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
    // inferred from the entries, not printed: reviewed, like a value found by its shape alone
    expect(data.period_from.confidence_score).toBeLessThanOrEqual(0.7);
    expect(data.period_to.confidence_score).toBeLessThanOrEqual(0.7);
  });

  it('a first entry whose date OCR garbled leaves the start unread, never the second entry\'s date', () => {
    const data = extractFields('BANK_STATEMENT', passbook('96-01-2024')).data;
    expect(data.period_from.value).toBe('');
    expect(data.period_to.value).toBe('09/04/2024');
  });
});

describe('FSSAI: a panchayat\'s hand-filled Form C', () => {
  it('"Name of Establishment / Shop" names the business, never the FBO above it', () => {
    const page = pageFromRows([
      [0.06, [0.46, 'FORM C']],
      [0.1, [0.35, 'REGISTRATION CERTIFICATE']],
      [0.15, [0.08, 'Registration No.'], [0.21, '20924098477048']],
      [0.18, [0.08, 'Name of FBO Ritu Rao']],
      [0.21, [0.08, 'Name of Establishment / Shop'], [0.34, 'GOMTI RICE & DAL MILL']],
      [0.24, [0.08, 'Address of the premises'], [0.34, '55/1, Patil Complex, Temple Street, Bahraich - 271909']],
      [0.3, [0.08, 'Kind of Business Tea stall']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.business_name.value).toBe('GOMTI RICE & DAL MILL');
  });
});

describe('an address hand-written over two dotted lines of a form', () => {
  const form = (type: 'SHOP_ACT_LICENSE' | 'FSSAI_CERTIFICATE', caption: string) =>
    extractFields(
      type,
      pageFromRows([
        [0.05, [0.36, type === 'FSSAI_CERTIFICATE' ? 'FORM C REGISTRATION CERTIFICATE' : 'TRADE LICENCE']],
        [0.15, [0.07, 'Licence No.'], [0.3, 'NP/461/2023-24']],
        [0.25, [0.07, 'Name of Shop / Firm'], [0.3, 'Aravalli Cloth Centre']],
        [0.28, [0.07, 'Type of Business'], [0.3, 'Electrical goods']],
        [0.313, [0.07, caption], [0.3, 'Plot No. 27, Laxmi Bhavan, Gandhi Chowk']],
        [0.336, [0.09, 'Darbhanga, Dist. Darbhanga - 846459']],
        [0.373, [0.07, 'Ward No. 10 House Tax Assessment No. 675']],
      ]),
    ).data.address.value;

  it('the second line, running from the margin under the caption, ends the address with its PIN', () => {
    const want = 'Plot No. 27, Laxmi Bhavan, Gandhi Chowk, Darbhanga, Dist. Darbhanga - 846459';
    expect(form('SHOP_ACT_LICENSE', 'Location of Trade')).toBe(want);
    expect(form('FSSAI_CERTIFICATE', 'Address of the premises')).toBe(want);
  });
});

describe('SHOP_ACT: a panchayat trade licence', () => {
  it('"Name of Shop / Firm" names the establishment, never the licensee the licence is granted to', () => {
    const page = pageFromRows([
      [0.05, [0.36, 'TOWN PANCHAYAT RANOLI']],
      [0.12, [0.27, 'VYAPAR ANUGYA PATRA (TRADE LICENCE)']],
      [0.15, [0.07, 'Licence No.'], [0.3, 'NP/461/2023-24'], [0.6, 'Book No. 25 Page No. 58']],
      [0.19, [0.07, 'Licence is hereby granted to'], [0.3, 'Sri Tapan Kulkarni']],
      [0.22, [0.07, 'Father / Husband'], [0.3, 'Ramesh Chandra Kulkarni']],
      [0.255, [0.07, 'Name of Shop / Firm Aravalli Cloth Centre']],
      [0.28, [0.07, 'Type of Business'], [0.3, 'Electrical goods']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.establishment_name.value).toBe('Aravalli Cloth Centre');
  });
});

describe('SHOP_ACT: a date hand-written above the dotted line', () => {
  it('the date half a line above its caption\'s line, right of it, is the validity', () => {
    const page = pageFromRows([
      [0.09, [0.24, 'REGISTRATION CERTIFICATE OF ESTABLISHMENT']],
      [0.154, [0.07, 'Registration Number'], [0.3, 'SE/MH/C-26/9732']],
      [0.183, [0.07, 'Name of the Establishment'], [0.3, 'Krishnai Cloth Centre']],
      [0.39, [0.07, 'Business Commenced on 22/01/2019']],
      [0.442, [0.25, '31/12/2022']],
      [0.453, [0.07, 'Date of Expiry']],
      [0.533, [0.07, 'Fee Rs. 1000/- received vide Challan No. 23676 dt. 13/02/2020']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.valid_upto.value).toBe('31/12/2022');
  });
});

describe('FSSAI: a registration whose captions a GST certificate shares', () => {
  it('"Regn. No." before the 14 digits and the "FBO" outweigh "Registration Certificate" and "Trade Name"', () => {
    const page = pageFromRows([
      [0.085, [0.25, 'Food Safety and Standards Authority of India']],
      [0.136, [0.37, 'Registration Certificate']],
      [0.184, [0.11, 'Regn. No.'], [0.3, '© 22724909430498']],
      [0.212, [0.11, 'FBO Name'], [0.3, 'Shivappa Mondal']],
      [0.24, [0.11, 'Trade Name'], [0.3, 'Bagmati Sweets & Namkeen']],
      [0.268, [0.11, 'Nature of Business'], [0.3, 'Petty Retailer']],
      [0.296, [0.11, 'Place of Business'], [0.3, '90/37, Patil Complex, Market Yard, Latur - 413947']],
      [0.37, [0.11, 'Valid upto'], [0.3, '08 Mar 2025']],
    ]);
    expect(classify(page).type).toBe('FSSAI_CERTIFICATE');
  });
});

describe('PURCHASE_ORDER: a printed order book filled in by hand', () => {
  const book = (line: string) =>
    pageFromRows([
      [0.045, [0.31, 'NILA PRINTING PRESS']],
      [0.089, [0.31, '95/2, Laxmi Bhavan, Kachahari Road, Erode, Tamil Nadu - 638001']],
      [0.13, [0.4, 'PURCHASE ORDER'], [0.8, 'DUPLICATE']],
      [0.157, [0.07, 'P.O. No. 5939'], [0.6, 'Date 26/09/2024']],
      [0.19, [0.07, line]],
      [0.215, [0.09, 'Station Road, Gorakhpur, Uttar Pradesh - 273705']],
      [0.243, [0.07, 'Please supply the following goods as per terms noted below :']],
      [0.269, [0.08, 'S.No.'], [0.2, 'Particulars'], [0.5, 'Qty'], [0.6, 'Rate'], [0.75, 'Amount']],
      [0.293, [0.09, '1'], [0.2, 'PVC Pipe 4 inch'], [0.5, '85 Kg'], [0.6, '1018'], [0.75, '86530']],
      [0.607, [0.54, 'TOTAL Rs.'], [0.75, '288487/-']],
    ]);

  it('the printed "Messrs." / "M/s." opening a line is the supplier\'s caption', () => {
    expect(extractFields('PURCHASE_ORDER', book('Messrs. Krishnai Papad Gruh Udyog')).data.supplier_name.value).toBe('Krishnai Papad Gruh Udyog');
    expect(extractFields('PURCHASE_ORDER', book('M/s. Krishnai Papad Gruh Udyog')).data.supplier_name.value).toBe('Krishnai Papad Gruh Udyog');
  });

  it('a dotted leader\'s dot glued between hand-written words is a space', () => {
    expect(extractFields('PURCHASE_ORDER', book('Messrs. Krishnai.Papad.Gruh Udyog')).data.supplier_name.value).toBe('Krishnai Papad Gruh Udyog');
  });
});

describe('BANK_STATEMENT: a hand-filled passbook head', () => {
  it('"A/c No." read with its slash and space lost ("AcNo.") is still the account number\'s caption', () => {
    const page = pageFromRows([
      [0.03, [0.06, 'Kaveri Urban Co-operative Bank Ltd.'], [0.89, 'Page 12']],
      [0.057, [0.06, '5B. AcNo. 3998 2932 1156'], [0.49, 'Name of Depositor'], [0.63, 'Girdhari Kulkarni']],
      [0.103, [0.06, 'Dt.'], [0.2, 'PARTICULARS'], [0.51, 'WITHDRAWAL'], [0.65, 'Deposits'], [0.8, 'Balance']],
      [0.176, [0.05, '06-01-2024'], [0.19, 'ATM WDL'], [0.58, '174.00'], [0.85, '59,337.01']],
      [0.82, [0.07, 'IFSC kucb0079676']],
    ]);
    expect(extractFields('BANK_STATEMENT', page).data.account_number.value).toBe('399829321156');
  });
});

describe('BANK_STATEMENT: a statement of account prints its period', () => {
  it('its entries\' dates are never taken for a period OCR did not read', () => {
    const page = pageFromRows([
      [0.04, [0.26, 'SHRI VARDHAMAN URBAN CO-OPERATIVE BANK LTD.']],
      [0.15, [0.08, 'A/C NO.'], [0.2, '79117024375082']],
      [0.256, [0.08, 'DATE'], [0.19, 'PARTICULARS'], [0.62, 'WITHDRAWAL'], [0.75, 'DEPOSIT'], [0.86, 'BALANCE']],
      [0.283, [0.19, 'OPENING BALANCE'], [0.86, '90,729.88']],
      [0.298, [0.08, '13/10/25'], [0.19, 'CHQ PAID-943031'], [0.62, '16,646.20'], [0.86, '74,083.68']],
      [0.314, [0.08, '16/10/25'], [0.19, 'SMS CHGS'], [0.62, '20,698.00'], [0.86, '94,781.68']],
      [0.33, [0.08, '28/12/25'], [0.19, 'UPI/864643814654'], [0.62, '6,249.00'], [0.86, '32,714.56']],
      [0.564, [0.19, 'CLOSING BALANCE'], [0.86, '32,714.56']],
      [0.948, [0.08, '** END OF STATEMENT **']],
    ]);
    const data = extractFields('BANK_STATEMENT', page).data;
    expect(data.period_from.value).toBe('');
    expect(data.period_to.value).toBe('');
  });
});
