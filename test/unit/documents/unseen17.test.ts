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
