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
