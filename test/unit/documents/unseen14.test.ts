/**
 * Certificates, statements and orders on layouts of the fourteenth dev set (test/fixtures/documents/dev14:
 * written apart from the extractor, values in unusual places): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('caption rows over value rows: long "<Name|Date> of …" captions', () => {
  it('"Name of Person in charge / Nominee" beside the licensee\'s caption is a caption, not the business name', () => {
    const page = pageFromRows([
      [0.04, [0.25, 'Food Safety and Standards Authority of India']],
      [0.1, [0.27, 'LICENSE UNDER FOOD SAFETY AND STANDARDS ACT, 2006']],
      [0.141, [0.063, 'License No.'], [0.358, 'Application Ref. No.'], [0.653, 'Date of Issue']],
      [0.16, [0.064, '12124970447536'], [0.36, '37332289821435200'], [0.655, '07 Feb 2024']],
      [0.183, [0.063, 'Name of Licensee / Company'], [0.506, 'Name of Person in charge / Nominee']],
      [0.201, [0.064, 'Saurashtra Oil Mill'], [0.507, 'Chetan Murugan']],
      [0.266, [0.063, 'Category of License'], [0.358, 'Kind of Business'], [0.653, 'Valid Up To']],
      [0.284, [0.064, 'State'], [0.36, 'Wholesaler'], [0.655, '04 Feb 2029']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.business_name.value).toBe('Saurashtra Oil Mill');
  });

  it('"Date of Incorporation / Registration of Enterprise" beside "Name of Enterprise" is a caption, not the name', () => {
    const page = pageFromRows([
      [0.069, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.115, [0.074, 'Udyam Registration Number'], [0.517, 'Date of Registration']],
      [0.126, [0.074, 'UDYAM-GA-18-5475820'], [0.517, '14-09-2023']],
      [0.152, [0.074, 'Name of Enterprise'], [0.517, 'Date of Incorporation / Registration of Enterprise']],
      [0.163, [0.074, 'SATLUJ AUTO COMPONENTS'], [0.517, '07-12-2022']],
      [0.188, [0.074, 'Type of Enterprise (current)'], [0.517, 'Date of Commencement of Production / Business']],
      [0.199, [0.074, 'Micro Enterprise'], [0.517, '03-02-2023']],
    ]);
    expect(extractFields('UDYAM_CERT', page).data.enterprise_name.value).toBe('SATLUJ AUTO COMPONENTS');
  });
});

describe('SHOP_ACT: a registration number abbreviating the Act', () => {
  it('"S&E/PAN/3184/2025" is read whole, not the shop number of an address', () => {
    const page = pageFromRows([
      [0.085, [0.35, 'REGISTRATION CERTIFICATE']],
      [0.104, [0.34, '(The Goa Shops and Establishments Act, 1973)']],
      [0.136, [0.063, 'Registration No.'], [0.358, 'Date of Registration'], [0.653, 'Validity']],
      [0.155, [0.064, 'S&E/PAN/3184/2025'], [0.36, '21 Oct 2024'], [0.655, '31 Dec 2028']],
      [0.178, [0.063, 'Name of the Establishment'], [0.358, 'Nature of Business'], [0.653, 'Category']],
      [0.196, [0.064, 'Saurashtra Masala Products'], [0.36, 'Retail shop'], [0.655, 'Commercial Establishment']],
      [0.261, [0.063, 'Address of the Establishment']],
      [0.279, [0.064, 'Shop No. S-12, Altinho, Panaji, Goa - 403349']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.registration_number.value).toBe('S&E/PAN/3184/2025');
  });
});

describe('FSSAI: the premises caption\'s bracketed qualifier', () => {
  it('"(where food business is carried out)" under "Address of Authorised Premises" is caption, not address', () => {
    const page = pageFromRows([
      [0.04, [0.25, 'Food Safety and Standards Authority of India']],
      [0.1, [0.27, 'LICENSE UNDER FOOD SAFETY AND STANDARDS ACT, 2006']],
      [0.141, [0.063, 'License No.'], [0.358, 'Date of Issue']],
      [0.16, [0.064, '12124970447536'], [0.36, '07 Feb 2024']],
      [0.224, [0.063, 'Address of Authorised Premises'], [0.3, '(where food business is carried out)']],
      [0.242, [0.064, 'Plot No. 13, Ring Road, College Square, Cuttack, Odisha - 753111']],
      [0.266, [0.063, 'Valid Up To']],
      [0.284, [0.064, '04 Feb 2029']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.address.value).toBe('Plot No. 13, Ring Road, College Square, Cuttack, Odisha - 753111');
  });
});

describe('GST_CERT: a REG-06 typed over its captions', () => {
  const reg06 = (numberCaption: string, validTo: string) =>
    pageFromRows([
      [0.045, [0.385, 'Government of India']],
      [0.067, [0.431, 'Form GST REG-06']],
      [0.099, [0.36, 'Registration Certificate']],
      [0.14, [0.076, '33TOSFC7576V4ZQ']],
      [0.161, [0.072, numberCaption]],
      [0.191, [0.075, 'SELVAM SANDHU'], [0.533, '21-07-2024']],
      [0.209, [0.072, 'Legal Name'], [0.529, 'Date of Liability']],
      [0.233, [0.075, 'Chola Polymers'], [0.533, '21-07-2024']],
      [0.251, [0.071, 'Trade Name, if any'], [0.529, 'Period of Validity - From']],
      [0.275, [0.076, 'Proprietorship'], [0.533, validTo]],
      [0.293, [0.072, 'Constitution of Business'], [0.529, 'Period of Validity - To']],
      [0.318, [0.076, 'Regular'], [0.533, '23-07-2024']],
      [0.336, [0.071, 'Type of Registration'], [0.529, 'Date of issue of Certificate']],
      [0.365, [0.076, 'No. 198/29, Fairlands, Salem, Tamil Nadu - 636014']],
      [0.383, [0.071, 'Address of Principal Place of Business']],
      [0.414, [0.073, 'Particulars of Approving Authority']],
    ]);

  it('each value is the cell above its caption ("Not Applicable" fills a regular taxpayer\'s validity "To")', () => {
    for (const page of [reg06('Registration Number', 'Not Applicable'), reg06('GSTIN', '18-10-2024')]) {
      const d = extractFields('GST_CERT', page).data;
      expect(d.legal_name.value).toBe('SELVAM SANDHU');
      expect(d.trade_name.value).toBe('Chola Polymers');
      expect(d.address.value).toBe('No. 198/29, Fairlands, Salem, Tamil Nadu - 636014');
    }
  });
});

describe('PURCHASE_ORDER: references typed over bilingual captions', () => {
  const order = (dateCaption: string) =>
    pageFromRows([
      [0.028, [0.22, 'Shri Vasant Sahakari Sakhar Karkhana Ltd.']],
      [0.052, [0.3, 'At/Post: Kagal, Tal. Kagal, Dist. Sangli, Maharashtra - 416489']],
      [0.101, [0.28, 'KHAREDI ADESH / PURCHASE ORDER']],
      [0.133, [0.011, 'BOIL/062'], [0.331, 'T-47/2024-25'], [0.621, '10-05-2025'], [0.881, 'SSK/PUR/2025-25/558']],
      [0.153, [0.01, 'Mangani kr. / Indent No.'], [0.33, 'Nivida kr. / Tender No.'], [0.62, dateCaption], [0.88, 'Javak kr. / Order No.']],
      [0.179, [0.059, 'Prati, / To,']],
      [0.195, [0.08, 'M/s. Malnad Marketing']],
      [0.213, [0.08, 'Door No. 79, Annapurna Building, Palladam Road, Tiruppur']],
      [0.227, [0.079, 'Tamil Nadu - 641327']],
      [0.264, [0.057, 'Vishay / Subject: Supply of material for season 2025-26.']],
      [0.484, [0.515, 'Nivval rakkam / Net Amount'], [0.85, '2,92,883.00']],
      [0.613, [0.63, 'INWARD'], [0.7, 'No. 4795']],
      [0.636, [0.624, '11-05-2025']],
    ]);

  it('the order number and date are the cells above their captions, not the indent\'s, tender\'s or inward stamp\'s', () => {
    for (const caption of ['Dinank / Order Date', 'Dinank / Date']) {
      const d = extractFields('PURCHASE_ORDER', order(caption)).data;
      expect(d.po_number.value).toBe('SSK/PUR/2025-25/558');
      expect(d.po_date.value).toBe('10/05/2025');
    }
  });

  it('"Prati, / To," heads the supplier as "To," does', () => {
    expect(extractFields('PURCHASE_ORDER', order('Dinank / Order Date')).data.supplier_name.value).toBe('Malnad Marketing');
  });
});

describe('SHOP_ACT: "Location of the Establishment"', () => {
  it('is the establishment\'s address caption, not the employer\'s residence beside the employer', () => {
    const page = pageFromRows([
      [0.085, [0.35, 'REGISTRATION CERTIFICATE']],
      [0.105, [0.36, '(The Goa Shops and Establishments Act, 1973)']],
      [0.136, [0.064, 'Name of the Establishment'], [0.4, 'Nature of Business'], [0.7, 'Category']],
      [0.153, [0.066, 'Hiremath Auto Garage'], [0.4, 'Office'], [0.7, 'Shop']],
      [0.178, [0.064, 'Registration Number'], [0.4, 'Date of Registration'], [0.7, 'Renewal due on']],
      [0.196, [0.065, 'S&E/PAN/3184/2025'], [0.4, '23-07-2025'], [0.7, '31-12-2028']],
      [0.219, [0.064, 'Location of the Establishment']],
      [0.238, [0.065, 'Shop No. S-12, Altinho, Panaji, Goa - 403349']],
      [0.261, [0.064, 'Name of the Employer'], [0.4, "Employer's Residential Address"]],
      [0.279, [0.066, 'Nilesh Hiremath'], [0.4, 'Shop No. S-22, Bethora Industrial Estate, Ponda, Goa - 403460']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.address.value).toBe('Shop No. S-12, Altinho, Panaji, Goa - 403349');
  });
});

describe('UDYAM: a bold J read as ")" in the state code', () => {
  it('"UDYAM-G)-12-3951293" is Gujarat\'s number, read back with one repair', () => {
    const page = pageFromRows([
      [0.069, [0.29, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.113, [0.071, 'Udyam No'], [0.5, 'Date of Registration']],
      [0.124, [0.071, 'UDYAM-G)-12-3951293'], [0.5, '19 May 2022']],
    ]);
    const f = extractFields('UDYAM_CERT', page).data.udyam_number;
    expect(f.value).toBe('UDYAM-GJ-12-3951293');
  });
});

describe('BANK_STATEMENT: an account number never starts inside a code', () => {
  it('the IFSC\'s last digits glued before the number on one OCR line are not read as its head', () => {
    const page = pageFromRows([
      [0.05, [0.218, 'The Sabarmati Nagarik Sahakari Bank Ltd.']],
      [0.123, [0.339, 'Passbook Nakal / PASSBOOK PRINT']],
      [0.227, [0.523, 'Khata number / A/c No.'], [0.727, 'Grahak ID / Customer ID']],
      [0.242, [0.079, 'IFSC'], [0.4, 'ICIC0CRW484'], [0.535, '682877544256'], [0.73, '21600122']],
      [0.326, [0.076, 'Period From'], [0.3, 'Period To']],
      [0.344, [0.078, '10/11/2024'], [0.3, '11/07/2025']],
    ]);
    expect(extractFields('BANK_STATEMENT', page).data.account_number.value).not.toBe('484682877544256');
  });
});
