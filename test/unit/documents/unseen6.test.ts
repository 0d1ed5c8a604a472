/**
 * Certificates and identity documents on layouts of the sixth dev set (test/fixtures/documents/dev6:
 * written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { classify, extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

/** A page whose every cell is a LINE of its own (the engine did not join a row's cells). */
const cellLines = (rows: [number, ...[number, string][]][]) => pageFromRows(rows.flatMap(([top, ...cells]) => cells.map((c) => [top, c] as [number, [number, string]])));

describe('FSSAI: a company outlet licence (Form C) and a home kitchen registration', () => {
  const outlet = (numberRow: string) =>
    pageFromRows([
      [0.05, [0.19, 'Food Safety and Standards Authority of India']],
      [0.14, [0.17, 'CENTRAL LICENCE UNDER FOOD SAFETY AND STANDARDS ACT, 2006']],
      [0.17, [0.08, numberRow]],
      [0.2, [0.08, 'Application No. : 17309798177'], [0.76, 'Issued on : 07/12/2025']],
      [0.23, [0.08, '1. Name and Registered Office Address of the Licensee']],
      [0.25, [0.11, 'M/s. Ganga Foods Restaurants Private Limited']],
      [0.27, [0.11, 'Shop No. 65, Green Park Society, Canal Road, Tambaram']],
      [0.29, [0.11, 'Mumbai, Maharashtra - 400148']],
      [0.32, [0.08, '2. Address of the premises for which licence is issued']],
      [0.34, [0.11, 'Unit S-18, Ground Floor, Nexus Square, Shanti Niwas']],
      [0.36, [0.11, 'Canal Road, Velachery, Kolkata, West Bengal - 700556']],
      [0.38, [0.08, '3. Kind of Business']],
      [0.4, [0.11, 'Food Service - Cafe / Bakery outlet']],
      [0.51, [0.08, '5. This licence is granted under and is subject to the provisions of the Food Safety and Standards Act,']],
      [0.53, [0.08, '2006 and the regulations made thereunder, and shall be in force for 5 year(s) from the date of issue,']],
      [0.55, [0.08, 'i.e. up to 14th March, 2030. An application for renewal shall be made before 12/02/2030.']],
      [0.75, [0.8, 'Date: 07/12/2025']],
    ]);

  it('reads the number printed one digit per box, the box edges read as bars and brackets and a squeezed 0 as "e" (a repair, scored lower)', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. |1]e]e|1]1]8]e[8]1]8]|0]7]5]4]')).data;
    expect(d.license_number.value).toBe('10011808180754');
    expect(d.license_number.confidence_score).toBeLessThan(0.8);
  });

  it('does not read boxes whose cells hold two glyphs or slashes (a digit or an edge?)', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. |1/9/0|1/1/8/0/8|1/8/0|7|5 4')).data;
    expect(d.license_number.value).toBe('');
  });

  it('takes the company under the numbered "Name and Registered Office Address of the Licensee" particular, without M/s', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.business_name.value).toBe('Ganga Foods Restaurants Private Limited');
  });

  it('takes the premises "for which licence is issued", without the key\'s tail, never the registered office', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.address.value).toBe('Unit S-18, Ground Floor, Nexus Square, Shanti Niwas, Canal Road, Velachery, Kolkata, West Bengal - 700556');
  });

  it('reads the validity from "shall be in force … i.e. up to <date>", not the renewal-by or issue date', () => {
    const d = extractFields('FSSAI_CERTIFICATE', outlet('Licence No. 10011808180754')).data;
    expect(d.valid_upto.value).toBe('14/03/2030');
  });

  it('a company name OCR read as two cells of its line ("M/s. Ganga F. ‖ Private Limited": words lost between) is kept for review', () => {
    const m = outlet('Licence No. 10011808180754');
    const broken = pageFromRows([
      [0.23, [0.08, '1. Name and Registered Office Address of the Licensee']],
      [0.25, [0.11, 'M/s. Ganga F.'], [0.4, 'Private Limited']],
      [0.27, [0.11, 'Shop No. 65, Green Park Society, Canal Road, Tambaram']],
      [0.29, [0.11, 'Mumbai, Maharashtra - 400148']],
      [0.51, [0.08, 'Food Safety and Standards Authority of India licence granted under the Act']],
    ]);
    const d = extractFields('FSSAI_CERTIFICATE', broken).data;
    expect(d.business_name.value).toBe('Ganga F. Private Limited');
    expect(d.business_name.confidence_score).toBeLessThanOrEqual(0.5);
    expect(extractFields('FSSAI_CERTIFICATE', m).data.business_name.confidence_score).toBeGreaterThan(0.8);
  });

  it('on a home kitchen registration the establishment is the business, the food business operator a person', () => {
    const m = pageFromRows([
      [0.07, [0.27, 'Food Safety and Standards Authority of India']],
      [0.14, [0.3, 'FOOD REGISTRATION CERTIFICATE']],
      [0.19, [0.24, 'Panjikaran Sankhya']],
      [0.2, [0.24, 'Registration No.'], [0.54, '23332553569154']],
      [0.25, [0.08, 'Khadya Vyavsay Sanchalak ka Naam']],
      [0.267, [0.08, 'Name of Food Business Operator']],
      [0.282, [0.09, 'Smt. Kavita Hussain']],
      [0.31, [0.08, 'Vyavsay ka Naam']],
      [0.32, [0.08, 'Name of the Establishment']],
      [0.335, [0.09, 'Kavita Home Kitchen']],
      [0.417, [0.08, 'Parisar ka Pata']],
      [0.427, [0.08, 'Address of Kitchen Premises']],
      [0.442, [0.09, 'H.No. 468, Tilak Road, Near Bus Stand']],
      [0.458, [0.09, 'Hadapsar, Kolkata 700333, West Bengal']],
      [0.626, [0.08, 'Vaidhta']],
      [0.636, [0.08, 'Valid Upto']],
      [0.651, [0.09, '04-08-2023']],
    ]);
    const d = extractFields('FSSAI_CERTIFICATE', m).data;
    expect(d.business_name.value).toBe('Kavita Home Kitchen');
    expect(d.address.value).toBe('H.No. 468, Tilak Road, Near Bus Stand, Hadapsar, Kolkata 700333, West Bengal');
  });
});

