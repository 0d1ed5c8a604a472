import { describe, expect, it } from 'vitest';
import * as v from '#core/documents/validators.ts';
import { AADHAAR_NO, DEALER_GSTIN, IMEI_1 } from './samples.ts';

describe('Aadhaar (Verhoeff)', () => {
  it('accepts a valid number, with or without spaces', () => {
    expect(v.isValidAadhaar(AADHAAR_NO)).toBe(true);
    expect(v.isValidAadhaar(`${AADHAAR_NO.slice(0, 4)} ${AADHAAR_NO.slice(4, 8)} ${AADHAAR_NO.slice(8)}`)).toBe(true);
  });
  it('rejects a wrong check digit, a transposition, a leading 0/1 and wrong lengths', () => {
    const bad = AADHAAR_NO.slice(0, 11) + ((Number(AADHAAR_NO[11]) + 1) % 10);
    expect(v.isValidAadhaar(bad)).toBe(false);
    const swapped = AADHAAR_NO[0] + AADHAAR_NO[2] + AADHAAR_NO[1] + AADHAAR_NO.slice(3);
    expect(v.isValidAadhaar(swapped)).toBe(false);
    const body1 = '1' + AADHAAR_NO.slice(1, 11);
    expect(v.isValidAadhaar(body1 + v.verhoeffCheckDigit(body1))).toBe(false);
    expect(v.isValidAadhaar(AADHAAR_NO.slice(0, 11))).toBe(false);
  });
  it('repairs look-alike letters only when Verhoeff confirms', () => {
    const ocr = AADHAAR_NO.replace(/0/g, 'O').replace(/1/, 'l');
    const r = v.readAadhaar(ocr);
    expect(r).toMatchObject({ value: AADHAAR_NO, valid: true, check: 'checksum' });
    expect(r.repairs).toBeGreaterThan(0);
    expect(v.readAadhaar(AADHAAR_NO)).toMatchObject({ valid: true, repairs: 0 });
    // a real digit error cannot be "repaired" into validity
    const wrong = AADHAAR_NO.slice(0, 5) + ((Number(AADHAAR_NO[5]) + 3) % 10) + AADHAAR_NO.slice(6);
    expect(v.readAadhaar(wrong).valid).toBe(false);
  });
});

describe('PAN', () => {
  it('accepts the AAAAA9999A shape with a valid holder type', () => {
    for (const t of 'PCHFATBLJG') expect(v.isValidPan(`ABC${t}S1234K`)).toBe(true);
    expect(v.isValidPan('ABCXS1234K')).toBe(false);
    expect(v.isValidPan('ABCPS12345')).toBe(false);
    expect(v.isValidPan('ABCP51234K')).toBe(false);
  });
  it('reports holder type and the optional surname-initial check', () => {
    expect(v.checkPan('ABCPS1234K', { name: 'Rahul Sharma' })).toEqual({ valid: true, holderType: 'Individual', surnameInitialMatches: true });
    expect(v.checkPan('ABCPS1234K', { name: 'Rahul Verma' }).surnameInitialMatches).toBe(false);
    expect(v.checkPan('ABCCS1234K', { name: 'X Y' }).surnameInitialMatches).toBeUndefined();
  });
  it('repairs by position: digits in letter slots and letters in digit slots', () => {
    expect(v.readPan('ABCPS1Z34K')).toMatchObject({ value: 'ABCPS1234K', valid: true, repairs: 1 });
    expect(v.readPan('A8CPSI234K')).toMatchObject({ value: 'ABCPS1234K', valid: true, repairs: 2 });
    expect(v.readPan('ABCPSl234K')).toMatchObject({ value: 'ABCPS1234K', valid: true });
    expect(v.readPan('ABCPS1234K')).toMatchObject({ valid: true, repairs: 0 });
    // nothing maps M to a digit: stays invalid
    expect(v.readPan('ABCPS12M4K').valid).toBe(false);
  });
});

