/**
 * Identity and registration papers on layouts of the twentieth dev set (test/fixtures/documents/dev20: written
 * apart from the extractor, papers as customers hand them over): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('SHOP_ACT: a municipal trade licence with a renewals table', () => {
  const licence = (premisesCaption: string) =>
    pageFromRows([
      [0.08, [0.3, 'NAGAR PALIKA PARISHAD, RANIKHET']],
      [0.12, [0.27, 'TRADE LICENCE']],
      [0.2, [0.066, 'Licence No.'], [0.4, '512/2018-19']],
      [0.22, [0.066, 'Name of Shop'], [0.4, 'Pindari Hardware Store']],
      [0.24, [0.066, 'Name of Proprietor'], [0.4, 'Govind Singh Negi']],
      [0.26, [0.066, premisesCaption], [0.4, 'Shop No. 4, Mall Road, Ranikhet']],
      [0.275, [0.4, 'Uttarakhand - 263645']],
      [0.295, [0.066, 'Address of Licensee'], [0.4, 'H. No. 17, Kumaon Lines, Almora']],
      [0.31, [0.4, 'Uttarakhand - 263601']],
      [0.33, [0.066, 'Nature of Trade'], [0.4, 'Hardware']],
      [0.35, [0.066, 'Date of Original Issue'], [0.4, '14/05/2018']],
      [0.394, [0.066, 'Renewals']],
      [0.417, [0.07, 'Year'], [0.184, 'Renewed from'], [0.363, 'Renewed up to'], [0.541, 'Receipt No.'], [0.684, 'Fee (Rs.)']],
      [0.436, [0.07, '2021-22'], [0.184, '01/04/2021'], [0.363, '31/03/2022'], [0.541, '20389'], [0.684, '300.00']],
      [0.456, [0.07, '2022-23'], [0.184, '01/04/2022'], [0.363, '31/03/2023'], [0.541, '75494'], [0.684, '300.00']],
      [0.475, [0.07, '2023-24'], [0.184, '01/04/2023'], [0.363, '31/03/2024'], [0.541, '13074'], [0.684, '300.00']],
    ]);

  it('the "Renewed up to" column of the renewals table: its last row is the validity, not its first', () => {
    expect(extractFields('SHOP_ACT_LICENSE', licence('Location of Trade')).data.valid_upto.value).toBe('31/03/2024');
  });

  it('"Location of Trade" / "Situation of Premises" caption the premises, never the licensee\'s address under them', () => {
    const want = 'Shop No. 4, Mall Road, Ranikhet, Uttarakhand - 263645';
    expect(extractFields('SHOP_ACT_LICENSE', licence('Location of Trade')).data.address.value).toBe(want);
    expect(extractFields('SHOP_ACT_LICENSE', licence('Situation of Premises')).data.address.value).toBe(want);
  });
});

describe('GST_CERT: a caption qualifier after "Address"', () => {
  it('"4. Address of Principal Place :" is caption: the address starts after it', () => {
    const page = pageFromRows([
      [0.05, [0.4, 'Form GST REG-06']],
      [0.088, [0.37, 'Registration Certificate']],
      [0.118, [0.066, 'Registration No. : 05AAJFB4521K1Z8']],
      [0.145, [0.066, '1. LEGAL NAME :'], [0.458, 'BHAGIRATHI TRADERS']],
      [0.164, [0.066, '2. TRADE NAME (IF ANY) :'], [0.458, 'Bhagirathi Traders']],
      [0.183, [0.066, '3. CONSTITUTION OF BUSINESS :'], [0.458, 'Partnership']],
      [0.203, [0.066, '4. ADDRESS OF PRINCIPAL PLACE :'], [0.458, 'Shop No. 7, Tilak Road, Rishikesh']],
      [0.216, [0.458, 'Uttarakhand - 249201']],
      [0.235, [0.066, '5. DATE OF LIABILITY :'], [0.458, '01/07/2017']],
    ]);
    expect(extractFields('GST_CERT', page).data.address.value).toBe('Shop No. 7, Tilak Road, Rishikesh, Uttarakhand - 249201');
  });
});

describe('PAN: a pre-2018 card photocopied and self-attested across', () => {
  it('the date alone in the card\'s third line, pen writing beside it, is the date of birth, not the attestation\'s date', () => {
    const page = pageFromRows([
      [0.187, [0.056, 'INCOME TAX DEPARTMENT'], [0.32, 'GOVT. OF INDIA']],
      [0.223, [0.061, 'TENZIN NEGI']],
      [0.24, [0.06, 'DORJE NEGI']],
      [0.256, [0.061, '18/08/1986'], [0.21, 'SELF']],
      [0.272, [0.274, 'ATTESTED']],
      [0.287, [0.301, '01-02-2024']],
      [0.297, [0.061, 'Permanent Account Number']],
      [0.309, [0.061, 'BKRPN4521Q']],
      [0.359, [0.061, 'Signature']],
    ]);
    expect(extractFields('PAN', page).data.dob.value).toBe('18/08/1986');
  });
});

describe('FSSAI: a registration copied with dotted leaders', () => {
  it('a leader read as a lone letter between the premises caption and its value is no part of the address', () => {
    const page = pageFromRows([
      [0.068, [0.2, 'Food Safety and Standards Authority of India']],
      [0.112, [0.375, 'Certificate of Registration']],
      [0.142, [0.108, 'Registration No. : 20521030423815']],
      [0.174, [0.109, 'Name of the Applicant'], [0.58, 'Kavita Bhandari']],
      [0.194, [0.109, 'Business Name'], [0.58, 'Tons Valley Foods']],
      [0.215, [0.109, 'Address of Food Business Premises'], [0.52, 'A'], [0.58, 'Plot No. 17, Temple Road']],
      [0.229, [0.58, 'Selaqui, Dehradun, Uttarakhand - 248011']],
      [0.249, [0.109, 'Kind of Business'], [0.58, 'Petty Retailer']],
      [0.269, [0.109, 'Valid From / To'], [0.58, '03-11-2021 to 02-11-2025']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.address.value).toBe('Plot No. 17, Temple Road, Selaqui, Dehradun, Uttarakhand - 248011');
  });
});

describe('SHOP_ACT: a CA letter\'s numbered list with dotted leaders', () => {
  it('a leader misread as a short word ("Silat") before the cell that starts the address\'s column is skipped', () => {
    const page = pageFromRows([
      [0.142, [0.3, 'CERTIFICATE OF REGISTRATION DETAILS']],
      [0.17, [0.064, 'This is to certify that the establishment is registered under the Shops and Establishments Act.']],
      [0.261, [0.066, '1. Registration Number'], [0.444, 'JH-SEA-DHA-2023-3556']],
      [0.28, [0.065, '2. Name of Establishment'], [0.444, 'Tawi Bamboo Products']],
      [0.301, [0.065, '3. Postal Address of the Establishment'], [0.52, 'Silat'], [0.61, 'Holding No. 280, Circular Road']],
      [0.315, [0.61, 'Dhanbad, Jharkhand - 826095']],
      [0.335, [0.065, '4. Name of Proprietor'], [0.61, 'Kuldeep Debbarma']],
      [0.41, [0.065, '5. Expiry Date'], [0.61, '06/02/2026']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.address.value).toBe('Holding No. 280, Circular Road, Dhanbad, Jharkhand - 826095');
  });
});

describe('GST_CERT: "Address of Principal Place" without "of Business"', () => {
  it('names the principal place: it comes before a generic "Address" elsewhere on the page (a letterhead\'s)', () => {
    const page = pageFromRows([
      [0.03, [0.3, 'BHATT & NEGI ASSOCIATES, CHARTERED ACCOUNTANTS']],
      [0.05, [0.2, 'Address : 21, Rajpur Road, Dehradun, Uttarakhand - 248001']],
      [0.088, [0.37, 'Registration Certificate']],
      [0.118, [0.066, 'Registration No. : 05AAJFB4521K1Z8']],
      [0.145, [0.066, 'Legal Name'], [0.458, 'BHAGIRATHI TRADERS']],
      [0.164, [0.066, 'Trade Name (if any)'], [0.458, 'Bhagirathi Traders']],
      [0.183, [0.066, 'Constitution of Business'], [0.458, 'Partnership']],
      [0.203, [0.066, 'Address of Principal Place'], [0.458, 'Shop No. 7, Tilak Road, Rishikesh']],
      [0.216, [0.458, 'Uttarakhand - 249201']],
      [0.235, [0.066, 'Date of Liability'], [0.458, '01/07/2017']],
    ]);
    expect(extractFields('GST_CERT', page).data.address.value).toBe('Shop No. 7, Tilak Road, Rishikesh, Uttarakhand - 249201');
  });
});
