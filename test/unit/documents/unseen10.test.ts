/**
 * Certificates and identity documents on layouts of the tenth dev set (test/fixtures/documents/dev10:
 * written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('FSSAI: captions above their values', () => {
  const registration = (businessCaption: string, addressCaption: string) =>
    pageFromRows([
      [0.04, [0.28, 'REGISTRATION CERTIFICATE']],
      [0.14, [0.3, 'Registration Number']],
      [0.16, [0.3, '22125348713384']],
      [0.21, [0.28, 'Name of Petty FBO / Proprietor']],
      [0.23, [0.28, 'Kumari Swapna Chary']],
      [0.25, [0.28, businessCaption]],
      [0.27, [0.28, 'Jay Jagannath Milk Point']],
      [0.29, [0.28, addressCaption]],
      [0.31, [0.28, 'Plot No. 361, At Telkoi, Po Kotpad, Tehsil Balipatna, Dist Cuttack']],
      [0.33, [0.28, 'Odisha - 753392']],
      [0.36, [0.28, 'Kind of Business']],
      [0.38, [0.28, 'Dairy Products']],
    ]);

  it('"Address of Food Business" is the premises\' whole caption: none of it is read into the address', () => {
    expect(extractFields('FSSAI_CERTIFICATE', registration('Business Name', 'Address of Food Business')).data.address.value).toBe(
      'Plot No. 361, At Telkoi, Po Kotpad, Tehsil Balipatna, Dist Cuttack, Odisha - 753392',
    );
  });

  it('"Name of the Licensee / Company": the name after the slash is the same party, the name is under the caption', () => {
    expect(extractFields('FSSAI_CERTIFICATE', registration('NAME OF THE LICENSEE / COMPANY', 'Address of Food Business')).data.business_name.value).toBe('Jay Jagannath Milk Point');
  });
});

describe('SHOP_ACT: two columns of captions, each over an address of several lines', () => {
  const certificate = (numberCaption: string, addressCaption: string) =>
    pageFromRows([
      [0.1, [0.3, 'REGISTRATION CERTIFICATE']],
      [0.25, [0.08, numberCaption], [0.62, 'Name of the Establishment']],
      [0.27, [0.08, 'SEA/NZB/ALO/19/1406717/2022'], [0.62, 'Golconda Enterprises']],
      [0.3, [0.08, addressCaption], [0.62, 'Residential Address of the Employer']],
      [0.32, [0.08, 'H.No. 11-5-138/12/B, Raj Towers'], [0.62, 'H.No. 15-8-194/37/A, Anand Bhawan']],
      [0.34, [0.08, 'Pragathi Nagar, Nizamabad'], [0.62, 'Station Road, Subedari, Warangal']],
      [0.36, [0.08, 'Telangana - 503644'], [0.62, 'Telangana - 506602']],
      [0.4, [0.08, 'Name of the Employer'], [0.62, 'Name of the Manager']],
      [0.42, [0.08, 'Mamta Dhillon'], [0.62, 'Ketan Grewal']],
    ]);
  const want = 'H.No. 11-5-138/12/B, Raj Towers, Pragathi Nagar, Nizamabad, Telangana - 503644';

  it('the establishment\'s address is the block under its caption, never the employer\'s caption or block beside it', () => {
    expect(extractFields('SHOP_ACT_LICENSE', certificate('Registration No.', 'Postal Address of the Establishment')).data.address.value).toBe(want);
    // a prefix before the label ("Door No. &") still leaves the label ending the caption
    expect(extractFields('SHOP_ACT_LICENSE', certificate('Registration No.', 'Door No. & Address of the Establishment')).data.address.value).toBe(want);
  });

  it('captions read with an OCR slip ("Addrass", "Registration Na.") are still their labels', () => {
    const d = extractFields('SHOP_ACT_LICENSE', certificate('Registration Na.', 'Door No. & Addrass of the Establishment')).data;
    expect(d.address.value).toBe(want);
    expect(d.registration_number.value).toBe('SEA/NZB/ALO/19/1406717/2022');
  });
});

describe('UDYAM: a caption grid with keys wrapped over two lines', () => {
  it('the date beside "DATE OF UDYAM" / "REGISTRATION", not the one beside "DATE OF UAM" / "REGISTRATION"', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.133, [0.057, 'UDYAM REGISTRATION'], [0.237, 'UDYAM-HR-30-0608236']],
      [0.161, [0.057, 'NAME OF ENTERPRISE'], [0.237, 'GIRNAR FABRICATORS']],
      [0.256, [0.057, 'DATE OF UAM'], [0.237, '17 Jan 2016'], [0.507, 'DATE OF INCORPORATION'], [0.687, '24 Nov 2014']],
      [0.272, [0.057, 'REGISTRATION']],
      [0.341, [0.057, 'DATE OF UDYAM'], [0.237, '11 Dec 2022']],
      [0.357, [0.057, 'REGISTRATION']],
    ]);
    expect(extractFields('UDYAM_CERT', page).data.date_of_registration.value).toBe('11/12/2022');
  });
});

describe('AADHAAR: the labelled VTC address of an e-Aadhaar', () => {
  it('"PIN Code: 753551" on a line of its own ends the address (a postal part, not a new field)', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'Government of India']],
      [0.58, [0.1, 'Address:']],
      [0.6, [0.1, 'D/O: Bhupinder Vaghela,']],
      [0.62, [0.1, 'Ward No 10, School Chhak, VTC: Nuagaon, PO: Baramunda']],
      [0.64, [0.1, 'Sub District: Tangi, District: Cuttack, State: Odisha']],
      [0.66, [0.1, 'PIN Code: 753551']],
      [0.75, [0.3, '3124 1589 0244']],
    ]);
    expect(extractFields('AADHAAR', page).data.address.value).toBe(
      'Ward No 10, School Chhak, VTC: Nuagaon, PO: Baramunda, Sub District: Tangi, District: Cuttack, State: Odisha, PIN Code: 753551',
    );
  });
});

describe('GST_CERT: the portal\'s search by PAN lists the PAN\'s GSTINs in several states', () => {
  it('the GSTIN is the one the result\'s key names ("Search Result based on GSTIN/UIN :"), not the first of the list', () => {
    const page = pageFromRows([
      [0.1, [0.04, 'Search Taxpayer']],
      [0.3, [0.04, 'Search Result based on PAN : KXVPT1899M']],
      [0.316, [0.05, 'S.No.'], [0.13, 'GSTIN/UIN'], [0.44, 'GSTIN/UIN Status'], [0.72, 'State']],
      [0.332, [0.05, '1'], [0.13, '06KXVPT1899M4ZT'], [0.44, 'Cancelled'], [0.72, 'Haryana']],
      [0.348, [0.05, '2'], [0.13, '36KXVPT1899M6ZO'], [0.44, 'Active'], [0.72, 'Telangana']],
      [0.38, [0.04, 'Search Result based on GSTIN/UIN :']],
      [0.396, [0.04, '36KXVPT1899M6ZO']],
      [0.42, [0.04, 'Legal Name of Business']],
      [0.436, [0.04, 'HARJIT TRIVEDI']],
    ]);
    expect(extractFields('GST_CERT', page).data.gstin.value).toBe('36KXVPT1899M6ZO');
  });
});

describe('PAN: an old typed card and a selfie with the card', () => {
  const typed = (dob: string) =>
    pageFromRows([
      [0.12, [0.16, 'INCOME-TAX DEPARTMENT'], [0.6, 'GOVT. OF INDIA']],
      [0.17, [0.16, 'PERMANENT ACCOUNT NUMBER']],
      [0.19, [0.16, 'SEZPH8558V']],
      [0.23, [0.16, 'NAME'], [0.3, 'TAPAN HOODA']],
      [0.26, [0.16, "FATHER'S NAME"], [0.3, 'PRANAB HOODA']],
      [0.29, [0.16, 'DATE OF BIRTH'], [0.3, dob]],
      [0.32, [0.16, 'ISSUE DATE'], [0.3, '20/08/1999']],
    ]);

  it('a month read with a look-alike first digit ("14/62/1946") is repaired beside its label, not replaced by the issue date under it', () => {
    const d = extractFields('PAN', typed('14/62/1946')).data.dob;
    expect(d.value).toBe('14/02/1946');
    expect(d.confidence_score).toBeLessThanOrEqual(0.7);
  });

  it('a date of birth that stays unread leaves another label\'s date (the issue date) at low confidence', () => {
    const page = pageFromRows([
      [0.12, [0.16, 'INCOME-TAX DEPARTMENT'], [0.6, 'GOVT. OF INDIA']],
      [0.19, [0.16, 'SEZPH8558V']],
      [0.23, [0.16, 'NAME'], [0.3, 'TAPAN HOODA']],
      [0.29, [0.16, 'ISSUE DATE'], [0.3, '20/08/1999']],
      [0.4, [0.16, 'DATE OF BIRTH'], [0.3, 'l4/b2/l9']],
    ]);
    expect(extractFields('PAN', page).data.dob.confidence_score).toBeLessThanOrEqual(0.3);
  });

  it('names with specks read beside them (a thumb, glare), the father\'s caption unreadable: the second name is the father', () => {
    const page = pageFromRows([
      [0.58, [0.4, 'INCOME TAX DEPARTMENT'], [0.75, 'GOVT. OF INDIA']],
      [0.63, [0.43, 'XGGPP6220B']],
      [0.65, [0.43, 'Lod'], [0.54, 'Naam / Name']],
      [0.67, [0.46, '“|'], [0.54, 'JIGNESH PANDA']],
      [0.69, [0.41, '€'], [0.54, 'thes Nam']],
      [0.71, [0.41, '©'], [0.54, 'KETAN PANDA']],
      [0.74, [0.4, 'WA 16/03/1985']],
    ]);
    expect(extractFields('PAN', page).data.father_name.value).toBe('KETAN PANDA');
  });
});

describe('Addresses: a roman numeral read with look-alikes', () => {
  it('"Phase Il" is "Phase II" (no word is made of I, l and bars)', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'FORM A - REGISTRATION CERTIFICATE']],
      [0.2, [0.1, 'Registration No. :'], [0.4, 'HR/HSR/2023/4512']],
      [0.23, [0.1, 'Name of the Establishment :'], [0.4, 'Aggarwal Traders']],
      [0.26, [0.1, 'Address of the Establishment :'], [0.4, 'Plot No. 82, First Floor, Urban Estate Phase Il']],
      [0.28, [0.4, 'Hisar, Haryana - 125059']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', page).data.address.value).toBe('Plot No. 82, First Floor, Urban Estate Phase II, Hisar, Haryana - 125059');
  });
});

describe('FSSAI: a blurred registration whose captions OCR lost', () => {
  const page = pageFromRows([
    [0.04, [0.28, 'Government of Odisha']],
    [0.09, [0.28, 'REGISTRATION CERTIFICATE']],
    [0.15, [0.3, '22125348713384']],
    [0.22, [0.28, 'Kumari Swapna Chary']],
    [0.26, [0.28, 'Jay Jagannath Milk Point']],
    [0.3, [0.28, 'Plot No. 361, At Telkoi, Po Kotpad, Dist Cuttack']],
    [0.316, [0.28, 'Odisha - 753392']],
    [0.34, [0.28, 'Dairy Products (Paneer, Khoa, Ghee)']],
    [0.41, [0.28, '18-JUN-2024']],
    [0.47, [0.28, '17-JUN-2026']],
    [0.7, [0.72, 'Date : 18-JUN-2024']],
    [0.9, [0.06, '1800 112 100']],
  ]);
  const d = extractFields('FSSAI_CERTIFICATE', page).data;

  it('the address is the page\'s one block ending in a PIN (a helpline\'s digits are no PIN), kept for review', () => {
    expect(d.address.value).toBe('Plot No. 361, At Telkoi, Po Kotpad, Dist Cuttack, Odisha - 753392');
    expect(d.address.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it('that address is kept lower when OCR broke one of its lines into cells (words were lost)', () => {
    const broken = pageFromRows([
      [0.09, [0.28, 'REGISTRATION CERTIFICATE']],
      [0.26, [0.28, 'Kotpad Milk Collection Centre']],
      [0.29, [0.28, 'Khata No. 113, At'], [0.5, 'Po'], [0.56, 'Tehsil'], [0.66, 'garh, Dist Cuttack']],
      [0.306, [0.28, 'Odisha - 753305']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', broken).data.address.confidence_score).toBeLessThanOrEqual(0.5);
  });

  it('the business is the name right above that address, kept for review', () => {
    expect(d.business_name.value).toBe('Jay Jagannath Milk Point');
    expect(d.business_name.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it('the validity is the date a whole number of years (less a day) after another date on the page', () => {
    expect(d.valid_upto.value).toBe('17/06/2026');
    expect(d.valid_upto.confidence_score).toBeLessThanOrEqual(0.6);
    // (two days short of the anniversary, as some registries count it)
    const twoShort = pageFromRows([
      [0.09, [0.28, 'REGISTRATION CERTIFICATE']],
      [0.15, [0.3, '22120065931410']],
      [0.41, [0.28, '24.10.2023']],
      [0.47, [0.28, '22.10.2026']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', twoShort).data.valid_upto.value).toBe('22/10/2026');
    // (any whole number of years: four)
    const four = pageFromRows([
      [0.09, [0.28, 'REGISTRATION CERTIFICATE']],
      [0.15, [0.3, '22118292734047']],
      [0.41, [0.28, '06.07.2022']],
      [0.47, [0.28, '04.07.2026']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', four).data.valid_upto.value).toBe('04/07/2026');
  });
});

describe('SHOP_ACT: a validity whose label OCR lost', () => {
  it('is the date ending a whole number of years (less a day) from the registration date', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'FORM A - REGISTRATION CERTIFICATE']],
      [0.2, [0.1, 'Registration No. :'], [0.4, 'HR/HSR/2023/4512']],
      [0.23, [0.1, 'Name of the Establishment :'], [0.4, 'Aggarwal Traders']],
      [0.26, [0.1, 'Date of Registration :'], [0.4, '12/03/2023']],
      [0.29, [0.4, '11/03/2028']],
    ]);
    const v = extractFields('SHOP_ACT_LICENSE', page).data.valid_upto;
    expect(v.value).toBe('11/03/2028');
    expect(v.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('UDYAM: a state code read with a digit for its letter', () => {
  it('"UDYAM-0D-19-0277994" is Odisha\'s "OD" (the repaired code is a state\'s), a repair', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.13, [0.06, 'UDYAM REGISTRATION NUMBER'], [0.4, 'UDYAM-0D-19-0277994']],
      [0.16, [0.06, 'NAME OF ENTERPRISE'], [0.4, 'KURUKSHETRA FOOD INDUSTRIES']],
    ]);
    const n = extractFields('UDYAM_CERT', page).data.udyam_number;
    expect(n.value).toBe('UDYAM-OD-19-0277994');
    expect(n.confidence_score).toBeLessThan(0.95);
  });
});

describe('PAN: a selfie whose holder\'s caption and date of birth OCR lost', () => {
  const page = pageFromRows([
    [0.57, [0.4, 'INCOME TAX DEPARTMENT'], [0.75, 'GOVT. OF INDIA']],
    [0.61, [0.54, 'Permanent Account Number Card']],
    [0.63, [0.54, 'WJQPS0063Y']],
    [0.66, [0.54, 'JIGNESH SANDHU']],
    [0.7, [0.3, 'ita ia Naam'], [0.46, "Father's"], [0.65, 'Name']],
    [0.72, [0.54, 'NILESH SANDHU']],
    [0.93, [0.19, '17/05/2025 05:04 AM GMT +05:30']],
  ]);
  const d = extractFields('PAN', page).data;

  it('a "Name" cell split from "Father\'s" gives the father\'s name: the holder is the name line printed first', () => {
    expect(d.father_name.value).toBe('NILESH SANDHU');
    expect(d.name_as_per_pan.value).toBe('JIGNESH SANDHU');
  });

  it('a date with a clock time after it (the camera\'s stamp) is no date of birth', () => {
    expect(d.dob.value).not.toBe('17/05/2025');
  });
});

describe('PAN: a number read with a stroke too many', () => {
  it('"WJIQPS0063Y": the one removal of an I, l, 1 or bar that leaves a valid PAN, as a repair', () => {
    const page = pageFromRows([
      [0.57, [0.4, 'INCOME TAX DEPARTMENT'], [0.75, 'GOVT. OF INDIA']],
      [0.61, [0.54, 'Permanent Account Number Card']],
      [0.63, [0.54, 'WJIQPS0063Y']],
      [0.66, [0.54, 'JIGNESH SANDHU']],
    ]);
    const n = extractFields('PAN', page).data.pan_number;
    expect(n.value).toBe('WJQPS0063Y');
    expect(n.confidence_score).toBeLessThan(0.9);
  });
});

describe('GST_CERT: GSTINs read a character long, or listed without a key', () => {
  it('"36KXVPT1899M66ZO": the one removal the check character confirms, as a repair', () => {
    const page = pageFromRows([
      [0.1, [0.04, 'Search Taxpayer']],
      [0.38, [0.04, 'Search Result based on GSTIN/UIN :']],
      [0.396, [0.04, '36KXVPT1899M66ZO']],
      [0.42, [0.04, 'Legal Name of Business']],
      [0.436, [0.04, 'HARJIT TRIVEDI']],
    ]);
    const g = extractFields('GST_CERT', page).data.gstin;
    expect(g.value).toBe('36KXVPT1899M6ZO');
    expect(g.confidence_score).toBeLessThan(0.95);
  });

  it('of a PAN\'s GSTINs listed by state with no key naming one, the one taken is kept for review', () => {
    const page = pageFromRows([
      [0.1, [0.04, 'Search Taxpayer']],
      [0.316, [0.05, 'S.No.'], [0.13, 'GSTIN/UIN'], [0.44, 'GSTIN/UIN Status'], [0.72, 'State']],
      [0.332, [0.05, '1'], [0.13, '06KXVPT1899M4ZT'], [0.44, 'Cancelled'], [0.72, 'Haryana']],
      [0.348, [0.05, '2'], [0.13, '36KXVPT1899M6ZO'], [0.44, 'Active'], [0.72, 'Telangana']],
      [0.42, [0.04, 'Legal Name of Business']],
      [0.436, [0.04, 'HARJIT TRIVEDI']],
    ]);
    expect(extractFields('GST_CERT', page).data.gstin.confidence_score).toBeLessThanOrEqual(0.5);
  });
});

describe('FSSAI: a row of captions over a row of dates', () => {
  const licence = (validity: string) =>
    pageFromRows([
      [0.1, [0.3, 'FORM C - CENTRAL LICENSE']],
      [0.16, [0.08, 'License Number'], [0.3, '10022163836942']],
      [0.23, [0.06, 'NAME OF THE LICENSEE / COMPANY']],
      [0.245, [0.06, 'Girnar Food Industries Pvt. Ltd.']],
      [0.37, [0.06, 'DATE OF ISSUE'], [0.52, 'VALID UPTO']],
      [0.385, [0.06, '27 Jul 2021'], [0.52, validity]],
    ]);

  it('a month\'s J read as ")" ("25 )ul 2024") is read back: the validity, not the issue date beside it', () => {
    expect(extractFields('FSSAI_CERTIFICATE', licence('25 )ul 2024')).data.valid_upto.value).toBe('25/07/2024');
  });
});

describe('FSSAI: captions read as lines of their own over one line of dates', () => {
  it('the validity is the date in its caption\'s column, not the line\'s first (the issue date)', () => {
    const page = pageFromRows([
      [0.1, [0.3, 'FORM C - CENTRAL LICENSE']],
      [0.16, [0.08, 'License Number 10623848743399']],
      [0.224, [0.06, 'NAME OF LICENSEE']],
      [0.24, [0.06, 'Panchvati Spices & Condiments Private Limited']],
      [0.37, [0.06, 'DATE OF ISSUE']],
      [0.3705, [0.52, 'LICENSE VALID UP TO']],
      [0.385, [0.06, '24 Apr 2024'], [0.52, '23 Apr 2028']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', page).data.valid_upto.value).toBe('23/04/2028');
  });
});
