/**
 * Confidence rules from evidence (docs/confidence.md): each keeps a value but lowers its score where
 * the way it was found says it may be another one.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { IMPLAUSIBLE_CAP, MISREAD_TRACE_CAP, SAME_PARTY_CAP, applyPlausibility, misreadTrace, plausible } from '#core/documents/plausibility.ts';
import { OUTSIDE_BLOCK_CAP } from '#core/documents/fields/invoice.ts';
import { OUTRANKED_CAP } from '#core/documents/fields/deliveryOrder.ts';
import { INCOMPLETE_CAP } from '#core/documents/fields/imei.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { IMEI_2 } from './samples.ts';
import { BELOW_UNREADABLE_CAP, labelledAddress, labelledDate } from '#core/documents/fields/common.ts';
import { SPLIT_CELL_CAP } from '#core/documents/confidence.ts';
import { pageFromRows } from './rows.ts';

describe('confidence from evidence', () => {
  it('a column or party heading read as a value is a label, not a value', () => {
    expect(plausible('asset_model', 'CATEGORY')).toBe('fail');
    expect(plausible('supplier_name', 'Deliver To')).toBe('fail');
    expect(plausible('dealership_name', 'sold To')).toBe('fail');
    expect(plausible('asset_model', 'Galaxy A16 5G')).toBe('pass');
    expect(plausible('supplier_name', 'Annapurna Trading Co.')).toBe('pass');
    expect(plausible('dealership_name', 'Reliance Digital')).toBe('pass');
  });

  it('a name or address bearing a trace of misread print is doubted, though the engine was sure of it', () => {
    expect(misreadTrace('legal_name', 'VISHNU BAJA)')).toBe(true); // J read as ")"
    expect(misreadTrace('address', 'Plot No. 82, Urban Estate Phase Il, Hisar, Haryana - 125059')).toBe(true);
    expect(misreadTrace('dealer_address', 'SHELL STATION PT15944, Mukim Batu, JIn Besar Kepong')).toBe(true);
    expect(misreadTrace('customer_name', 'YOGESH BHARDlAJ')).toBe(true);
    expect(misreadTrace('address', '‘D/O Anirudh Chauhan, Door No. 48-27, Old Mill Road, Hyderabad 500375')).toBe(true);
    expect(misreadTrace('customer_address', '~~: H.No. 292, Vasant Vihar, Kolkata, West Bengal - 700469')).toBe(true);
    // what names and addresses do print: balanced brackets, numerals, initials, slashes and hyphens
    expect(misreadTrace('dealership_name', 'Sharma Electronics (India) Pvt. Ltd.')).toBe(false);
    expect(misreadTrace('address', 'Plot No. 82, Phase II, Sector III, Hisar, Haryana - 125059')).toBe(false);
    expect(misreadTrace('address', 'D/O Anirudh Chauhan, Door No. 48-27, Old Mill Road, Hyderabad 500375')).toBe(false);
    expect(misreadTrace('customer_name', 'R. K. McIntyre')).toBe(false);
    expect(misreadTrace('invoice_number', 'INV|2024')).toBe(false); // codes have their own checks
    const data = { legal_name: { value: 'VISHNU BAJA)', confidence_score: 0.92 }, trade_name: { value: 'BAJAJ TRADERS', confidence_score: 0.92 } };
    applyPlausibility(data);
    expect(data.legal_name.confidence_score).toBe(MISREAD_TRACE_CAP);
    expect(data.trade_name.confidence_score).toBe(0.92);
  });

  it('two codes read as one number, or a bracketed role read as a party, fail their validators', () => {
    expect(plausible('registration_number', 'BIL/TL/2022/019091 APP/2022/115179 42/394')).toBe('fail');
    expect(plausible('registration_number', 'BIL/TL/2022/019091')).toBe('unknown');
    expect(plausible('registration_number', '890109065/K/E/Commercial II')).toBe('unknown');
    expect(plausible('po_number', 'WO/24-25/117 dated 12-03-2025')).toBe('fail');
    expect(plausible('po_number', 'WO/24-25/117')).toBe('unknown');
    expect(plausible('supplier_name', '(Contractor)')).toBe('fail');
    expect(plausible('supplier_name', 'Harsiddhi Engineering Works (Contractor)')).toBe('pass');
  });

  it('an address that runs on past its state after the PIN has text printed after it joined', () => {
    expect(plausible('address', 'Plot 475, Market Yard Road, Hyderabad 500238, Telangana Scan to verify')).toBe('fail');
    expect(plausible('address', 'Plot 475, Market Yard Road, Hyderabad 500238, Telangana')).toBe('pass');
    expect(plausible('address', 'Plot 475, Market Yard Road, Hyderabad 500238, Telangana India')).toBe('pass');
    expect(plausible('address', 'Plot 475, Market Yard Road, Chennai, Tamil Nadu - 600940')).toBe('pass');
  });

  it("a document's number carrying another document's prefix (a quotation's) fails", () => {
    expect(plausible('po_number', 'QT-7543')).toBe('fail');
    expect(plausible('order_number', 'Q-0586')).toBe('fail');
    expect(plausible('invoice_number', 'PO/24-25/099')).toBe('fail');
    expect(plausible('po_number', 'PO-00322')).toBe('unknown');
    expect(plausible('po_number', 'SO/167/2025-26')).toBe('unknown'); // a supply order is a purchase order
    expect(plausible('order_number', 'SC/RAC/VL/2024-25/0547')).toBe('unknown');
    expect(plausible('invoice_number', 'INV-2024-0091')).toBe('unknown');
    expect(IMPLAUSIBLE_CAP).toBeLessThanOrEqual(0.5);
  });

  it("a customer's mobile read above the customer's name, under a label not naming the customer, is the letterhead's", () => {
    // A customer heading printed at the top right opens the customer's block above the letterhead's
    // phone; with no mobile in the block, that phone is the one read, and a guess.
    const page = (phoneRow: [number, string][], customerMobile: [number, string][]) =>
      pageFromRows([
        [0.03, [0.03, 'OM SAI MOBILE GALLERY'], [0.8, 'TAX INVOICE']],
        [0.07, [0.03, '66/22, Ashirwad Building, Canal Road, Bengaluru, Karnataka - 560174'], [0.85, 'Customer']],
        [0.09, ...phoneRow],
        [0.15, [0.04, 'CUSTOMER DETAILS'], [0.5, 'INVOICE DETAILS']],
        [0.18, [0.04, 'CUST NAME'], [0.2, 'MR. Harish Shetty'], [0.5, 'INV NO'], [0.65, 'T1242520447']],
        [0.21, [0.04, 'ADDRESS'], [0.2, 'H.No. 197, Market Yard Road, Tambaram, Bengaluru 560642'], [0.6, 'INV DT'], [0.7, '07-12-2024']],
        [0.27, ...customerMobile, [0.5, 'Total'], [0.65, '39,990.00']],
      ]);
    const letterhead = extractFields('INVOICE', page([[0.03, 'GSTIN: 29VPBFO6084P3Z0'], [0.3, 'Ph: 8831585465']], [])).data.customer_mobile_number;
    expect(letterhead.value).toBe('8831585465');
    expect(letterhead.confidence_score).toBeLessThanOrEqual(OUTSIDE_BLOCK_CAP);
    // the customer's own mobile, below the name, keeps its score
    const own = extractFields('INVOICE', page([[0.03, 'GSTIN: 29VPBFO6084P3Z0']], [[0.04, 'MOBILE'], [0.2, '8162254360']])).data.customer_mobile_number;
    expect(own.value).toBe('8162254360');
    expect(own.confidence_score).toBeGreaterThan(0.85);
  });

  it('a date read on the line below its label, when the label\'s own cell holds an unreadable value, may be another label\'s', () => {
    const garbled = pageFromRows([
      [0.05, [0.04, 'GANGA POLYMERS PVT. LTD.'], [0.76, 'PURCHASE ORDER']],
      [0.11, [0.72, 'Date'], [0.8, '2211012028']],
      [0.15, [0.72, 'Quotation Ref'], [0.82, 'Q-3096 dt. 18.07.2024']],
    ]);
    const d = labelledDate(garbled, [/\bdated?\b/i], { via: ['same-line', 'right', 'below'] });
    expect(d?.value).toBe('18/07/2024');
    expect(d!.confidence_score).toBeLessThanOrEqual(BELOW_UNREADABLE_CAP);
    // a table's header row: the next cell is the next column's heading, the value under it is the label's
    const header = pageFromRows([
      [0.18, [0.04, 'DO No.'], [0.2, 'DO Date'], [0.35, 'Dealer Name']],
      [0.22, [0.04, 'VMLDO9080143'], [0.2, '25.03.2024'], [0.35, 'Nandanvan Electricals']],
    ]);
    const h = labelledDate(header, [/do\s*date/i], { via: ['same-line', 'right', 'below'] });
    expect(h?.value).toBe('25/03/2024');
    expect(h!.confidence_score).toBeGreaterThan(0.85);
  });

  it('an amount read under a lesser label while the preferred label is printed unread is as doubtful as a failed check', () => {
    const m = pageFromRows([
      [0.05, [0.05, 'DELIVERY ORDER']],
      [0.37, [0.05, 'CATEGORY'], [0.25, 'PRODUCT / MODEL'], [0.6, 'ASSET COST']],
      [0.55, [0.05, 'LOAN AMOUNT'], [0.25, '33,240.00'], [0.45, 'NET DISB. TO DLR'], [0.65, '32,442.20']],
    ]);
    const a = extractFields('DELIVERY_ORDER', m).data.amount;
    expect(a.value).toBe(33240);
    expect(a.confidence_score).toBeLessThanOrEqual(OUTRANKED_CAP);
    expect(OUTRANKED_CAP).toBeLessThanOrEqual(IMPLAUSIBLE_CAP);
  });

  it('two parties read as the same text: the weaker reading took the other\'s value', () => {
    const same = applyPlausibility({
      buyer_name: { value: 'Pragati Agencies', confidence_score: 0.93 },
      supplier_name: { value: 'M/s. PRAGATI AGENCIES', confidence_score: 0.9 },
    });
    expect(same.buyer_name.confidence_score).toBe(0.93); // the stronger reading keeps its score
    expect(same.supplier_name.confidence_score).toBeLessThanOrEqual(SAME_PARTY_CAP);
    const tie = applyPlausibility({
      dealer_address: { value: 'Shop 12, Main Road, Patna, Bihar - 800037', confidence_score: 0.8 },
      customer_address: { value: 'Shop 12, Main Road, Patna, Bihar - 800037', confidence_score: 0.8 },
    });
    expect(tie.dealer_address.confidence_score).toBeLessThanOrEqual(SAME_PARTY_CAP);
    expect(tie.customer_address.confidence_score).toBeLessThanOrEqual(SAME_PARTY_CAP);
    const apart = applyPlausibility({
      dealership_name: { value: 'Ravi Kumar Electronics', confidence_score: 0.93 },
      customer_name: { value: 'Ravi Kumar', confidence_score: 0.9 },
    });
    expect(apart.dealership_name.confidence_score).toBe(0.93);
    expect(apart.customer_name.confidence_score).toBe(0.9);
  });

  it("an address whose label's line crosses a cell break lost words between the pieces (or joined another column)", () => {
    const page = (row: [number, string][]) =>
      pageFromRows([
        [0.28, [0.04, 'M/s. / Shri'], [0.2, 'Yasmin Kamath']],
        [0.33, ...row],
        [0.37, [0.05, 'Zoo Road, Indore, Madhya Pradesh - 452040']],
      ]);
    const split = labelledAddress(page([[0.04, 'Address D.No. 390-49-88, Padmavati Compl'], [0.52, 'Nehru Chowk']]), [/\baddress\b/i]);
    expect(split?.value).toBe('D.No. 390-49-88, Padmavati Compl Nehru Chowk, Zoo Road, Indore, Madhya Pradesh - 452040');
    expect(split!.confidence_score).toBeLessThanOrEqual(SPLIT_CELL_CAP);
    const whole = labelledAddress(page([[0.04, 'Address D.No. 390-49-88, Padmavati Complex, Nehru Chowk']]), [/\baddress\b/i]);
    expect(whole!.confidence_score).toBeGreaterThan(0.8);
    expect(SPLIT_CELL_CAP).toBeLessThanOrEqual(0.5);
  });

  it('an IMEI list shorter than its numbered labels misses a number: as doubtful as a failed check', () => {
    const r = extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines(['Model: Galaxy M14', `IMEI 2: ${IMEI_2}`]));
    expect(r.data.imei_number.value).toEqual([IMEI_2]);
    expect(r.data.imei_number.confidence_score).toBeLessThanOrEqual(IMPLAUSIBLE_CAP);
    expect(INCOMPLETE_CAP).toBeLessThanOrEqual(IMPLAUSIBLE_CAP);
  });

  it('an amount in words with a number word misread by one letter still checks the total', () => {
    const po = (words: string) =>
      extractFields(
        'PURCHASE_ORDER',
        pageFromRows([
          [0.05, [0.4, 'PURCHASE ORDER']],
          [0.46, [0.59, 'Gross PO Value'], [0.85, '2,66,504.13']],
          [0.53, [0.05, `Amount in words: Rupees ${words} Only`]],
        ]),
      ).data.total_amount;
    // "Wundred": the words say 2,66,584, a misread digit in the total
    expect(po('Two Lakh Sixty Six Thousand Five Wundred Eighty Four').value).toBe(266504.13);
    expect(po('Two Lakh Sixty Six Thousand Five Wundred Eighty Four').confidence_score).toBeLessThanOrEqual(0.4);
    // and they confirm a total they agree with
    expect(po('Two Lakh Sixty Six Thousand Five Wundred Four').confidence_score).toBeGreaterThan(0.85);
  });
});