describe('GST: a REG-06 printed from inside the portal', () => {
  const portal = () =>
    pageFromRows([
      [0.04, [0.1, 'Goods and Services Tax'], [0.8, 'Logged in as vishnu591']],
      [0.058, [0.72, 'Last logged in: 16-12-2025 17:18']],
      [0.116, [0.03, 'Dashboard > Services > User Services > View / Download Certificates']],
      [0.164, [0.53, 'Form GST REG-06']],
      [0.196, [0.47, 'Registration Certificate']],
      [0.225, [0.03, 'Payments'], [0.3, 'Registration Number : 09MGGPB4593N1ZL']],
      [0.258, [0.03, 'User Services'], [0.25, '1.'], [0.28, 'Legal Name'], [0.56, 'VISHNU BAJA)']],
      [0.277, [0.25, '2. Trade Name, if any'], [0.56, 'Udaan Kirana Bhandar']],
      [0.295, [0.25, '3.'], [0.28, 'Constitution of Business'], [0.56, 'Proprietorship']],
      [0.36, [0.03, 'eis ard CEs'], [0.25, '5. Date of Liability'], [0.56, '13/08/2018']],
      [0.379, [0.25, '6. Period of Validity'], [0.56, 'From : 17/08/2018']],
      [0.489, [0.25, '9. Date of issue of'], [0.56, '19/08/2018']],
      [0.531, [0.03, 'Note: The registration certificate is required to be prominently displayed at all places of business in the']],
      [0.935, [0.03, 'Site Last Updated on 30-11-2025']],
    ]);

  it('reads "5. Date of Liability" whose line OCR joined with the left menu\'s words', () => {
    expect(extractFields('GST_CERT', portal()).data.date_of_registration.value).toBe('13/08/2018');
  });

  it('reads a closing bracket ending a name in capitals, with no opening one, as the J it was', () => {
    expect(extractFields('GST_CERT', portal()).data.legal_name.value).toBe('VISHNU BAJAJ');
  });
});