describe('GSTIN', () => {
  it('validates state code, embedded PAN and the mod-36 check character', () => {
    expect(v.isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(v.isValidGstin(DEALER_GSTIN)).toBe(true);
    expect(v.isValidGstin('27AAPFU0939F1ZA')).toBe(false);
    const noState = '45AAPFU0939F1Z' + v.gstinCheckChar('45AAPFU0939F1Z');
    expect(v.isValidGstin(noState)).toBe(false);
    expect(v.panOfGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
  });
  it('repairs O/0 in the PAN part and keeps it only when the checksum agrees', () => {
    expect(v.readGstin('27AAPFUO939F1ZV')).toMatchObject({ value: '27AAPFU0939F1ZV', valid: true, repairs: 1 });
    expect(v.readGstin('27AAPFU0939FIZV')).toMatchObject({ value: '27AAPFU0939F1ZV', valid: true });
    expect(v.readGstin('27AAPFU0939F1ZV')).toMatchObject({ valid: true, repairs: 0 });
    expect(v.readGstin('27AAPFU0939F1ZA').valid).toBe(false);
  });
});

describe('IMEI (Luhn)', () => {
  it('accepts Luhn-valid 15 digits and rejects others', () => {
    expect(v.isValidImei(IMEI_1)).toBe(true);
    expect(v.isValidImei(IMEI_1.slice(0, 14) + ((Number(IMEI_1[14]) + 1) % 10))).toBe(false);
    expect(v.isValidImei(IMEI_1.slice(0, 14))).toBe(false);
  });
  it('repairs S/5, B/8 and O/0 when Luhn confirms', () => {
    const ocr = IMEI_1.replace(/5/g, 'S').replace(/8/g, 'B');
    expect(v.readImei(ocr)).toMatchObject({ value: IMEI_1, valid: true });
  });
});

describe('dates -> DD/MM/YYYY', () => {
  it.each([
    ['15/08/1990', '15/08/1990'],
    ['15-08-1990', '15/08/1990'],
    ['15.08.1990', '15/08/1990'],
    ['5/8/1990', '05/08/1990'],
    ['5 Aug 1990', '05/08/1990'],
    ['12-Mar-2024', '12/03/2024'],
    ['1st January, 2024', '01/01/2024'],
    ['March 5, 2024', '05/03/2024'],
    ['1990-08-15', '15/08/1990'],
    ['Date: 12/03/24', '12/03/2024'],
    ['Year of Birth: 1990', '1990'],
    ['जन्म वर्ष / Year of Birth : 1985', '1985'],
  ])('%s -> %s', (input, out) => {
    expect(v.parseDate(input)?.value).toBe(out);
  });
  it('gives the ISO form too, and refuses impossible dates', () => {
    expect(v.parseDate('29/02/2024')?.iso).toBe('2024-02-29');
    expect(v.parseDate('29/02/2023')).toBeNull();
    expect(v.parseDate('31/04/2020')).toBeNull();
    expect(v.parseDate('no date here')).toBeNull();
  });
  it('finds several dates in order', () => {
    expect(v.findDates('Period 01/01/2024 to 31/03/2024').map((d) => d.value)).toEqual(['01/01/2024', '31/03/2024']);
  });
});

describe('amounts', () => {
  it.each([
    ['Rs. 1,23,456.00', 123456],
    ['₹ 45,999/-', 45999],
    ['INR 12000', 12000],
    ['Total: 18,999.50', 18999.5],
    ['Rs.500', 500],
  ])('%s -> %d', (input, out) => {
    expect(v.parseAmount(input)).toBe(out);
  });
  it('prefers the amount with a currency mark', () => {
    expect(v.parseAmount('Qty 2  Total Rs. 37,998')).toBe(37998);
    expect(v.parseAmount('nothing')).toBeNull();
  });
});

describe('mobile numbers', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['6123456789', '6123456789'],
  ])('%s -> %s', (input, out) => {
    expect(v.normaliseMobile(input)).toBe(out);
  });
  it('rejects landlines and short numbers', () => {
    expect(v.normaliseMobile('5876543210')).toBeNull();
    expect(v.normaliseMobile('98765432')).toBeNull();
    expect(v.findMobiles('Mobile: +91 98765 43210, Ph 020-2567890').map((m) => m.value)).toEqual(['9876543210']);
  });
});

describe('IFSC and Udyam', () => {
  it('checks IFSC shape and repairs the fifth-character O', () => {
    expect(v.isValidIfsc('HDFC0001234')).toBe(true);
    expect(v.isValidIfsc('HDFC1001234')).toBe(false);
    expect(v.isValidIfsc('HDF00001234')).toBe(false);
    expect(v.readIfsc('SBINO001234')).toMatchObject({ value: 'SBIN0001234', valid: true, repairs: 1 });
  });
  it('checks the Udyam number shape', () => {
    expect(v.isValidUdyam('UDYAM-MH-26-0012345')).toBe(true);
    expect(v.isValidUdyam('UDYAM-MH-26-001234')).toBe(false);
  });
});

describe('repairLookAlikes', () => {
  it('does not accept a candidate the check refuses', () => {
    const r = v.repairLookAlikes('AB', ['D', 'D'], () => false);
    expect(r.valid).toBe(false);
  });
  it('tries optional I/J swaps in letter slots when a checksum is the judge', () => {
    expect(v.repairLookAlikes('JX', ['L', 'L'], (s) => s === 'IX', 1)).toMatchObject({ value: 'IX', valid: true, repairs: 1 });
    expect(v.repairLookAlikes('JX', ['L', 'L'], (s) => s === 'IX', 0).valid).toBe(false);
  });
});

describe('amounts', () => {
  it('reads a rupee sign misread as a digit glued to an Indian-grouped amount', () => {
    expect(v.findAmounts('MRP 341,899.00 (Incl. of all taxes)')[0]).toMatchObject({ value: 41899, currency: true });
    expect(v.findAmounts('TOTAL 220,298.00')[0].value).toBe(20298);
    // Indian grouping, a currency mark, or a head that cannot be the sign: read as printed
    expect(v.findAmounts('Rs. 3,41,899.00')[0].value).toBe(341899);
    expect(v.findAmounts('Rs. 341,899.00')[0].value).toBe(341899);
    expect(v.findAmounts('Total 541,899.00')[0].value).toBe(541899);
  });
});
