/**
 * Certificates and ID cards on layouts of the sixteenth dev set (test/fixtures/documents/dev16: written
 * apart from the extractor, certificates of several states and eras): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('GST_CERT: a migrated REG-06 filled over its captions, two boxes a row', () => {
  const reg06 = () =>
    pageFromRows([
      [0.045, [0.385, 'Government of India']],
      [0.066, [0.434, 'Form GST REG-06']],
      [0.101, [0.36, 'Registration Certificate']],
      [0.154, [0.074, '33CHNFS4347W4ZM'], [0.509, 'AA3311177572587Z']],
      [0.173, [0.074, 'Registration Number'], [0.509, 'Application Reference Number (ARN)']],
      [0.191, [0.074, 'SRI LAKSHMI VENKATESWARA'], [0.509, 'Sri Lakshmi Venkateswara Traders and']],
      [0.206, [0.074, 'TRADERS AND GENERAL SUPPLIERS'], [0.509, 'General Suppliers']],
      [0.224, [0.074, 'Legal Name'], [0.509, 'Trade Name']],
      [0.242, [0.074, 'Partnership'], [0.509, '33449208956']],
      [0.262, [0.074, 'Constitution of Business'], [0.509, 'Registration under earlier law (VAT TIN)']],
      [0.279, [0.074, 'Plot No. 159, Ground Floor, Lake Road, T. Nagar, Ti'], [0.7, 'ruchirappalli, Tamil Nadu - 620829']],
      [0.298, [0.073, 'Address of Principal Place of Business']],
      [0.316, [0.074, '29-11-2017'], [0.509, '22-01-2018']],
      [0.335, [0.074, 'Date of Liability'], [0.509, 'Date of issue of Certificate']],
      [0.353, [0.074, '29-11-2017'], [0.509, 'NA']],
      [0.372, [0.074, 'Period of Validity - From'], [0.509, 'Period of Validity - To']],
    ]);

  it('a firm name wrapped in its half-width box is its lines joined by a space, up to the caption above', () => {
    const d = extractFields('GST_CERT', reg06()).data;
    expect(d.legal_name.value).toBe('SRI LAKSHMI VENKATESWARA TRADERS AND GENERAL SUPPLIERS');
    expect(d.trade_name.value).toBe('Sri Lakshmi Venkateswara Traders and General Suppliers');
  });

  it('an address over the whole box read as two cells (no caption under the second) is one address, a cut word joined', () => {
    expect(extractFields('GST_CERT', reg06()).data.address.value).toBe('Plot No. 159, Ground Floor, Lake Road, T. Nagar, Tiruchirappalli, Tamil Nadu - 620829');
  });
});

describe('SHOP_ACT: a state certificate filled over its captions', () => {
  const certificate = () =>
    pageFromRows([
      [0.038, [0.361, 'Government of Tamil Nadu']],
      [0.08, [0.338, 'CERTIFICATE OF REGISTRATION']],
      [0.134, [0.066, 'TN/CHN/SE/37042/2021'], [0.5, '19/07/2021']],
      [0.153, [0.066, 'Regn. No.'], [0.5, 'Date of Registration']],
      [0.171, [0.067, 'Kaveri Bridge Distributors']],
      [0.19, [0.066, 'Establishment Name']],
      [0.208, [0.067, 'Plot No. 83, Gupta Market, Temple Street, Thillai Nagar, Chennai, Tamil Nadu - 600003']],
      [0.226, [0.066, 'Address']],
      [0.244, [0.067, '17/07/2025'], [0.5, '18/07/2024']],
      [0.263, [0.066, 'Date of expiry of registration'], [0.5, 'Last renewal date']],
      [0.281, [0.067, 'Manjunath Reddy'], [0.5, 'Harini Pillai']],
      [0.3, [0.066, 'Name of the Employer'], [0.5, 'Name of the Manager, if any']],
      [0.318, [0.067, 'No. 28, First Floor, Lake Road, Thillai Nagar, Chennai, Tamil Nadu - 600346']],
      [0.337, [0.066, 'Address']],
    ]);

  it('number, name and the establishment\'s address are the cells above their captions (the employer\'s "Address" comes later)', () => {
    const d = extractFields('SHOP_ACT_LICENSE', certificate()).data;
    expect(d.registration_number.value).toBe('TN/CHN/SE/37042/2021');
    expect(d.establishment_name.value).toBe('Kaveri Bridge Distributors');
    expect(d.address.value).toBe('Plot No. 83, Gupta Market, Temple Street, Thillai Nagar, Chennai, Tamil Nadu - 600003');
  });
});

describe('UDYAM_CERT: a certificate migrated from Udyog Aadhaar, filled over its captions', () => {
  const certificate = () =>
    pageFromRows([
      [0.102, [0.302, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.149, [0.066, 'UDYAM-MH-25-4067431'], [0.5, 'MH19E7853384']],
      [0.168, [0.066, 'UDYAM REGISTRATION NUMBER'], [0.5, 'Udyog Aadhaar Number (UAM) - earlier']],
      [0.186, [0.066, 'GODAVARI IMPEX AND GENERAL SUPPLIERS']],
      [0.205, [0.066, 'Name of Enterprise']],
      [0.223, [0.067, '17/04/2021'], [0.5, '21/07/2018']],
      [0.241, [0.066, 'Date of Udyam Registration'], [0.5, 'Date of filing UAM']],
      [0.26, [0.066, '08/09/2012'], [0.5, '08/12/2012']],
      [0.278, [0.066, 'Date of Incorporation'], [0.5, 'Date of Commencement of Production / Business']],
      [0.296, [0.066, 'Gala No. 20, Gupta Market, Lake Road, Waluj MIDC, Aurangabad, Maharashtra - 431533']],
      [0.315, [0.066, 'Address']],
      [0.333, [0.067, 'No. 378/8, Sai Krupa Complex, Nehru Street, Hampankatta, Tumakuru, Karnataka - 572004']],
      [0.352, [0.066, 'Address (for communication)']],
      [0.368, [0.059, 'Enterprise Type'], [0.3, '(year-wise, as per the composite criteria of investment and turnover)']],
      [0.387, [0.066, 'Small'], [0.35, 'Small'], [0.63, 'Medium']],
      [0.408, [0.066, 'Financial Year 2023-24'], [0.35, 'Financial Year 2024-25'], [0.63, 'Financial Year 2025-26']],
      [0.438, [0.067, 'Manufacturing'], [0.5, '47411']],
      [0.457, [0.066, 'Major Activity'], [0.5, 'NIC Code (5 digit)']],
    ]);

  it('name, official address and the Udyam registration date are the cells above their captions', () => {
    const d = extractFields('UDYAM_CERT', certificate()).data;
    expect(d.enterprise_name.value).toBe('GODAVARI IMPEX AND GENERAL SUPPLIERS');
    expect(d.address.value).toBe('Gala No. 20, Gupta Market, Lake Road, Waluj MIDC, Aurangabad, Maharashtra - 431533');
    expect(d.date_of_registration.value).toBe('17/04/2021');
  });

  it('one box per year: the type over the latest year\'s caption, the label read beside its bracketed note', () => {
    expect(extractFields('UDYAM_CERT', certificate()).data.enterprise_type.value).toBe('MEDIUM');
  });
});

describe('FSSAI: section bands over rows captioned only "Address"', () => {
  it('the band "Premises where food business is carried out" heads its own "Address", not the correspondence band above it', () => {
    const page = pageFromRows([
      [0.046, [0.255, 'Food Safety and Standards Authority of India']],
      [0.092, [0.334, 'REGISTRATION CERTIFICATE']],
      [0.148, [0.071, 'Reg. No.'], [0.39, '20723266474167']],
      [0.172, [0.071, 'Name of Food Business Operator'], [0.39, 'Kunal Natarajan']],
      [0.196, [0.071, 'Name of the Company / Firm'], [0.39, 'Shyambazar Biryani House']],
      [0.22, [0.071, 'Address for Correspondence']],
      [0.236, [0.07, 'Address'], [0.39, 'Khasra No. 361, Om Shanti Apartment, G.T. Road, Shahdara, Delhi']],
      [0.253, [0.39, 'Delhi - 110695']],
      [0.274, [0.072, 'Premises where food business is carried out']],
      [0.29, [0.07, 'Address'], [0.39, 'Plot No. 49, Laxmi Towers, G.T. Road, Rohini Sector 11, Delhi']],
      [0.307, [0.39, 'Delhi - 110200']],
      [0.33, [0.071, 'Kind of Business'], [0.39, 'Retailer']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.address.value).toBe('Plot No. 49, Laxmi Towers, G.T. Road, Rohini Sector 11, Delhi, Delhi - 110200');
  });
});

describe('FSSAI: a licence grid, two caption | value pairs a row', () => {
  it('a company name wrapped in its narrow value cell is its lines joined (the nominee\'s caption beside it is another pair)', () => {
    const page = pageFromRows([
      [0.032, [0.255, 'Food Safety and Standards Authority of India']],
      [0.092, [0.166, 'LICENSE UNDER FOOD SAFETY AND STANDARDS ACT, 2006 (STATE LICENSE)']],
      [0.128, [0.056, 'FSSAI License No.'], [0.3, '12720648523208'], [0.506, 'Application No.'], [0.679, '33316158663664792']],
      [0.151, [0.056, 'Company / Firm Name'], [0.3, 'SRI KAVERI'], [0.506, 'Name of Nominee'], [0.679, 'Chaitra Reddy']],
      [0.17, [0.3, 'FILTER COFFEE WORKS']],
      [0.189, [0.3, 'PRIVATE LIMITED']],
      [0.211, [0.056, 'Valid Up To'], [0.3, '21-07-2025'], [0.506, 'Date of Issue'], [0.679, '22-07-2020']],
      [0.233, [0.056, 'Kind of Business'], [0.3, 'Manufacturer'], [0.506, 'Category'], [0.679, 'State']],
      [0.256, [0.056, 'Premises Address'], [0.3, 'Gala No. 26, First Floor, Link Road, Wagle Estate, Aurangabad, Maharashtra - 431227']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.business_name.value).toBe('SRI KAVERI FILTER COFFEE WORKS PRIVATE LIMITED');
  });
});

describe('AADHAAR: a letter whose note names the word "address"', () => {
  it('the care-of block with its PIN, not the note "Address printed in the regional language …" (no PIN)', () => {
    const page = pageFromRows([
      [0.032, [0.136, 'Unique Identification Authority of India']],
      [0.046, [0.137, 'Government of India']],
      [0.091, [0.066, 'Enrolment No.: 5387/54059/85654 Date: 20/06/2014 17:07:31']],
      [0.114, [0.064, 'To,']],
      [0.13, [0.066, 'Shantanu Sarkar']],
      [0.148, [0.065, 'S/O: Palanisamy Sarkar']],
      [0.164, [0.066, 'B-149, Venkateswara Nilayam, Nehru Street']],
      [0.179, [0.066, 'Karol Bagh, Delhi, Delhi - 110483']],
      [0.285, [0.066, 'Mobile: 79XXXXX577']],
      [0.304, [0.306, 'Your Aadhaar No. :']],
      [0.327, [0.315, '6999 6418 9512']],
      [0.408, [0.064, 'Aadhaar is a proof of identity, not of citizenship. Verify identity using secure QR code or online authentication. Keep your mobile']],
      [0.422, [0.065, 'number and address updated in Aadhaar. Address printed in the regional language is a transliteration of the English address.']],
      [0.482, [0.294, 'Government of India']],
      [0.541, [0.387, 'Shantanu Sarkar']],
      [0.565, [0.387, 'DOB: 23-07-2002']],
    ]);
    expect(extractFields('AADHAAR', page).data.address.value).toBe('B-149, Venkateswara Nilayam, Nehru Street, Karol Bagh, Delhi, Delhi - 110483');
  });
});