describe('GST: the GSTIN OCR split in two on its row', () => {
  it('joins the pieces after the label when the checksum confirms them (one repair more)', () => {
    const m = cellLines([
      [0.056, [0.42, 'Form GST REG-06']],
      [0.091, [0.36, 'Registration Certificate']],
      [0.151, [0.065, 'Registration Number : 36GODHP93,'], [0.42, '85A3Z0']],
      [0.18, [0.086, '1'], [0.12, 'Legal Name'], [0.412, 'PRABHA KURIAN (HUF)']],
      [0.206, [0.086, '2'], [0.12, 'Trade Name, if any'], [0.412, 'Kamdhenu Opticals']],
    ]);
    const d = extractFields('GST_CERT', m).data;
    expect(d.gstin.value).toBe('36GODHP9385A3Z0');
    expect(d.gstin.confidence_score).toBeLessThan(0.97);
  });

  it('does not join pieces the checksum refuses', () => {
    const m = cellLines([
      [0.056, [0.42, 'Form GST REG-06']],
      [0.151, [0.065, 'Registration Number : 36GODHP93,'], [0.42, '85A3Z1']],
    ]);
    expect(extractFields('GST_CERT', m).data.gstin.value).not.toBe('36GODHP9385A3Z1');
  });
});

describe('AADHAAR: a lender\'s KYC sheet around a copy of the card', () => {
  const sheet = (careOfRow: string, nearRow: [number, string] = [0.53, 'Near Water Tank, Behala']) =>
    pageFromRows([
      [0.04, [0.16, 'Vardhan Housing Finance Ltd.'], [0.77, 'Appl. No. : HL63352354']],
      [0.06, [0.16, 'KYC DOCUMENT VERIFICATION SHEET']],
      [0.161, [0.18, 'Government of India'], [0.57, 'Unique Identification Authority of India']],
      [0.182, [0.53, 'Address:']],
      [0.188, [0.2, 'Gayatri Chauhan']],
      [0.198, [0.53, careOfRow]],
      [0.209, [0.2, 'DOB: 12/07/1988'], [0.53, 'Door No. 48-27, Old Mill Road']],
      [0.225, [0.2, 'Female / FEMALE'], nearRow],
      [0.239, [0.53, 'Hyderabad 500375, Telangana']],
      [0.283, [0.17, '6877 2115 0662'], [0.61, '6877 2115 0662']],
      [0.365, [0.06, 'Applicant details (filled by branch)']],
      [0.392, [0.07, 'Applicant Name'], [0.43, 'MRS. GAYATRI CHAUHAN']],
      [0.42, [0.07, 'Relationship with borrower'], [0.43, 'Co-applicant']],
      [0.447, [0.07, 'Present Address (if not as per OVD)'], [0.43, 'Shop No. 99, Shanti Niwas, College Road']],
      [0.463, [0.43, 'Gomti Nagar, Kolkata']],
      [0.479, [0.43, 'West Bengal - 700450']],
    ]);

  it('the name is the card\'s, never the applicant row\'s titled name nor the row under it', () => {
    expect(extractFields('AADHAAR', sheet('D/O Anirudh Chauhan')).data.name.value).toBe('Gayatri Chauhan');
  });

  it('the applicant row naming the same person confirms the card\'s unlabelled name (agreed, above 0.6)', () => {
    expect(extractFields('AADHAAR', sheet('D/O Anirudh Chauhan')).data.name.confidence_score).toBeGreaterThan(0.6);
  });

  it('drops the care-of that heads the address though an OCR speck precedes it', () => {
    expect(extractFields('AADHAAR', sheet('‘D/O Anirudh Chauhan')).data.address.value).toBe('Door No. 48-27, Old Mill Road, Near Water Tank, Behala, Hyderabad 500375, Telangana');
  });

  it('keeps an address line whose left edge a speck moved, under the line above, and reads its semicolon as the comma', () => {
    expect(extractFields('AADHAAR', sheet('D/O Anirudh Chauhan', [0.514, 'Near Water Tank; Behala'])).data.address.value).toBe(
      'Door No. 48-27, Old Mill Road, Near Water Tank, Behala, Hyderabad 500375, Telangana',
    );
  });
});

describe('PAN: a document wallet\'s record with captions above values', () => {
  it('reads the holder under "Name as per PAN", not the caption\'s tail', () => {
    const m = pageFromRows([
      [0.051, [0.05, '< PAN Verification Record']],
      [0.075, [0.11, 'Income Tax Department']],
      [0.429, [0.09, 'Details']],
      [0.463, [0.1, 'Name as per PAN']],
      [0.48, [0.09, 'CHANDRAKANT VARGHESE']],
      [0.51, [0.1, 'PAN Number']],
      [0.528, [0.1, 'PVLPV2905G']],
      [0.558, [0.1, "Father's Name"]],
      [0.575, [0.09, 'VISHNU VARGHESE']],
      [0.606, [0.1, 'DOB']],
      [0.623, [0.1, '17 Oct 1985']],
      [0.75, [0.1, 'Issued On']],
      [0.767, [0.09, '05 May 2022']],
    ]);
    const d = extractFields('PAN', m).data;
    expect(d.name_as_per_pan.value).toBe('CHANDRAKANT VARGHESE');
    expect(d.father_name.value).toBe('VISHNU VARGHESE');
    expect(d.dob.value).toBe('17/10/1985');
  });
});

