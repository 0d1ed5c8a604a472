/**
 * Pages as Indian billing, loan-origination, discom and KYC software prints them, on layouts of the seventeenth
 * dev set (test/fixtures/documents/dev17: written apart from the extractor): each general fix reduced to the
 * few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('EBILL: a spot-billing strip\'s abbreviated captions', () => {
  const strip = (numberCaption: string, number: string) =>
    pageFromRows([
      [0.15, [0.42, 'TUNGA ESCOM']],
      [0.17, [0.4, 'ELECTRICITY BILL']],
      [0.2, [0.24, 'BILL NO 72518002']],
      [0.22, [0.24, 'BILL DATE 01.02.2025']],
      [0.24, [0.24, 'TIME 09:27']],
      [0.27, [0.24, `${numberCaption} ${number}`]],
      [0.29, [0.24, 'NAME KUNDAN SHARMA']],
      [0.31, [0.24, 'ADDR']],
      [0.33, [0.24, 'H.NO. 288, TEMPLE STREET, RAVINDRA NAGAR']],
      [0.35, [0.24, 'SHIVAMOGGA, KARNATAKA - 577250']],
      [0.37, [0.24, 'CATEGORY LT-I(A)']],
      [0.39, [0.24, 'METER NO 20932494']],
      [0.5, [0.24, 'ENERGY CHG 1,050.80']],
      [0.52, [0.24, 'FIXED CHG 230.00']],
      [0.58, [0.24, 'BILL AMT 1,448.00']],
      [0.6, [0.24, 'ARREARS 0.00']],
      [0.62, [0.24, 'ADJ -56.00']],
      [0.65, [0.24, 'NET AMT 1,392.00']],
      [0.67, [0.24, 'DUE DATE 08.02.2025']],
      [0.69, [0.24, 'AMT AFTER DUE DT 1,436.00']],
    ]);

  it('Karnataka\'s "RR NO" / "R.R.NO", "K.NO." and "CONS NO" / "CONS#" are the consumer number', () => {
    expect(extractFields('EBILL', strip('RR NO', 'AB120456')).data.consumer_number.value).toBe('AB120456');
    expect(extractFields('EBILL', strip('R.R.NO', 'PG151575')).data.consumer_number.value).toBe('PG151575');
    expect(extractFields('EBILL', strip('K.NO.', '758066908088')).data.consumer_number.value).toBe('758066908088');
    expect(extractFields('EBILL', strip('CONS#', '1156432871234')).data.consumer_number.value).toBe('1156432871234');
  });

  it('"ADDR" heads the address lines under it', () => {
    expect(extractFields('EBILL', strip('RR NO', 'AB120456')).data.address.value).toBe('H.NO. 288, TEMPLE STREET, RAVINDRA NAGAR, SHIVAMOGGA, KARNATAKA - 577250');
  });

  it('"NET AMT" is the amount due, not the bill amount before arrears and adjustment', () => {
    expect(extractFields('EBILL', strip('RR NO', 'AB120456')).data.amount_due.value).toBe(1392);
  });
});

describe('INVOICE: a Tally voucher prints the consignee above the buyer', () => {
  const voucher = (consignee: string, buyer: string) =>
    pageFromRows([
      [0.02, [0.44, 'Tax Invoice']],
      [0.084, [0.044, 'Krishna Delta Home Needs'], [0.506, 'Invoice No'], [0.739, 'Dated']],
      [0.098, [0.044, 'Ward 3, House 292, Laxmi Market, Hospital Road, Aghoria Bazar'], [0.506, 'BR/1637/24-25'], [0.739, '04 Jun 2024']],
      [0.109, [0.044, 'Muzaffarpur, Bihar - 842502']],
      [0.119, [0.044, 'GSTIN/UIN: 10AABCK1234M1Z5']],
      [0.13, [0.044, 'State Name : Bihar, Code : 10']],
      [0.169, [0.044, consignee], [0.506, "Buyer's Order No."], [0.739, 'Dated']],
      [0.185, [0.044, 'Kesar Ghosh'], [0.506, '8268'], [0.739, '31 May 2024']],
      [0.2, [0.044, 'H.No. 379, Brahmpura, Muzaffarpur, Bihar - 842628']],
      [0.215, [0.044, 'State Name : Bihar, Code : 10']],
      [0.235, [0.044, buyer]],
      [0.25, [0.044, 'Anoop Yadav']],
      [0.265, [0.044, 'Shop No. 58, Brahmpura, Muzaffarpur, Bihar - 842725']],
      [0.28, [0.044, 'Mobile : 7930810081']],
      [0.295, [0.044, 'State Name : Bihar, Code : 10']],
      [0.4, [0.044, 'Total'], [0.8, '₹ 25,999.00']],
    ]);

  it('the buyer (bill to) is the customer, not the consignee (ship to) above it', () => {
    for (const [c, b] of [['Consignee (Ship to)', 'Party'], ['Consignee', 'Buyer (Bill to)'], ['Ship to', 'Billed to'], ['CONSIGNEE (SHIP TO)', 'BUYER']]) {
      const d = extractFields('INVOICE', voucher(c, b)).data;
      expect(d.customer_name.value, `${c} / ${b}`).toBe('Anoop Yadav');
      expect(d.customer_address.value, `${c} / ${b}`).toBe('Shop No. 58, Brahmpura, Muzaffarpur, Bihar - 842725');
    }
  });

  it('a consignee alone is still the customer', () => {
    const page = pageFromRows([
      [0.084, [0.044, 'Krishna Delta Home Needs']],
      [0.098, [0.044, 'Muzaffarpur, Bihar - 842502']],
      [0.169, [0.044, 'Consignee']],
      [0.185, [0.044, 'Kesar Ghosh']],
      [0.2, [0.044, 'H.No. 379, Brahmpura, Muzaffarpur, Bihar - 842628']],
      [0.4, [0.044, 'Total'], [0.8, '₹ 25,999.00']],
    ]);
    expect(extractFields('INVOICE', page).data.customer_name.value).toBe('Kesar Ghosh');
  });
});

describe('PAN: a verification portal\'s print', () => {
  const portal = (entered: string) =>
    pageFromRows([
      [0.066, [0.044, 'PAN Verification Result']],
      [0.09, [0.044, 'PAN Entered uuepm3385q'], [0.4, `${entered} menon girdhari`]],
      [0.106, [0.044, 'DOB Entered 15 Apr 1966'], [0.4, 'Request ID PV105591542758']],
      [0.148, [0.053, 'PAN Status'], [0.25, 'E - Existing and Valid']],
      [0.169, [0.053, 'Last Name'], [0.25, 'MENON']],
      [0.189, [0.053, 'First Name'], [0.25, 'GIRDHARI']],
      [0.21, [0.053, 'Middle Name'], [0.25, '-']],
      [0.229, [0.053, 'Name Match'], [0.25, 'Y']],
      [0.386, [0.183, 'INCOME TAX DEPARTMENT'], [0.6, 'GOVT. OF INDIA']],
      [0.444, [0.189, 'GIRDHARI MENON']],
      [0.469, [0.188, 'ANOOP MENON']],
      [0.492, [0.19, '15/04/1966']],
      [0.529, [0.189, 'Permanent Account Number']],
      [0.546, [0.189, 'UUEPM3385Q']],
    ]);

  it('the name the request entered, and a part of the split name, are not the card holder\'s name', () => {
    for (const caption of ['Name Entered', 'Name as entered']) {
      const d = extractFields('PAN', portal(caption)).data;
      expect(d.name_as_per_pan.value, caption).toBe('GIRDHARI MENON');
      expect(d.father_name.value, caption).toBe('ANOOP MENON');
    }
  });
});

describe('DELIVERY_ORDER: a portal letter\'s "Model No./Name"', () => {
  it('the caption whole, its value the model', () => {
    const page = pageFromRows([
      [0.034, [0.057, 'THAR CONSUMER FINANCE LTD.']],
      [0.094, [0.057, 'To,'], [0.6, 'DO No 541938169883']],
      [0.109, [0.057, 'The Authorised Dealer,'], [0.6, 'Date 10/02/2026']],
      [0.124, [0.059, 'Doon Digital Plaza']],
      [0.138, [0.058, 'Shop No. 140, Surya Towers, Navelim, Margao, Goa - 403084']],
      [0.345, [0.058, 'Name of Borrower Srinivasulu Banerjee'], [0.55, 'Mobile 6658689218']],
      [0.36, [0.058, 'Co-Applicant NIL'], [0.55, 'Make realme']],
      [0.375, [0.058, 'Model No./Name Narzo 70 Pro 5G'], [0.55, 'Variant 4GB+128GB']],
      [0.437, [0.064, 'Total Cost of Asset'], [0.3, '16,990.00']],
    ]);
    expect(extractFields('DELIVERY_ORDER', page).data.asset_model.value).toBe('Narzo 70 Pro 5G');
  });

  it('"DO Ref No" / "D.O. Ref." beside "To," number the order', () => {
    for (const caption of ['DO Ref No', 'D.O. Ref.']) {
      const page = pageFromRows([
        [0.034, [0.057, 'THAR CONSUMER FINANCE LTD.']],
        [0.094, [0.057, 'To,'], [0.607, `${caption} 572124363893`]],
        [0.109, [0.057, 'The Authorised Dealer,'], [0.607, 'Dated 10/02/2026']],
        [0.124, [0.059, 'Doon Digital Plaza']],
        [0.138, [0.058, 'Shop No. 140, Surya Towers, Navelim, Margao, Goa - 403084']],
        [0.18, [0.058, 'Sub: Delivery Order for realme Narzo 70 Pro 5G - Agreement No. MYH9646418523']],
        [0.437, [0.064, 'Total Cost of Asset'], [0.3, '16,990.00']],
      ]);
      expect(extractFields('DELIVERY_ORDER', page).data.order_number.value, caption).toBe('572124363893');
    }
  });
});

describe('EBILL: a discom prints the consumer number before migration beside the current one', () => {
  it('"Old Consumer No" / "Old Account No." is never the consumer number', () => {
    for (const [caption, old] of [['Consumer No.', 'Old Consumer No'], ['Account No.', 'Old Account No.']]) {
      const page = pageFromRows([
        [0.017, [0.038, 'Mithila Bijli Vitaran Co. Ltd.']],
        [0.041, [0.037, 'Electricity Bill - Residential']],
        [0.102, [0.044, 'Consumer Name & Address'], [0.36, 'Meter No.'], [0.5, 'DG7162945'], [0.66, 'Reading Date'], [0.88, '25.02.2025']],
        [0.118, [0.044, 'SAVIO KUSHWAHA'], [0.36, old], [0.5, 'W-763217'], [0.66, 'Billing Date'], [0.88, '27.02.2025']],
        [0.134, [0.044, 'Shop No. 418, Civil Lines, Gaya, Bihar - 823901'], [0.36, caption], [0.5, '394578174'], [0.66, 'Due Date'], [0.88, '09.03.2025']],
        [0.375, [0.043, 'Total Amount Payable'], [0.3, 'Rs. 4,069.00']],
      ]);
      expect(extractFields('EBILL', page).data.consumer_number.value, old).toBe('394578174');
    }
  });
});
