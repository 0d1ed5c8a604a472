/**
 * Certificates, statements and bills read from structure and prose (fields/certificate.ts and the
 * MSME mappers), each case reduced to the few lines that show it. Made-up names and numbers.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, classify, extractFields, type Block } from '#core/documents/index.ts';
import { DISAGREED_CAP, GARBLED_LABEL_CAP, REFUSED_CAP, SPLIT_CELL_CAP, SUPERSEDED_CAP, composeAddressParts, valueUnderCaption, dropSpecks, finishAddress, isLabelText, keyAlternatives, stripHonorific, textByLabels, unslipKey } from '#core/documents/fields/certificate.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { spellsInOrder } from '#core/documents/fields/bankStatement.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { AADHAAR_SPACED } from './samples.ts';
import { pageFromRows } from './rows.ts';

const values = (d: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, v.value]));

describe('values inside certificate sentences', () => {
  it('FSSAI registration granted in a sentence: business, address up to its PIN, number, "valid up to"', () => {
    const d = extractFields(
      'FSSAI_CERTIFICATE',
      modelFromLines([
        'Food Safety and Standards Authority of India',
        'REGISTRATION CERTIFICATE',
        'This is to certify that M/s Balaji Sweets, situated at 18, Main Bazaar, Kothrud, Pune,',
        'Maharashtra - 411038, has been granted registration under Section 31(2) of the Food Safety',
        'and Standards Act, 2006 with Registration No. 21524012345678.',
        'This registration is valid up to 14 April 2028, subject to the conditions of the Regulations.',
      ]),
    ).data;
    expect(values(d)).toEqual({
      license_number: '21524012345678',
      business_name: 'Balaji Sweets',
      address: '18, Main Bazaar, Kothrud, Pune, Maharashtra - 411038',
      valid_upto: '14/04/2028',
    });
  });

  it('Shops & Establishments in prose: "vide Registration No." and the second date of "valid from .. to .."', () => {
    const d = extractFields(
      'SHOP_ACT_LICENSE',
      modelFromLines([
        'GOVERNMENT OF KARNATAKA',
        'CERTIFICATE OF REGISTRATION',
        'This is to certify that M/s Royal Traders, situated at 12, MG Road, Koramangala, Bengaluru,',
        'Karnataka - 560034, has been registered under the Karnataka Shops and Commercial Establishments',
        'Act, 1961, vide Registration No. KA/BNG/SE/2024/012345 with effect from 12/03/2024.',
        'This certificate is valid from 12/03/2024 to 31/12/2028 and shall be displayed in the shop.',
      ]),
    ).data;
    expect(values(d)).toEqual({
      registration_number: 'KA/BNG/SE/2024/012345',
      establishment_name: 'Royal Traders',
      address: '12, MG Road, Koramangala, Bengaluru, Karnataka - 560034',
      valid_upto: '31/12/2028',
    });
  });

  it('Udyam in prose: type, date of allotment; the date of incorporation is never the registration date', () => {
    const d = extractFields(
      'UDYAM_CERT',
      modelFromLines([
        'MINISTRY OF MICRO, SMALL AND MEDIUM ENTERPRISES',
        'This is to certify that M/s STAR TRADERS, having its office at 174, Civil Lines, Kothrud, Pune,',
        'Maharashtra - 411038, is registered as a Micro enterprise and has been allotted Udyam',
        'Registration Number UDYAM-MH-26-0123456 on 27/11/2022.',
        'Date of Incorporation: 21/08/2016',
      ]),
    ).data;
    expect(values(d)).toMatchObject({ enterprise_name: 'STAR TRADERS', enterprise_type: 'MICRO', address: '174, Civil Lines, Kothrud, Pune, Maharashtra - 411038', date_of_registration: '27/11/2022' });
  });
});

describe('keys, parts and which address', () => {
  it('a key wrapped over two lines ("Address of Principal Place of" / "Business"); the annexure\'s additional place is not it', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Form GST REG-06']],
      [0.1, [0.07, '1. Legal Name'], [0.5, 'RAHUL SHARMA']],
      [0.13, [0.07, '5. Address of Principal Place of'], [0.5, '12, MG Road, Kothrud,']],
      [0.15, [0.1, 'Business'], [0.5, 'Pune, Maharashtra - 411038']],
      [0.4, [0.3, 'Details of Additional Places of Business']],
      [0.43, [0.07, 'Sr. No.'], [0.2, 'Address']],
      [0.45, [0.07, '1'], [0.2, '45, Station Road, Andheri East, Mumbai, Maharashtra - 400069']],
    ]);
    expect(extractFields('GST_CERT', m).data.address.value).toBe('12, MG Road, Kothrud, Pune, Maharashtra - 411038');
  });

  it('an address printed as labelled parts, inline or as a table under its heading', () => {
    expect(composeAddressParts('Building No./Flat No.: 117, Road/Street: MG Road, Locality/Sub Locality: Sector 15, City/Town/Village: Pune, District: Pune, State: Maharashtra, PIN Code: 411038')).toBe(
      '117, MG Road, Sector 15, Pune, Maharashtra, 411038',
    );
    expect(composeAddressParts('12, MG Road, Pune - 411038')).toBe('12, MG Road, Pune - 411038');
    const m = pageFromRows([
      [0.05, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.1, [0.07, 'NAME OF UNIT(S)'], [0.45, '1 ROYAL TRADERS']],
      [0.14, [0.07, 'OFFICIAL ADDRESS OF ENTERPRISE']],
      [0.17, [0.07, 'Flat/Door/Block No.'], [0.32, '170'], [0.48, 'Building'], [0.65, 'Laxmi Arcade']],
      [0.19, [0.07, 'Road/Street/Lane'], [0.32, 'Ring Road'], [0.48, 'City'], [0.65, 'Pune']],
      [0.21, [0.07, 'State'], [0.32, 'MAHARASHTRA'], [0.48, 'District'], [0.65, 'PUNE, Pin 411038']],
      [0.23, [0.07, 'Mobile'], [0.32, '9876501234'], [0.48, 'Email'], [0.65, 'royal@mail.in']],
    ]);
    expect(extractFields('UDYAM_CERT', m).data.address.value).toBe('170, Laxmi Arcade, Ring Road, Pune, MAHARASHTRA, PUNE, 411038');
  });

  it('the establishment\'s address, not the employer\'s residence printed first; a label is never a name', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Shop & Establishment Department']],
      [0.1, [0.07, 'Certificate No. :'], [0.45, 'KA/BLR/1234567']],
      [0.13, [0.07, 'Name of Establishment :'], [0.45, 'Name of Proprietor']],
      [0.16, [0.07, 'Residential Address of Employer :'], [0.45, '45, Station Road, Jayanagar']],
      [0.18, [0.45, 'Bengaluru, Karnataka - 560041']],
      [0.21, [0.07, 'Address of Establishment :'], [0.45, '12, MG Road, Koramangala']],
      [0.23, [0.45, 'Bengaluru, Karnataka - 560034']],
    ]);
    const d = extractFields('SHOP_ACT_LICENSE', m).data;
    expect(d.address.value).toBe('12, MG Road, Koramangala, Bengaluru, Karnataka - 560034');
    expect(d.establishment_name.value).not.toBe('Name of Proprietor');
    expect(isLabelText('Name of Proprietor')).toBe(true);
    expect(isLabelText('Enterprise Type')).toBe(true);
    expect(isLabelText('Royal Enterprises')).toBe(false);
  });
});

describe('bills and statements addressed to a person', () => {
  it('a state board\'s bill: the consumer from "To," (honorific dropped), the amount due now (not after the due date)', () => {
    const m = pageFromRows([
      [0.03, [0.2, 'KONKAN VIDYUT VITARAN CO. LTD']],
      [0.08, [0.3, 'LT ELECTRICITY BILL FOR MAR-2024']],
      [0.12, [0.07, 'Consumer No.'], [0.22, '170012345678'], [0.55, 'Bill Date :'], [0.7, '12-03-2024']],
      [0.15, [0.07, 'To,']],
      [0.17, [0.07, 'SHRI RAHUL SHARMA']],
      [0.19, [0.07, '12, MG Road']],
      [0.21, [0.07, 'Kothrud, Pune']],
      [0.23, [0.07, 'Maharashtra - 411038']],
      [0.3, [0.07, 'Amount payable after due date (Rs.)'], [0.45, '1,250.00']],
      [0.33, [0.07, 'Bill Amount (Rs.)'], [0.45, '1,230.00']],
    ]);
    const d = extractFields('EBILL', m).data;
    expect(values(d)).toEqual({ consumer_name: 'RAHUL SHARMA', consumer_number: '170012345678', address: '12, MG Road, Kothrud, Pune, Maharashtra - 411038', bill_date: '12/03/2024', amount_due: 1230 });
  });

  it('a "Name & Address" cell gives both; water and telecom bills are EBILL', () => {
    const m = pageFromRows([
      [0.03, [0.07, 'Cauvery Electricity Supply Company Ltd']],
      [0.08, [0.07, 'Account ID'], [0.3, '0152259013']],
      [0.11, [0.07, 'Name & Address'], [0.3, 'AJAY SHARMA']],
      [0.13, [0.3, '232, Station Road']],
      [0.15, [0.3, 'Kothrud, Bengaluru']],
      [0.17, [0.3, 'Karnataka - 560167']],
      [0.2, [0.07, 'Net Amount Due'], [0.3, 'Rs. 1,230.00']],
    ]);
    const d = extractFields('EBILL', m).data;
    expect([d.consumer_name.value, d.consumer_number.value, d.address.value]).toEqual(['AJAY SHARMA', '0152259013', '232, Station Road, Kothrud, Bengaluru, Karnataka - 560167']);
    expect(classify(modelFromLines(['WATER CHARGES BILL CUM DEMAND NOTICE', 'CONNECTION NO. WC/3/153781', 'Amount Payable 819.00'])).type).toBe('EBILL');
    expect(classify(modelFromLines(['Orbitel', 'Postpaid Bill', 'Bill No. : E189123356', 'Bill Period : 13-Aug-2025 to 12-Sep-2025', 'Previous Balance Payments Current Charges Total Amount Due', 'GSTIN: 36DWYDI4899C1Z1'])).type).toBe('EBILL');
  });

  it('a statement\'s holder in the addressee block (honorific, care-of line skipped), "A/c" read as "Alc"', () => {
    const m = pageFromRows([
      [0.02, [0.07, 'SINDHU VALLEY BANK']],
      [0.09, [0.07, 'MR. VENKATA BOSE'], [0.55, 'Alc Number'], [0.72, '00175535882453']],
      [0.11, [0.07, 'S/O HARISH BOSE'], [0.55, 'IFSC'], [0.72, 'SVBL0300693']],
      [0.13, [0.07, 'H.NO. 216, ASHIRWAD BUILDING']],
      [0.15, [0.07, 'PUNE, MAHARASHTRA - 411091']],
      [0.2, [0.2, 'Statement of Account for the period 01.02.2025 to 31.07.2025']],
    ]);
    const d = extractFields('BANK_STATEMENT', m).data;
    expect(values(d)).toMatchObject({ account_holder: 'VENKATA BOSE', account_number: '00175535882453', ifsc: 'SVBL0300693', bank_name: 'SINDHU VALLEY BANK', period_from: '01/02/2025', period_to: '31/07/2025' });
    // the IFSC's bank code spells the printed name: the name is confirmed
    expect(d.bank_name.confidence_score).toBeGreaterThan(0.85);
    expect(spellsInOrder('SBIN', 'State Bank of India')).toBe(true);
    expect(spellsInOrder('HDFC', 'Konark Bank Limited')).toBe(false);
  });

  it('a branch code mixing digits with digit-shaped letters is kept but not trusted', () => {
    const d = extractFields('BANK_STATEMENT', modelFromLines(['SINDHU VALLEY BANK', 'STATEMENT OF ACCOUNT', 'IFSC : SVBL0S4S43S'])).data;
    expect(d.ifsc.confidence_score).toBeLessThanOrEqual(0.45);
  });
});

describe('names and addresses as returned', () => {
  it('titles are dropped from names, specks from addresses', () => {
    expect(stripHonorific('SMT. REKHA GILL')).toBe('REKHA GILL');
    expect(stripHonorific('Kumari Sunita Rani Pandey')).toBe('Sunita Rani Pandey');
    expect(dropSpecks('™, C/O: Anand Bhatt, H.No. 163, Pune, =, Maharashtra - 411588')).toBe('C/O: Anand Bhatt, H.No. 163, Pune, Maharashtra - 411588');
    expect(dropSpecks('Flat No. 20, Lucknow 226046, Uttar Pradesh un')).toBe('Flat No. 20, Lucknow 226046, Uttar Pradesh');
    expect(dropSpecks('1, MG Road, Pune - 411001')).toBe('1, MG Road, Pune - 411001');
  });
});

describe('keys with an OCR slip and numbers too short to be one', () => {
  it('"Consumer N0." and "Addre5s" still name their fields; a 4-digit billing unit is not trusted as a consumer number', () => {
    expect(unslipKey('Consumer N0.')).toBe('Consumer No.');
    expect(unslipKey('Addre5s')).toBe('Address');
    const m = pageFromRows([
      [0.05, [0.3, 'ELECTRICITY BILL']],
      [0.1, [0.07, 'Consumer N0.'], [0.3, '170012345678']],
      [0.13, [0.07, 'Consumer Name'], [0.3, 'RITU GUPTA']],
    ]);
    expect(extractFields('EBILL', m).data.consumer_number.value).toBe('170012345678');
    const short = extractFields('EBILL', pageFromRows([[0.05, [0.3, 'ELECTRICITY BILL']], [0.1, [0.07, 'Consumer No.'], [0.3, '9550']]])).data.consumer_number;
    expect(short.value).toBe('9550');
    expect(short.confidence_score).toBeLessThanOrEqual(0.4);
  });

  it('an account holder that is not a person\'s name fails its validator', () => {
    expect(plausible('account_holder', 'Customer Name')).toBe('fail');
    expect(plausible('account_holder', 'VENKATA BOSE')).toBe('pass');
  });
});

describe('FSSAI numbers printed one digit per box', () => {
  it('"1 2 3 4 …" is the 14-digit licence number', () => {
    const d = extractFields('FSSAI_CERTIFICATE', modelFromLines(['FOOD SAFETY AND STANDARDS AUTHORITY OF INDIA', 'License No. 1 2 3 4 5 6 7 8 9 0 1 2 3 4', 'Name of Business : Sai Sweets'])).data;
    expect(d.license_number.value).toBe('12345678901234');
    expect(d.license_number.confidence_score).toBeGreaterThan(0.85);
  });
});

describe('validity printed as a range', () => {
  it('"Validity : 5 Year(s) from A to B" is valid up to B', () => {
    const m = pageFromRows([
      [0.03, [0.3, 'Food Safety and Standards Authority of India']],
      [0.1, [0.05, 'Registration No.'], [0.4, '21220012345678']],
      [0.13, [0.05, 'Validity'], [0.4, '5 Year(s) from 12/03/2024 to 11/03/2029']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', m).data.valid_upto.value).toBe('11/03/2029');
  });
});

describe('Textract FORMS output', () => {
  it('an address key whose VALUE block holds every line gives the whole address', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Shops and Establishments']],
      [0.1, [0.07, 'Address of Establishment'], [0.45, '12, MG Road, Koramangala']],
      [0.12, [0.45, 'Bengaluru, Karnataka - 560034']],
    ]);
    const lines = (m as unknown as { lines: { id: string; text: string; box: unknown; words: { id: string; text: string; box: unknown }[] }[] }).lines;
    const words = lines.flatMap((l) => l.words);
    const keyIds = words.filter((w) => ['Address', 'of', 'Establishment'].includes(w.text)).map((w) => w.id);
    const valueIds = words.filter((w) => !keyIds.includes(w.id) && !['Shops', 'and', 'Establishments'].includes(w.text)).map((w) => w.id);
    const blocks: Block[] = [
      { BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: lines.map((l) => l.id) }] },
      ...lines.map((l) => ({ BlockType: 'LINE' as const, Id: l.id, Text: l.text, Page: 1, Confidence: 95, Geometry: { BoundingBox: l.box as never }, Relationships: [{ Type: 'CHILD' as const, Ids: l.words.map((w) => w.id) }] })),
      ...words.map((w) => ({ BlockType: 'WORD' as const, Id: w.id, Text: w.text, Confidence: 95, Page: 1, Geometry: { BoundingBox: w.box as never } })),
      { BlockType: 'KEY_VALUE_SET', Id: 'k', EntityTypes: ['KEY'], Page: 1, Confidence: 95, Relationships: [{ Type: 'VALUE', Ids: ['v'] }, { Type: 'CHILD', Ids: keyIds }] },
      { BlockType: 'KEY_VALUE_SET', Id: 'v', EntityTypes: ['VALUE'], Page: 1, Confidence: 95, Relationships: [{ Type: 'CHILD', Ids: valueIds }] },
    ];
    const d = extractFields('SHOP_ACT_LICENSE', new DocumentModel(blocks)).data;
    expect(d.address.value).toBe('12, MG Road, Koramangala Bengaluru, Karnataka - 560034');
  });
});

describe('two readings of one fact', () => {
  it('a labelled holder the addressee block contradicts is sent to review; one it confirms keeps its score', () => {
    const rows = (holder: string): Parameters<typeof pageFromRows>[0] => [
      [0.02, [0.07, 'SINDHU VALLEY BANK']],
      [0.05, [0.3, 'STATEMENT OF ACCOUNT']],
      [0.09, [0.07, 'MR. VENKATA BOSE'], [0.55, 'Account Name'], [0.72, holder]],
      [0.11, [0.07, 'H.NO. 216, ASHIRWAD BUILDING'], [0.55, 'Account No'], [0.72, '00175535882453']],
      [0.13, [0.07, 'PUNE, MAHARASHTRA - 411091']],
    ];
    const same = extractFields('BANK_STATEMENT', pageFromRows(rows('VENKATA BOSE'))).data.account_holder;
    const other = extractFields('BANK_STATEMENT', pageFromRows(rows('REVATHI PILLAI'))).data.account_holder;
    expect(same.value).toBe('VENKATA BOSE');
    expect(same.confidence_score).toBeGreaterThan(0.85);
    expect(other.value).toBe('REVATHI PILLAI');
    expect(other.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('more label shapes', () => {
  it('an account number inside the statement\'s sentence; keys printing alternatives with a slash', () => {
    const b = extractFields('BANK_STATEMENT', modelFromLines(['Konkan Gramin Bank', 'Statement of Account No. 123456789012 for the period 01-04-2024 to 30-06-2024', 'Name : Rahul Sharma'])).data;
    expect([b.account_number.value, b.period_from.value, b.period_to.value]).toEqual(['123456789012', '01/04/2024', '30/06/2024']);
    expect(keyAlternatives('Name of Licensee/Company')).toEqual(['Name of Licensee', 'Name of Company']);
    const m = pageFromRows([
      [0.03, [0.2, 'Food Safety and Standards Authority of India']],
      [0.1, [0.05, 'License No.'], [0.45, '10012345678901']],
      [0.13, [0.05, 'Name of Licensee/Company'], [0.45, 'Sharma Foods Pvt Ltd']],
    ]);
    expect(extractFields('FSSAI_CERTIFICATE', m).data.business_name.value).toBe('Sharma Foods Pvt Ltd');
  });

  it('an address line joined with the next column\'s key and value is cut at the key, the lines after it kept', () => {
    expect(finishAddress('H.No. 12, Block C, Rohini Amount Payable on or before Due Date 2,340.00, Delhi - 110085')).toBe('H.No. 12, Block C, Rohini, Delhi - 110085');
    expect(finishAddress('12, MG Road, Pune - 411001 Mobile No 9876501234')).toBe('12, MG Road, Pune - 411001');
    expect(finishAddress('Plot 4, Date Palm Lane, Pune - 411001')).toBe('Plot 4, Date Palm Lane, Pune - 411001');
  });
});

describe('recognised without their headings', () => {
  it('each MSME certificate, statement and bill, and the cards, from the words they always carry', () => {
    const cases: [string, string[]][] = [
      ['GST_CERT', ['Legal Name : RAHUL SHARMA', 'Trade Name : SAI TRADERS', 'Principal Place of Business : 12, MG Road, Pune - 411038', 'Date of Liability : 01/07/2017']],
      ['SHOP_ACT_LICENSE', ['Certificate No. : KA/BLR/1234567', 'Name of Establishment : Royal Traders', 'Name of Employer : Rahul Sharma', 'Nature of Business : Retail Trade']],
      ['BANK_STATEMENT', ['Account No : 501002345678', 'IFSC : SVBL0300693  MICR : 411240012', 'Opening Balance 12,345.00', 'Date Narration Withdrawal Deposit Balance']],
      ['EBILL', ['Consumer No : 170012345678', 'Units Consumed 206', 'Bill Date : 12-03-2024', 'Amount Payable 1,230.00']],
      ['FSSAI_CERTIFICATE', ['Food Safety and Standards Act, 2006', 'License No. 10012345678901', 'Kind of Business : Manufacturer']],
      ['AADHAAR', ['Rahul Sharma', 'DOB: 15/08/1990', 'MALE', AADHAAR_SPACED]],
      ['PAN', ['RAHUL SHARMA', "Father's Name", 'SURESH SHARMA', 'Date of Birth', '15/08/1990', 'ABCPS1234K']],
    ];
    for (const [type, lines] of cases) expect(classify(modelFromLines(lines)).type, type).toBe(type);
  });

  it('an e-Aadhaar cut-out printing its number twice on one line, an old PAN card without captions, Udyam and FSSAI captions', () => {
    const cases: [string, string[]][] = [
      ['AADHAAR', ['Shabana Barua', 'DOB: 15/08/1990', 'FEMALE', `${AADHAAR_SPACED} ${AADHAAR_SPACED}`]],
      ['PAN', ['RAHUL SHARMA', 'SURESH SHARMA', '15/08/1990', 'ABCPS1234K']],
      ['UDYAM_CERT', ['Name of Enterprise : STAR SERVICES', 'Type of Enterprise : SMALL', 'Major Activity : Services', 'Social Category : General', 'Date of Commencement : 18/04/2021']],
      ['FSSAI_CERTIFICATE', ['LICENSE NO.', '15101160234708', 'NAME OF BUSINESS : Royal Foods', 'ADDRESS OF PREMISES : 296, Gandhi Nagar, Kolkata - 700256']],
    ];
    for (const [type, lines] of cases) expect(classify(modelFromLines(lines)).type, type).toBe(type);
    // 12 of a 16-digit VID's digits are no Aadhaar number
    expect(classify(modelFromLines(['VID : 9123 4567 8901 2345', 'Rahul Sharma'])).scores.AADHAAR ?? 0).toBeLessThan(2);
  });
});

describe('an address without a PIN', () => {
  it('is complete when it ends in its state after a street and a town (a certificate\'s address field only)', () => {
    expect(plausible('address', '12, MG Road, Kothrud, Pune, Maharashtra')).toBe('pass');
    expect(plausible('address', '12, MG Road, Kothrud')).toBe('fail');
    expect(plausible('customer_address', '12, MG Road, Kothrud, Pune, Maharashtra')).toBe('fail');
  });
});

describe('OCR leaders and specks around labelled values', () => {
  it('a date past leader specks read as cells ("Valid Upto . itl 2 .. 14-02-2026"); braces in a registration number', () => {
    const m = pageFromRows([
      [0.03, [0.3, 'Rajasthan Shops and Establishments Act']],
      [0.1, [0.05, 'Certificate No.'], [0.4, 'SEA/R}J/458120']],
      [0.13, [0.05, 'Valid Upto .'], [0.2, 'itl'], [0.35, '2'], [0.45, '14-02-2026']],
    ]);
    const d = extractFields('SHOP_ACT_LICENSE', m).data;
    expect([d.registration_number.value, d.valid_upto.value]).toEqual(['SEA/RJ/458120', '14/02/2026']);
  });

  it('a titled name at the top left is the consumer by position when no address under it could be read', () => {
    const m = pageFromRows([
      [0.03, [0.05, 'Nexa Telecom'], [0.7, 'Postpaid Bill']],
      [0.1, [0.05, 'Mr. Sunil Khan'], [0.55, 'Relationship No. :'], [0.75, '5.31416047']],
      [0.12, [0.05, 'Ee wore secon']],
    ]);
    const d = extractFields('EBILL', m).data;
    expect(d.consumer_name.value).toBe('Sunil Khan');
    expect(d.consumer_name.confidence_score).toBeLessThanOrEqual(0.6);
  });
});

describe('unseen layouts (dev2): keys the layout model reads in part', () => {
  it('a key continued on a line of its own is read whole: "Name of Food Business" / "Operator" is the operator, not the business', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Registration Certificate']],
      [0.1, [0.15, 'Name of Food Business'], [0.45, 'Aarti Rathore']],
      [0.117, [0.15, 'Operator']],
      [0.15, [0.15, 'Name of Business / Shop'], [0.45, 'Nandan Sweet Mart']],
      [0.19, [0.15, 'Address of Premises'], [0.45, 'Ward No. 23, Ring Road, Nagpur, Maharashtra - 440034']],
    ]);
    const d = extractFields('FSSAI_CERTIFICATE', m).data;
    expect(d.business_name.value).toBe('Nandan Sweet Mart');
    expect(d.business_name.confidence_score).toBeGreaterThan(0.85);
  });

  it('a right-aligned key wrapped over two lines; an empty key above it ("Additional trade names, if any") heads nothing', () => {
    // key column right-aligned at x = 0.40 (0.011 per character)
    const right = (t: string): [number, string] => [0.4 - 0.011 * t.length, t];
    const m = pageFromRows([
      [0.05, [0.35, 'Form GST REG-06']],
      [0.1, right('Legal Name'), [0.45, 'PADMAVATI AGRITECH PRIVATE LIMITED']],
      [0.13, right('Additional trade names, if any')],
      [0.16, right('Address of Principal Place of'), [0.45, 'Ward No. 50, Canal Bank Road, Near Railway']],
      [0.177, right('Business'), [0.45, 'Crossing, Model Town, Bhubaneswar, Odisha 751036']],
      [0.21, right('Date of Liability'), [0.45, '18-03-2024']],
    ]);
    expect(extractFields('GST_CERT', m).data.address.value).toBe('Ward No. 50, Canal Bank Road, Near Railway, Crossing, Model Town, Bhubaneswar, Odisha 751036');
  });

  it('a key of six words the layout leaves unpaired still gives the cell beside it; an annexure\'s address is not it', () => {
    const rows = (principal: boolean) =>
      pageFromRows([
        [0.05, [0.35, 'Form GST REG-06']],
        [0.1, [0.06, '1.'], [0.12, 'Legal Name'], [0.45, 'PADMAVATI AND COMPANY']],
        ...(principal ? ([[0.13, [0.06, '4.'], [0.12, 'Address of Principal Place of Business'], [0.6, 'Khasra No. 67/23, Gandhi Ganj, Patna, Bihar 800028']]] as [number, ...[number, string][]][]) : []),
        [0.17, [0.06, '5.'], [0.12, 'Date of Liability'], [0.45, '02/07/2024']],
        [0.3, [0.35, 'Details of Additional Places of Business']],
        [0.33, [0.06, 'Sr. No.'], [0.2, 'Address']],
        [0.35, [0.06, '1'], [0.2, 'Ward No. 1, Zoo Road, Patna - 800038, Bihar']],
      ]);
    expect(extractFields('GST_CERT', rows(true)).data.address.value).toBe('Khasra No. 67/23, Gandhi Ganj, Patna, Bihar 800028');
    // Without the principal place, the only address is the annexure's: returned for review, never trusted.
    const other = extractFields('GST_CERT', rows(false)).data.address;
    expect(other.value).toBe('Ward No. 1, Zoo Road, Patna - 800038, Bihar');
    expect(other.confidence_score).toBeLessThanOrEqual(REFUSED_CAP);
  });

  it('one label naming two different values on the page is a guess: sent to review', () => {
    const m = pageFromRows([
      [0.1, [0.1, 'Business Name'], [0.45, 'Nandan Sweet Mart']],
      [0.2, [0.1, 'Business Name'], [0.45, 'Rathore Caterers']],
    ]);
    const f = textByLabels(m, [/business\s*name/i]);
    expect(f?.value).toBe('Nandan Sweet Mart');
    expect(f!.confidence_score).toBeLessThanOrEqual(DISAGREED_CAP);
    const one = textByLabels(pageFromRows([[0.1, [0.1, 'Business Name'], [0.45, 'Nandan Sweet Mart']]]), [/business\s*name/i]);
    expect(one!.confidence_score).toBeGreaterThan(0.85);
  });

  it('an address holding its key\'s words or part labels fails its validator', () => {
    expect(plausible('address', 'of Principal Place of, Ward No. 50, Canal Bank Road, Business, Bhubaneswar, Odisha 751036')).toBe('fail');
    expect(plausible('address', 'Flat/Door/Block No. D.No. 74-15, Ring Road, Road/Street/Lane Opp. School, Raipur 492025')).toBe('fail');
    expect(plausible('address', 'D.No. 74-15-12, Ring Road, Opp. Municipal School, Raipur, Chhattisgarh 492025')).toBe('pass');
  });
});

describe('unseen layouts (dev2): captions, tables read as cells, sentences that name a caption', () => {
  it('values under a row of captions: a bill\'s summary boxes, a statement\'s "From Date | To Date"', () => {
    const bill = pageFromRows([
      [0.03, [0.05, 'Kestrel Mobile'], [0.8, 'Postpaid Bill']],
      [0.1, [0.6, 'Bill Date'], [0.74, '13-JUL-2024']],
      [0.28, [0.04, 'Previous Balance'], [0.24, 'Payments'], [0.36, 'Adjustments'], [0.5, 'Payable after Due Date'], [0.78, 'Amount Payable']],
      [0.32, [0.04, '₹ 871.00'], [0.24, '- ₹ 871.00'], [0.36, '₹ 0.00'], [0.5, '₹ 894.14'], [0.78, '₹ 794.14']],
    ]);
    expect(extractFields('EBILL', bill).data.amount_due.value).toBe(794.14);
    expect(valueUnderCaption(bill, [/amount\s*payable/i], (t) => /\d/.test(t), { avoid: /after/i })?.text).toBe('₹ 794.14');
    const statement = pageFromRows([
      [0.03, [0.04, 'Sahyadri Commercial Bank Ltd.'], [0.7, 'ACCOUNT STATEMENT']],
      [0.126, [0.04, 'Account Name'], [0.32, 'Account No.'], [0.47, 'IFSC'], [0.59, 'From Date'], [0.72, 'To Date'], [0.85, 'Currency']],
      [0.152, [0.04, 'M/S JANATA AGRO'], [0.32, '40026443567140'], [0.47, 'SCBQ0366248'], [0.59, '01/12/2025'], [0.72, '30/11/2026'], [0.85, 'INR']],
      [0.2, [0.04, 'Sanction Limit: 23,00,000.00'], [0.4, 'Limit Expiry: 26/08/2027']],
    ]);
    const d = extractFields('BANK_STATEMENT', statement).data;
    expect([d.period_from.value, d.period_to.value]).toEqual(['01/12/2025', '30/11/2026']);
  });

  it('an address table of parts with "City / Town"; the latest year of a classification table read cell by cell', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.1, [0.07, 'UDYAM REGISTRATION NUMBER'], [0.4, 'UDYAM-CG-28-2629441']],
      [0.14, [0.07, 'TYPE OF ENTERPRISE']],
      [0.165, [0.41, 'SNO.'], [0.46, 'CLASSIFICATION YEAR'], [0.64, 'ENTERPRISE TYPE']],
      [0.185, [0.41, '1'], [0.46, '2022-23'], [0.64, 'Micro']],
      [0.205, [0.41, '2'], [0.46, '2024-25'], [0.64, 'Small']],
      [0.3, [0.07, 'OFFICIAL ADDRESS OF ENTERPRISE']],
      [0.325, [0.41, 'Flat/Door/Block No.'], [0.66, 'D.No. 74-15-12, Ring Road']],
      [0.345, [0.41, 'Road/Street/Lane'], [0.66, 'Opp. Municipal School']],
      [0.365, [0.41, 'City / Town'], [0.66, 'Raipur']],
      [0.385, [0.41, 'State'], [0.66, 'Chhattisgarh']],
      [0.405, [0.41, 'Pin'], [0.66, '492025']],
      [0.45, [0.07, 'DATE OF UDYAM REGISTRATION'], [0.4, '25/01/2022']],
    ]);
    const d = extractFields('UDYAM_CERT', m).data;
    expect(d.address.value).toBe('D.No. 74-15-12, Ring Road, Opp. Municipal School, Raipur, Chhattisgarh, 492025');
    expect(d.enterprise_type.value).toBe('SMALL');
  });

  it('"date of birth" inside a sentence is no caption: the name is the one above the card\'s DOB', () => {
    const m = modelFromLines([
      'Unique Identification Authority of India',
      'Information',
      '• Aadhaar is a proof of identity, not of citizenship or date of birth.',
      'Shabana Barua',
      'Janm Tithi/DOB: 16/04/1965',
      'FEMALE',
      AADHAAR_SPACED,
    ]);
    expect(extractFields('AADHAAR', m).data.name.value).toBe('Shabana Barua');
  });
});

describe('unseen layouts (dev2) as OCR read them', () => {
  it('an OCR speck between two address lines is stepped over', () => {
    const m = pageFromRows([
      [0.03, [0.04, 'MYSURU WATER SUPPLY & SEWERAGE BOARD']],
      [0.1, [0.04, 'Connection No.'], [0.2, 'KA50/262903']],
      [0.235, [0.04, 'Address'], [0.18, 'Gala No. 44, Krishna Towers'], [0.6, 'Due Date'], [0.75, '11/06/2024']],
      [0.255, [0.18, 'Temple Road, Saheed Nagar']],
      [0.266, [0.181, '2']],
      [0.277, [0.18, 'Mysuru - 570021, Karnataka']],
    ]);
    expect(extractFields('EBILL', m).data.address.value).toBe('Gala No. 44, Krishna Towers, Temple Road, Saheed Nagar, Mysuru - 570021, Karnataka');
  });

  it('an address whose first cell OCR broke apart is sent to review; a ")" closing a capitalised word is a J', () => {
    const m = pageFromRows([
      [0.03, [0.2, 'GODAVARI ELECTRICITY SUPPLY CORPORATION LTD.']],
      [0.12, [0.05, 'Consumer No.'], [0.2, '1721746292'], [0.6, 'Bill No.'], [0.78, '9695928766']],
      [0.145, [0.05, 'Name'], [0.2, 'DEEPA SAHU'], [0.6, 'Bill Date'], [0.78, '25-11-2024']],
      [0.168, [0.05, 'Address'], [0.2, 'SHOP NO. 34,'], [0.37, 'FLOOR,'], [0.49, 'AM'], [0.6, 'Bill Month'], [0.78, 'NOV-2024']],
      [0.184, [0.2, 'GANDHI GAN), BENZ CIRCLE']],
      [0.2, [0.2, 'VIJAYAWADA - 520004, ANDHRA PRADESH'], [0.6, 'Due Date'], [0.78, '05/12/2024']],
    ]);
    const a = extractFields('EBILL', m).data.address;
    expect(a.value).toBe('SHOP NO. 34, GANDHI GANJ, BENZ CIRCLE, VIJAYAWADA - 520004, ANDHRA PRADESH');
    expect(a.confidence_score).toBeLessThanOrEqual(SPLIT_CELL_CAP);
    expect(finishAddress('Plot 4 (Near Temple), KOTHRUD, PUNE')).toBe('Plot 4 (Near Temple), KOTHRUD, PUNE');
  });

  it('an address line OCR cut in two mid-word continues in the piece touching it; a colon read as "1" is not part of an account number', () => {
    // the second piece is a line of its own that starts where the first ends
    const withPiece = pageFromRows([
      [0.05, [0.3, 'The Andhra Pradesh Shops and Establishments Act, 1988']],
      [0.2, [0.05, 'Name of the Establishment'], [0.4, 'Nandan Family Restaurant']],
      [0.3, [0.05, 'Address of the Establishment'], [0.4, 'House No. 46, Nehru Chowk, Vijayawa']],
      [0.3001, [0.787, 'da, Andhra Pradesh 520036']],
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', withPiece).data.address.value).toBe('House No. 46, Nehru Chowk, Vijayawada, Andhra Pradesh 520036');
    const statement = pageFromRows([
      [0.03, [0.2, 'SHRI VARDHAMAN URBAN CO-OPERATIVE BANK LTD.']],
      [0.1, [0.05, 'STATEMENT OF ACCOUNT']],
      [0.15, [0.08, 'A/C NO.'], [0.19, '1 79117024375082'], [0.64, 'A/C TYPE'], [0.74, 'SAVINGS DEPOSIT']],
    ]);
    expect(extractFields('BANK_STATEMENT', statement).data.account_number.value).toBe('79117024375082');
  });

  it('a row of specks between an address heading and its parts table; a dotted leader read as small letters before a number', () => {
    const udyam = pageFromRows([
      [0.05, [0.3, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.1, [0.07, 'UDYAM REGISTRATION NUMBER'], [0.4, 'UDYAM-CG-28-2629441']],
      [0.3, [0.07, 'OFFICIAL ADDRESS OF ENTERPRISE']],
      [0.315, [0.75, 'Dl'], [0.9, '1']],
      [0.33, [0.41, 'Flat/Door/Block No.'], [0.66, 'D.No. 74-15-12, Ring Road']],
      [0.35, [0.41, 'Road/Street/Lane'], [0.66, 'Opp. Municipal School']],
      [0.37, [0.41, 'City / Town'], [0.66, 'Raipur']],
      [0.39, [0.41, 'Pin'], [0.66, '492025']],
    ]);
    expect(extractFields('UDYAM_CERT', udyam).data.address.value).toBe('D.No. 74-15-12, Ring Road, Opp. Municipal School, Raipur, 492025');
    const shop = modelFromLines([
      'The Karnataka Shops and Commercial Establishments Act, 1961',
      '1, ‘Registration NUMber ..:uwsvvmssumssimssumssmmssis MYS/ALC-2/SE/5718/2021',
      '2. Name of the Establishment : Yashoda Home Appliances',
    ]);
    expect(extractFields('SHOP_ACT_LICENSE', shop).data.registration_number.value).toBe('MYS/ALC-2/SE/5718/2021');
  });

  it('a licence number read in two pieces on its row; "Valid" with a garbled word before the date; a numbered key with alternatives', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Food Safety and Standards Authority of India']],
      [0.1, [0.4, 'Registration No.']],
      [0.12, [0.36, '2327913168706'], [0.62, '4']],
      [0.2, [0.08, '1. Name of Licensee / Company'], [0.5, 'Trimurti Dairy LLP']],
      [0.3, [0.07, '10. Valid UPEO -..oeeeee eee 31/12/2026']],
    ]);
    const d = extractFields('FSSAI_CERTIFICATE', m).data;
    expect(d.license_number.value).toBe('23279131687064');
    expect(d.business_name.value).toBe('Trimurti Dairy LLP');
    expect(d.valid_upto.value).toBe('31/12/2026');
    expect(d.valid_upto.confidence_score).toBeLessThanOrEqual(GARBLED_LABEL_CAP);
  });
});

describe('dev4 general cases (certificates and cards of unseen layouts)', () => {
  it('an address continues through its postal parts\' own labels ("PO: …", "Sub District: …, District: …")', () => {
    const m = pageFromRows([
      [0.3, [0.52, 'Address:']],
      [0.317, [0.52, 'C/O Abhijit Chatterjee, 31, School Road']],
      [0.334, [0.52, 'Kolhapur Wadi, PO: Kamthi']],
      [0.351, [0.52, 'Sub District: Dhamangaon, District: Vellore']],
      [0.368, [0.52, 'Rajasthan - 302008']],
      [0.385, [0.52, 'Mobile: XXXXXX3403']],
    ]);
    expect(extractFields('AADHAAR', m).data.address.value).toBe('31, School Road, Kolhapur Wadi, PO: Kamthi, Sub District: Dhamangaon, District: Vellore, Rajasthan - 302008');
  });

  it('a care-of line read with a digit for its S ("5/0:") is still the care-of; a house number "50," is not', async () => {
    const { stripCareOf } = await import('#core/documents/fields/common.ts');
    expect(stripCareOf('5/0: Santosh Solanki, Flat No. 374, Church Street, Lucknow 226913')).toBe('Flat No. 374, Church Street, Lucknow 226913');
    expect(stripCareOf('50, Gandhi Road, Near Bus Stand, Pune 411001')).toBe('50, Gandhi Road, Near Bus Stand, Pune 411001');
  });

  it('a GST trade name under its caption keeps no "M/S"', () => {
    const d = extractFields(
      'GST_CERT',
      pageFromRows([
        [0.1, [0.3, 'Form GST REG-06']],
        [0.13, [0.3, 'Registration Number : 27AAPFU0939F1ZV']],
        [0.18, [0.07, 'Legal Name']],
        [0.195, [0.07, 'Hema Dubey']],
        [0.228, [0.07, 'TRADE NAME, IF ANY']],
        [0.243, [0.07, 'M/S TRIVENI AGRO FOODS']],
      ]),
    ).data;
    expect([d.legal_name.value, d.trade_name.value]).toEqual(['Hema Dubey', 'TRIVENI AGRO FOODS']);
  });
});

describe('address grids and panel headings (dev4)', () => {
  const landscape = (specks: boolean) =>
    pageFromRows([
      [0.18, [0.03, 'Name of Enterprise'], [0.26, 'ANJANEYA SPICES']],
      [0.285, [0.03, 'Social Category'], [0.26, 'OBC']],
      [0.299, [0.52, 'Address of Plant(s) / Unit(s)']],
      [0.32, [0.03, 'Mobile'], [0.26, '65******05'], [0.53, 'H.No. 410, Om Residency, Bypass Road, Pune']],
      [0.34, [0.53, 'Maharashtra - 411974']],
      [0.44, [0.03, 'Date of Udyam Registration'], [0.4, '25-09-2024']],
      [0.495, [0.03, 'Official Address of Enterprise']],
      [0.535, [0.01, 'Flat No.'], [0.15, 'Premises/ Building'], [0.4, 'Road/Street'], [0.56, 'City'], [0.66, 'State'], [0.85, 'Pin']],
      ...(specks ? ([[0.552, [0.15, 'T'], [0.56, 'T']]] as [number, ...[number, string][]][]) : []),
      [0.569, [0.01, 'Gala 70'], [0.15, 'Ganesh Udyog'], [0.4, 'Station Rd'], [0.56, 'Pune'], [0.66, 'Maharashtra'], [0.85, '411571']],
    ]);
  it('an official address printed as a one-row grid of parts is read column by column, over the rules\' specks; the plant panel heading on the right heads nothing on the left', () => {
    for (const specks of [false, true]) expect(extractFields('UDYAM_CERT', landscape(specks)).data.address.value).toBe('Gala 70, Ganesh Udyog, Station Rd, Pune, Maharashtra, 411571');
  });
});

describe('renewal endorsements (dev4)', () => {
  const cert = (stamps: string[][]) =>
    pageFromRows([
      [0.1, [0.3, 'REGISTRATION CERTIFICATE']],
      [0.18, [0.07, 'Registration No.'], [0.38, 'CHN/77212/2018']],
      [0.44, [0.07, 'Valid upto'], [0.38, '31-12-2020']],
      [0.6, [0.06, 'ENDORSEMENT OF RENEWAL']],
      ...stamps.map((cells, i) => [0.64 + i * 0.016, ...cells.map((t, k) => [0.15 + k * 0.32, t] as [number, string])] as [number, ...[number, string][]]),
    ]);
  it('the latest renewal stamp\'s "Upto" date supersedes the printed validity', () => {
    const f = extractFields('SHOP_ACT_LICENSE', cert([['RENEWED', 'RENEWED'], ['Upto 31-12-2021', 'Upto 31-12-2022'], ['Fee Rs. 750/- paid', 'Fee Rs. 300/- paid']])).data.valid_upto;
    expect(f.value).toBe('31/12/2022');
  });
  it('without stamps the printed validity stands; stamped "RENEWED" without a readable date sends it to review', () => {
    const none = extractFields('SHOP_ACT_LICENSE', cert([['(No renewal endorsed)']])).data.valid_upto;
    expect([none.value, none.confidence_score > 0.85]).toEqual(['31/12/2020', true]);
    const faint = extractFields('SHOP_ACT_LICENSE', cert([['RENEWED'], ['Fee Rs. 750/- paid']])).data.valid_upto;
    expect(faint.value).toBe('31/12/2020');
    expect(faint.confidence_score).toBeLessThanOrEqual(SUPERSEDED_CAP);
  });
});