describe('SHOP_ACT: a renewal receipt-cum-certificate', () => {
  it('the validity is the renewed period\'s end, never the "Earlier valid upto" beside it, and the renewal\'s own key is not superseded', () => {
    const m = pageFromRows([
      [0.022, [0.23, 'Shram Vibhag, Rajasthan / Labour Department, Rajasthan']],
      [0.043, [0.28, 'The Rajasthan Shops and Commercial Establishments Act, 1958']],
      [0.058, [0.32, 'RENEWAL RECEIPT-CUM-CERTIFICATE']],
      [0.093, [0.07, 'Receipt No. : SE044151667'], [0.7, 'Receipt Date : 03.02.2023']],
      [0.141, [0.08, 'S.No.'], [0.15, 'Particulars'], [0.5, 'Period'], [0.8, 'Amount (Rs.)']],
      [0.163, [0.09, '1'], [0.15, 'Renewal fee'], [0.5, '01.01.2023 to 31.12.2023'], [0.85, '400.00']],
      [0.278, [0.36, 'CERTIFICATE OF RENEWAL']],
      [0.361, [0.08, 'Registration No.'], [0.5, 'Name of Establishment']],
      [0.376, [0.08, 'RJ/JOD/SE/2018/56302'], [0.5, 'Padmini Engineering']],
      [0.405, [0.07, 'Address of Establishment'], [0.5, 'Name of Employer / Owner']],
      [0.419, [0.08, '34/3, Church Street'], [0.5, 'Arvind Nair']],
      [0.434, [0.08, 'Opp. SBI ATM, Hadapsar']],
      [0.449, [0.07, 'Jodhpur 342358, Rajasthan']],
      [0.552, [0.08, 'Earlier valid upto'], [0.5, 'Renewed Valid upto']],
      [0.567, [0.08, '31.12.2022'], [0.5, '31.12.2023']],
      [0.609, [0.07, 'Date : 03.02.2023']],
    ]);
    const d = extractFields('SHOP_ACT_LICENSE', m).data;
    expect(d.valid_upto.value).toBe('31/12/2023');
    expect(d.valid_upto.confidence_score).toBeGreaterThan(0.8);
  });
});

