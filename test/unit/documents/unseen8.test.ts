/**
 * Certificates and identity documents on layouts of the eighth dev set (test/fixtures/documents/dev8:
 * written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { SPLIT_CELL_CAP } from '#core/documents/confidence.ts';
import { pageFromRows } from './rows.ts';

/** A page whose every cell is a LINE of its own (the engine did not join a row's cells). */
const cellLines = (rows: [number, ...[number, string][]][]) => pageFromRows(rows.flatMap(([top, ...cells]) => cells.map((c) => [top, c] as [number, [number, string]])));

describe('SHOP_ACT: a Gumasta certificate with transliterated labels and a renewal endorsement table', () => {
  const gumasta = (number: string, rows: [string, string, string, string][]) =>
    pageFromRows([
      [0.06, [0.28, 'Bombay Shops and Establishments Act, 1948']],
      [0.08, [0.28, 'Nondani Pramanpatra / Registration Certificate']],
      [0.13, [0.08, 'Nondani Kramank']],
      [0.14, [0.08, 'Registration No.'], [0.46, number]],
      [0.17, [0.08, 'Aasthapanache Naav']],
      [0.18, [0.08, 'Name of the Establishment'], [0.46, 'Sarvodaya Opticals']],
      [0.21, [0.08, 'Postal Address of the Establishment'], [0.46, 'Plot 135, Ashirwad Building']],
      [0.23, [0.46, 'Market Yard Road, Behala, Mumbai']],
      [0.25, [0.46, 'Maharashtra - 400614']],
      [0.39, [0.08, 'Nondani Dinank']],
      [0.4, [0.08, 'Date of Registration'], [0.46, '17/08/2016']],
      [0.43, [0.08, 'Nutanikaran / Renewal Endorsements']],
      [0.46, [0.09, 'From'], [0.26, 'Valid Upto'], [0.44, 'Fee Paid'], [0.61, 'Receipt No.']],
      ...rows.map((r, i) => [0.48 + 0.022 * i, [0.09, r[0]], [0.26, r[1]], [0.44, r[2]], [0.61, r[3]]] as [number, ...[number, string][]]),
      [0.63, [0.08, 'Note: The certificate must be renewed before 31st December of the year of expiry.']],
    ]);
  const endorsed: [string, string, string, string][] = [
    ['17/08/2016', '31/12/2018', 'Original', '-'],
    ['01/01/2019', '31/12/2019', 'Rs. 500/-', '829256'],
    ['01/01/2020', '31/12/2022', 'Rs. 200/-', '917567'],
  ];

  it('the validity is the last endorsed row under the "Valid Upto" column, not the original period or the registration date', () => {
    const d = extractFields('SHOP_ACT_LICENSE', gumasta('890109065/K/E/Commercial II', endorsed)).data;
    expect(d.valid_upto.value).toBe('31/12/2022');
    // the renewal note ("must be renewed before") is not a stamp that makes the table's date doubtful
    expect(d.valid_upto.confidence_score).toBeGreaterThan(0.8);
  });

  it('the same when OCR read each row of the table as one cell (the column found by the header words\' position)', () => {
    const joined = (rows: [string, string, string, string][]) =>
      pageFromRows([
        [0.06, [0.28, 'Bombay Shops and Establishments Act, 1948']],
        [0.14, [0.08, 'Registration No.'], [0.46, '890109065/K/E/Commercial II']],
        [0.18, [0.08, 'Name of the Establishment'], [0.46, 'Sarvodaya Opticals']],
        [0.4, [0.08, 'Date of Registration'], [0.46, '17/08/2016']],
        [0.43, [0.08, 'Nutanikaran / Renewal Endorsements']],
        [0.46, [0.09, 'From'], [0.2, 'Valid Upto Fee Paid Receipt No.']],
        ...rows.map((r, i) => [0.48 + 0.022 * i, [0.09, `${r[0]} ${r[1]} ${r[2]} ${r[3]}`]] as [number, ...[number, string][]]),
      ]);
    expect(extractFields('SHOP_ACT_LICENSE', joined(endorsed)).data.valid_upto.value).toBe('31/12/2022');
  });

  it('keeps the roman class suffix of a registration number ("…/Commercial II"), repairing a second I read as T', () => {
    expect(extractFields('SHOP_ACT_LICENSE', gumasta('890109065/K/E/Commercial II', endorsed)).data.registration_number.value).toBe('890109065/K/E/Commercial II');
    expect(extractFields('SHOP_ACT_LICENSE', gumasta('890109065/K/E/Commercial IT', endorsed)).data.registration_number.value).toBe('890109065/K/E/Commercial II');
  });

  it('a registration number cut before the rest of its cell is kept for review', () => {
    const d = extractFields('SHOP_ACT_LICENSE', gumasta('890109065/K/E/Commercial Zone', endorsed)).data;
    expect(d.registration_number.value).toBe('890109065/K/E/Commercial');
    expect(d.registration_number.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('FSSAI: a street vendor registration printed from the portal', () => {
  const vendor = (captionsAbove: boolean, labels = ['Name of Food Business Operator', 'Name of Business / Stall', 'Address of Vending Place']) => {
    const rows: [string, string[]][] = [
      [labels[0], ['Shri Madhav Kapoor']],
      [labels[1], ['Kapoor Pani Puri Stall']],
      ['Kind of Business', ['Street Food Vendor (Hawker)']],
      [labels[2], ['Cart No. 207, Beside College Gate, MG Road', 'Lucknow - 226666']],
      ['Residential Address of FBO', ['Shop No. 100, Green Park Society', 'Old Mill Road, Malviya Nagar, Lucknow', 'Uttar Pradesh - 226471']],
      ['Application Reference No.', ['30856203865407']],
      ['Validity Upto', ['13/10/2026']],
    ];
    const out: [number, ...[number, string][]][] = [
      [0.14, [0.33, 'REGISTRATION CERTIFICATE']],
      [0.16, [0.32, '(Petty Food Business Operator - Street Food Vendor)']],
      [0.19, [0.31, 'Registration No. 26765140048768']],
    ];
    let top = 0.23;
    for (const [label, values] of rows) {
      if (captionsAbove) {
        out.push([top, [0.11, label]]);
        top += 0.013;
        for (const v of values) (out.push([top, [0.11, v]]), (top += 0.018));
      } else {
        values.forEach((v, i) => out.push(i ? [top + 0.018 * i, [0.43, v]] : [top, [0.11, label], [0.43, v]]));
        top += 0.018 * values.length;
      }
      top += 0.008;
    }
    return pageFromRows(out);
  };

  it('the business is the stall or cart named under "Name of Business / Stall", never the operator', () => {
    for (const above of [true, false]) expect(extractFields('FSSAI_CERTIFICATE', vendor(above)).data.business_name.value).toBe('Kapoor Pani Puri Stall');
    expect(extractFields('FSSAI_CERTIFICATE', vendor(true, ['Name of Food Business Operator', 'Name of Cart / Stall', 'Location of Cart / Stall'])).data.business_name.value).toBe('Kapoor Pani Puri Stall');
  });

  it('the address is the vending place (or the location of the cart), not the operator\'s residence, without the key\'s tail', () => {
    for (const above of [true, false]) expect(extractFields('FSSAI_CERTIFICATE', vendor(above)).data.address.value).toBe('Cart No. 207, Beside College Gate, MG Road, Lucknow - 226666');
    expect(extractFields('FSSAI_CERTIFICATE', vendor(false, ['Name of Food Business Operator', 'Business Name', 'Location of Cart / Stall'])).data.address.value).toBe('Cart No. 207, Beside College Gate, MG Road, Lucknow - 226666');
  });

  it('a print whose small labels were lost is still an FSSAI registration: operator and a 14-digit registration number', () => {
    const m = pageFromRows([
      [0.14, [0.33, 'REGISTRATION CERTIFICATE']],
      [0.16, [0.33, 'Petty Food Business Operator']],
      [0.19, [0.31, 'Registration No. 26765140048768']],
      [0.24, [0.11, 'Shri Madhav Kapoor']],
      [0.28, [0.11, 'Kapoor Pani Puri Stall']],
    ]);
    expect(classify(m).type).toBe('FSSAI_CERTIFICATE');
  });
});

describe('FSSAI: a state licence renewal (Form C)', () => {
  it('the premises under "Address of Premises (licensed)" without the key\'s qualifier, never the registered office', () => {
    const m = pageFromRows([
      [0.04, [0.25, 'Food Safety and Standards Authority of India']],
      [0.11, [0.29, 'License under Food Safety & Standards Act, 2006 (Renewal)']],
      [0.14, [0.09, 'License Number :'], [0.3, '12248111913017']],
      [0.205, [0.084, '1. Name of Licensee']],
      [0.219, [0.109, 'M/s. Sarvodaya Bakes Pvt. Ltd.']],
      [0.239, [0.084, '2. Registered Office of Licensee']],
      [0.254, [0.108, '376/7, Bypass Road, Opp. Petrol Pump']],
      [0.269, [0.109, 'Kukatpally, Pune 411450, Maharashtra']],
      [0.289, [0.084, '3. Address of Premises (licensed)']],
      [0.304, [0.109, 'Door No. 245-28, Ashirwad Building']],
      [0.319, [0.108, 'Old Mill Road, Tambaram, Chennai']],
      [0.333, [0.107, 'Tamil Nadu - 600940']],
      [0.355, [0.084, '4. Kind of Business']],
      [0.369, [0.109, 'Food Service - Restaurant']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', m).data.address.value).toBe('Door No. 245-28, Ashirwad Building, Old Mill Road, Tambaram, Chennai, Tamil Nadu - 600940');
  });
});

describe('GST: a REG-06 photographed on a desk, with a verification panel beside the rows', () => {
  it('the address ends at its PIN and state: a panel\'s text on the same row ("Scan to verify") is not part of it', () => {
    const m = pageFromRows([
      [0.055, [0.385, 'Government of India']],
      [0.077, [0.377, 'Form GST REG-06 [See Rule 10(1)]']],
      [0.096, [0.379, 'Registration Certificate']],
      [0.127, [0.086, 'GSTIN :'], [0.3, '36SJZFT9509T1ZL']],
      [0.166, [0.101, 'Legal Name']],
      [0.178, [0.114, 'TULSI PRINTERS']],
      [0.269, [0.101, 'Address of Principal Place of Business']],
      [0.281, [0.116, 'Plot 475, Market Yard Road']],
      [0.295, [0.116, 'Beside Post Office, Velachery']],
      [0.31, [0.116, 'Hyderabad 500238, Telangana'], [0.72, 'Scan to verify']],
      [0.331, [0.101, 'Date of Liability'], [0.72, 'GSTIN status: Active']],
      [0.344, [0.115, '06/05/2020'], [0.72, 'Verified on: 14/12/2025']],
    ]);
    expect(extractFields('GST_CERT', m).data.address.value).toBe('Plot 475, Market Yard Road, Beside Post Office, Velachery, Hyderabad 500238, Telangana');
  });
});

describe('PAN: an old card stapled into a loan file', () => {
  const file = (name: string, father: string) =>
    pageFromRows([
      [0.046, [0.116, 'LOAN FILE - KYC DOCUMENTS'], [0.62, 'Applicant : MR. SHANKAR BAJAJ']],
      [0.066, [0.116, 'File No. HL/017547'], [0.62, 'Co-applicant : JAGDISH SHUKLA']],
      [0.09, [0.116, 'Received on 05/10/2025']],
      [0.153, [0.216, 'INCOME TAX DEPARTMENT'], [0.6, 'GOVT. OF INDIA']],
      [0.221, [0.216, name]],
      [0.246, [0.214, father]],
      [0.27, [0.216, '27/12/1970']],
      [0.299, [0.216, 'Permanent Account Number']],
      [0.315, [0.215, 'XCJPB4346R']],
      [0.415, [0.344, 'Signature']],
    ]);

  it('reads the unlabelled name, father and date lines under the card heading in their order, not the file header above', () => {
    const d = extractFields('PAN', file('SHANKAR BAJAJ', 'ANIRUDH BAJAJ')).data;
    expect(d.name_as_per_pan.value).toBe('SHANKAR BAJAJ');
    expect(d.father_name.value).toBe('ANIRUDH BAJAJ');
    expect(d.dob.value).toBe('27/12/1970');
  });

  it('a J read as a closing square bracket at a name\'s end is still a name ("BAJA]")', () => {
    const d = extractFields('PAN', file('SHANKAR BAJA]', 'ANIRUDH BAJA]')).data;
    expect(d.name_as_per_pan.value).toBe('SHANKAR BAJAJ');
    expect(d.father_name.value).toBe('ANIRUDH BAJAJ');
  });
});

describe('GST: a company REG-06 with its additional places of business on the same page', () => {
  it('the address is item 4 (its number a cell apart, its value under it), never a row of the additional places table under a generic "Address" column', () => {
    const m = cellLines([
      [0.03, [0.38, 'Government of India']],
      [0.053, [0.42, 'Form GST REG-06']],
      [0.088, [0.37, 'Registration Certificate']],
      [0.112, [0.3, 'Registration Number : 09HEECH8155S4Z6']],
      [0.152, [0.069, '1.'], [0.093, 'Legal Name']],
      [0.166, [0.093, 'HARIYALI PRINTERS PVT LTD']],
      [0.255, [0.069, '4.'], [0.093, 'Address of Principal Place of Business']],
      [0.269, [0.093, 'Plot 412, Laxmi Complex, Tilak Road, Jayanagar']],
      [0.283, [0.093, 'Lucknow, Uttar Pradesh - 226307']],
      [0.303, [0.069, '5.'], [0.093, 'Date of Liability']],
      [0.317, [0.093, '26-10-2019']],
      [0.498, [0.064, 'Details of Additional Places of Business']],
      [0.522, [0.071, 'S.No.'], [0.121, 'Address'], [0.75, 'Nature of Business']],
      [0.542, [0.071, '1'], [0.121, 'Door No. 364-17, Sai Krupa Apartments, Old Mill Road, Lucknow'], [0.75, 'Office / Sale Office']],
      [0.563, [0.071, '2'], [0.121, 'Shop No. 393, Tilak Road, Opp. Petrol Pump, Lucknow 226436'], [0.75, 'Factory / Manufacturing']],
    ]);
    expect(extractFields('GST_CERT', m).data.address.value).toBe('Plot 412, Laxmi Complex, Tilak Road, Jayanagar, Lucknow, Uttar Pradesh - 226307');
  });
});

describe('PAN: a loan file page whose card lost its caption and number to blur', () => {
  it('is a PAN by the card heading and the file noting naming the PAN card, though the noting mentions an Aadhaar', () => {
    const m = pageFromRows([
      [0.043, [0.112, 'LOAN FILE - KYC DOCUMENTS'], [0.62, 'Applicant : MR. SHANKAR BAJAJ']],
      [0.152, [0.211, 'INCOME TAX DEPARTMENT'], [0.6, 'GOVT. OF INDIA']],
      [0.22, [0.214, 'SHANKAR BAJA]']],
      [0.245, [0.214, 'ANIRUDH BAJA]']],
      [0.27, [0.215, '27/12/1970']],
      [0.471, [0.115, 'Document : PAN Card (Original Seen)']],
      [0.494, [0.114, 'Received from the applicant on 05/10/2025 along with the Aadhaar of co-applicant Jagdish Shukla.']],
    ]);
    const c = classify(m);
    expect(c.type).toBe('PAN');
  });
});

describe('FSSAI: a business name that reads as a titled person', () => {
  const page = (operator: string) =>
    pageFromRows([
      [0.05, [0.2, 'Food Safety and Standards Authority of India']],
      [0.14, [0.33, 'REGISTRATION CERTIFICATE']],
      [0.19, [0.31, 'Registration No. 26765140048768']],
      [0.23, [0.11, 'Name of Food Business Operator'], [0.43, operator]],
      [0.26, [0.11, 'Kind of Business'], [0.43, 'Street Food Vendor (Hawker)']],
    ]);

  it('is kept for review when only the operator was read (a person, not the stall)', () => {
    const d = extractFields('FSSAI_CERTIFICATE', page('Shri Madhav Kapoor')).data;
    expect(d.business_name.value).toBe('Shri Madhav Kapoor');
    expect(d.business_name.confidence_score).toBeLessThanOrEqual(0.5);
    expect(extractFields('FSSAI_CERTIFICATE', page('Smt. Kavita Rawat')).data.business_name.confidence_score).toBeLessThanOrEqual(0.5);
  });

  it('a firm named "Shri …" or "Sri …" is not a titled person', () => {
    expect(extractFields('FSSAI_CERTIFICATE', page('Shri Ganesh Sweets')).data.business_name.confidence_score).toBeGreaterThan(0.5);
    expect(extractFields('FSSAI_CERTIFICATE', page('Sri Balaji Foods Private Limited')).data.business_name.confidence_score).toBeGreaterThan(0.5);
    expect(extractFields('FSSAI_CERTIFICATE', page('MS Enterprises')).data.business_name.confidence_score).toBeGreaterThan(0.5);
  });
});

describe('An address under its key whose middle line has another column\'s text beside it', () => {
  it('is kept for review (the joined text may not be the address\'s)', () => {
    const m = pageFromRows([
      [0.077, [0.377, 'Form GST REG-06 [See Rule 10(1)]']],
      [0.096, [0.379, 'Registration Certificate']],
      [0.127, [0.086, 'GSTIN :'], [0.3, '36SJZFT9509T1ZL']],
      [0.269, [0.101, 'Address of Principal Place of Business']],
      [0.281, [0.116, 'Plot 475, Market Yard Road']],
      [0.295, [0.116, 'Beside Post Office, Velachery'], [0.72, 'Scan to verify']],
      [0.31, [0.116, 'Hyderabad 500238, Telangana']],
      [0.331, [0.101, 'Date of Liability']],
    ]);
    expect(extractFields('GST_CERT', m).data.address.confidence_score).toBeLessThanOrEqual(SPLIT_CELL_CAP);
  });
});