describe('UDYAM: the official address as a grid of part labels and values', () => {
  it('keeps a part whose label OCR read with a trailing comma ("Village/Town,")', () => {
    const m = pageFromRows([
      [0.109, [0.13, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.159, [0.05, 'UDYAM REGISTRATION NUMBER'], [0.22, 'UDYAM-UP-36-0337459']],
      [0.198, [0.05, 'NAME OF ENTERPRISE'], [0.22, 'CHETAK PLASTICS LLP']],
      [0.507, [0.05, 'OFFICIAL ADDRESS OF ENTERPRISE']],
      [0.535, [0.05, 'Flat/Door/Block No.'], [0.3, 'Plot No. 16'], [0.48, 'Name of Premises/ Building'], [0.81, 'Sunrise Complex']],
      [0.558, [0.05, 'Village/Town,'], [0.3, 'Ambattur'], [0.48, 'Block'], [0.81, 'Sriperumbudur']],
      [0.581, [0.05, 'Road/street/Lane'], [0.3, 'Service Road'], [0.48, 'City'], [0.81, 'Lucknow']],
      [0.609, [0.05, 'State'], [0.3, 'UTTAR PRADESH'], [0.48, 'District'], [0.81, 'LUCKNOW']],
      [0.638, [0.05, 'Pin'], [0.3, '226389']],
      [0.666, [0.05, 'Mobile'], [0.3, '8143033519'], [0.48, 'Email'], [0.81, 'chetak17@gmail.com']],
      [0.805, [0.05, 'DATE OF UDYAM REGISTRATION'], [0.22, '11/10/2020']],
    ]);
    expect(extractFields('UDYAM_CERT', m).data.address.value).toBe('Plot No. 16, Sunrise Complex, Ambattur, Sriperumbudur, Service Road, Lucknow, UTTAR PRADESH, LUCKNOW, 226389');
  });
});

describe('confidence: a labelled value holding a code OCR itself doubted', () => {
  it('is capped at DOUBTFUL_CODE_CAP when a word with a digit and a letter or slash read below 45', async () => {
    const { field, DOUBTFUL_CODE_CAP } = await import('#core/documents/fields/common.ts');
    const w = (text: string, confidence: number) => ({ text, confidence, box: { Left: 0.1, Top: 0.1, Width: 0.05, Height: 0.01 }, page: 1 }) as never;
    const doubted = field('X1L/882, Bank Junction', [w('X1L/882,', 35), w('Bank', 96), w('Junction', 93)], { kind: 'labelled', via: 'pair' });
    expect(doubted.confidence_score).toBe(DOUBTFUL_CODE_CAP);
    const sure = field('XL/882, Bank Junction', [w('XL/882,', 90), w('Bank', 96), w('Junction', 93)], { kind: 'labelled', via: 'pair' });
    expect(sure.confidence_score).toBeGreaterThan(0.85);
    const word = field('Keshav Traders', [w('Keshav', 40), w('Traders', 96)], { kind: 'labelled', via: 'pair' });
    expect(word.confidence_score).toBeGreaterThan(DOUBTFUL_CODE_CAP);
  });
});

describe('UDYAM: two pages printed on one sheet', () => {
  it('reads the parts table under the address heading, not the other page\'s word on the heading\'s row', () => {
    const m = pageFromRows([
      [0.109, [0.13, 'UDYAM REGISTRATION CERTIFICATE'], [0.7, 'ANNEXURE']],
      [0.159, [0.03, 'UDYAM REGISTRATION NUMBER'], [0.4, 'UDYAM-MH-19-0012345']],
      [0.198, [0.03, 'NAME OF ENTERPRISE'], [0.4, 'UDAAN FABRICATORS']],
      [0.506, [0.03, 'OFFICIAL ADDRESS OF ENTERPRISE'], [0.85, 'CHENNAI']],
      [0.536, [0.03, 'Flat/Door/Block No.'], [0.3, 'Plot No. 70'], [0.48, 'Name of Premises/ Building'], [0.8, 'Laxmi Udyog Bhavan']],
      [0.565, [0.03, 'Village/Town'], [0.3, 'Peenya'], [0.48, 'Block'], [0.8, 'Anekal']],
      [0.593, [0.03, 'Road/Street/Lane'], [0.3, 'Sector 7 Road'], [0.48, 'City'], [0.8, 'Mumbai']],
      [0.622, [0.03, 'State'], [0.3, 'MAHARASHTRA'], [0.48, 'District'], [0.8, 'MUMBAI']],
      [0.65, [0.03, 'Pin'], [0.3, '400912']],
      [0.679, [0.03, 'Mobile'], [0.3, '8895276053'], [0.48, 'Email'], [0.8, 'udaan1@gmail.com']],
    ]);
    expect(extractFields('UDYAM_CERT', m).data.address.value).toBe('Plot No. 70, Laxmi Udyog Bhavan, Peenya, Anekal, Sector 7 Road, Mumbai, MAHARASHTRA, MUMBAI, 400912');
  });
  it('steps over the other page\'s line between the heading and the first part row', () => {
    const m = cellLines([
      [0.109, [0.13, 'UDYAM REGISTRATION CERTIFICATE'], [0.7, 'ANNEXURE']],
      [0.159, [0.03, 'UDYAM REGISTRATION NUMBER'], [0.4, 'UDYAM-TS-02-0012345']],
      [0.198, [0.03, 'NAME OF ENTERPRISE'], [0.4, 'UDAAN FABRICATORS']],
      [0.466, [0.03, 'OFFICIAL ADDRESS OF ENTERPRISE'], [0.53, 'For any assistance, you may contact: 1. District Industries Centre: HYDERABAD 2. MSME-DFO:']],
      [0.485, [0.53, 'CHENNAI']],
      [0.506, [0.03, 'Flat/Door/Block No.'], [0.3, 'Plot No. 53'], [0.48, 'Name of Premises/ Building'], [0.8, 'Laxmi Udyog Bhavan']],
      [0.535, [0.03, 'Village/Town'], [0.3, 'Sitapura'], [0.48, 'Block'], [0.8, 'Chinhat']],
      [0.563, [0.03, 'Road/Street/Lane'], [0.3, 'Service Road'], [0.48, 'City'], [0.8, 'Hyderabad']],
      [0.592, [0.03, 'State'], [0.3, 'TELANGANA'], [0.48, 'District'], [0.8, 'HYDERABAD']],
      [0.62, [0.03, 'Pin'], [0.3, '500766']],
      [0.649, [0.03, 'Mobile'], [0.3, '8895276053'], [0.48, 'Email'], [0.8, 'udaan1@gmail.com']],
    ]);
    expect(extractFields('UDYAM_CERT', m).data.address.value).toBe('Plot No. 53, Laxmi Udyog Bhavan, Sitapura, Chinhat, Service Road, Hyderabad, TELANGANA, HYDERABAD, 500766');
  });
});


describe('SHOP_ACT: classification by the Act\'s Hindi name', () => {
  it('a renewal receipt naming the "Dookan Aur Vanijya Adhishthan Adhiniyam" and "Shram Vibhag" is a Shops & Establishments certificate', () => {
    const m = pageFromRows([
      [0.022, [0.19, 'Shram Vibhag, Uttar Pradesh / Labour Department, Uttar Pradesh']],
      [0.043, [0.27, 'Uttar Pradesh Dookan Aur Vanijya Adhishthan Adhiniyam, 1962']],
      [0.058, [0.33, 'RENEWAL RECEIPT-CUM-CERTIFICATE']],
      [0.093, [0.06, 'Receipt No. : RC290658432'], [0.73, 'Receipt Date : 11.01.2025']],
      [0.113, [0.06, 'Received from Omkar Hussain the following amount towards renewal of registration No. UPSA48309484.']],
      [0.141, [0.08, 'S.No.'], [0.14, 'Particulars'], [0.37, 'Period'], [0.84, 'Amount (Rs.)']],
      [0.163, [0.09, '1'], [0.14, 'Renewal fee'], [0.37, '01.01.2025 to 31.12.2025'], [0.86, '400.00']],
      [0.185, [0.09, '2'], [0.14, 'Late fee'], [0.37, '-'], [0.86, '150.00']],
      [0.206, [0.14, 'Total'], [0.86, '550.00']],
      [0.233, [0.06, 'Mode of payment : Debit Card Transaction ID : 526223498640']],
      [0.278, [0.36, 'CERTIFICATE OF RENEWAL']],
      [0.361, [0.08, 'Registration No.'], [0.5, 'Name of Establishment']],
      [0.376, [0.08, 'UPSA48309484'], [0.5, 'Omkar Traders']],
    ]);
        expect(classify(m).type).toBe('SHOP_ACT_LICENSE');
  });
});

describe('SHOP_ACT: Kerala numbered particulars with the colon apart', () => {
  it('reads the value right of a colon given as a line of its own, never the sentence under the key, and a wrapped "Period of validity of" key', () => {
    // each drawn cell its own LINE, as some engines give them (the colon too)
    const rows = (key: string) =>
      cellLines([
        [0.083, [0.25, 'The Kerala Shops and Commercial Establishments Act, 1960']],
        [0.143, [0.32, 'CERTIFICATE OF REGISTRATION']],
        [0.229, [0.08, '1.'], [0.107, 'Registration No.'], [0.429, ':'], [0.443, '8-TVM/2014/79846']],
        [0.256, [0.08, '2.'], [0.107, 'Name of the Shop / Establishment'], [0.429, ':'], [0.443, 'Hariyali Garments']],
        [0.549, [0.08, '11.'], [0.107, 'Date of registration'], [0.429, ':'], [0.443, '11.10.2014']],
        [0.575, [0.08, '12.'], [0.107, key], [0.429, ':'], [0.443, '31.12.2026']],
        [0.59, [0.107, 'registration, up to']],
        [0.608, [0.08, 'Registration fee of Rs. 150/- remitted vide e-receipt No. 804681138 dated 03.10.2014. The certificate shall be']],
      ]);
    expect(extractFields('SHOP_ACT_LICENSE', rows('Registration valid up to')).data.valid_upto.value).toBe('31/12/2026');
    expect(extractFields('SHOP_ACT_LICENSE', rows('Period of validity of')).data.valid_upto.value).toBe('31/12/2026');
  });
});
