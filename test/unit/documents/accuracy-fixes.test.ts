/**
 * One test per extraction weakness found by bench/accuracy.ts (bench/results/accuracy.md), on
 * synthetic lines. Values are made up; none comes from the fixture corpus.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, extractFields, type Block, type BoundingBox } from '#core/documents/index.ts';
import { blocksFromLines, modelFromLines, type LineSpec } from '../../fixtures/documents/fromLines.ts';
import { pageOrientation } from '#core/documents/blocks.ts';
import { repairEchoPrefix, stripCareOf } from '#core/documents/fields/common.ts';
import { REGISTRATION_LINE } from '#core/documents/fields/header.ts';
import { INCOMPLETE_CAP } from '#core/documents/fields/imei.ts';
import { invoiceTotal } from '#core/documents/fields/invoice.ts';
import { findDates } from '#core/documents/validators.ts';
import { IMEI_1, IMEI_2 } from './samples.ts';

const values = (data: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(data).map(([k, f]) => [k, f.value]));

/** Lines at explicit positions (Left, Top) so rows and columns are laid out like a page. */
function at(rows: [string, number, number][]): LineSpec[] {
  return rows.map(([text, Left, Top]) => ({ text, box: { Left, Top, Height: 0.012, Width: Math.min(0.9, 0.011 * text.length) } }));
}

describe('addresses', () => {
  it('a state name starting like a label ("Telangana", "Panjim") does not end the address', () => {
    const r = extractFields('INVOICE', modelFromLines(['SAI TELECOM', '4, Gandhi Road', 'Banjara Hills, Hyderabad', 'Telangana - 500034', 'TAX INVOICE', 'Invoice No: INV-77 Date: 02/01/2024']));
    expect(r.data.dealer_address.value).toBe('4, Gandhi Road, Banjara Hills, Hyderabad, Telangana - 500034');
  });

  it('skips a company registration line under the letterhead and stops at a date/time line', () => {
    const r = extractFields('INVOICE', modelFromLines(['KEDAI RUNCIT MAJU', '(123456-X)', 'NO 7, JALAN MAWAR 2,', 'TAMAN MELATI', '12/02/2019 10:22:01', 'INVOICE', 'TOTAL: 12.50']));
    expect(r.data.dealer_address.value).toBe('NO 7, JALAN MAWAR 2, TAMAN MELATI');
    expect(REGISTRATION_LINE.test('Company Reg. No : 001234567 X')).toBe(true);
    expect(REGISTRATION_LINE.test('12, MG Road')).toBe(false);
  });

  it('letterhead: registration number in brackets dropped; the registered company beats a brand line above it; scribbles skipped', () => {
    const r = extractFields('INVOICE', modelFromLines(['Spice Kitchen Express', 'Annapurna Foods Pvt Ltd (U55101MH2019)', '3, Park Street', 'Kolkata - 700016', 'TAX INVOICE']));
    expect(r.data.dealership_name.value).toBe('Annapurna Foods Pvt Ltd');
    expect(r.data.dealer_address.value).toBe('3, Park Street, Kolkata - 700016');
    expect(extractFields('INVOICE', modelFromLines(['ravi 2pm', 'ROYAL TRADERS', 'TAX INVOICE'])).data.dealership_name.value).toBe('ROYAL TRADERS');
    // without a legal suffix nearby, the first line stays the name
    expect(extractFields('INVOICE', modelFromLines(['METRO MOBILES', 'Shop 4, Ring Road', 'TAX INVOICE'])).data.dealership_name.value).toBe('METRO MOBILES');
  });

  it('letterhead address stops at a bare phone-number line and at a bracketed GST line', () => {
    const r = extractFields('INVOICE', modelFromLines(['KIRAN STORES', '22, Hill Road', 'Bandra West, Mumbai', '+91 22 2640 1234', 'INVOICE']));
    expect(r.data.dealer_address.value).toBe('22, Hill Road, Bandra West, Mumbai');
    const g = extractFields('INVOICE', modelFromLines(['KIRAN STORES', '(GST Registration No : 27ABCDE1234F1Z5)', '22, Hill Road', 'INVOICE']));
    expect(g.data.dealer_address.value).toBe('');
  });

  it('drops the care-of relation at the head of an Aadhaar address', () => {
    expect(stripCareOf('S/O: Ramesh Iyer, 5, Lake Road, Pune - 411001')).toBe('5, Lake Road, Pune - 411001');
    expect(stripCareOf('D/0 Anil Rao, Flat 2, Andheri East, Mumbai - 400069')).toBe('Flat 2, Andheri East, Mumbai - 400069');
    expect(stripCareOf('12, Station Road, Jaipur - 302001')).toBe('12, Station Road, Jaipur - 302001');
  });
});

describe('identifier prefixes read with O as zero', () => {
  it('repairs the document abbreviation only', () => {
    expect(repairEchoPrefix('D012345678', ['DO'])).toEqual({ value: 'DO12345678', repairs: 1 });
    expect(repairEchoPrefix('P0O-2024-0101', ['PO'])).toEqual({ value: 'PO-2024-0101', repairs: 1 });
    expect(repairEchoPrefix('P0-2024-0101', ['PO'])).toEqual({ value: 'PO-2024-0101', repairs: 1 });
    // before digits a doubled O may be a real zero: left alone
    expect(repairEchoPrefix('DO012345678', ['DO'])).toEqual({ value: 'DO012345678', repairs: 0 });
    expect(repairEchoPrefix('INV/2024/1', ['DO'])).toEqual({ value: 'INV/2024/1', repairs: 0 });
  });

  it('PURCHASE_ORDER po_number: repaired, with a little less confidence', () => {
    const clean = extractFields('PURCHASE_ORDER', modelFromLines(['PURCHASE ORDER', 'PO Number: PO-2024-0101']));
    const ocr = extractFields('PURCHASE_ORDER', modelFromLines(['PURCHASE ORDER', 'PO Number: P0O-2024-0101']));
    expect(ocr.data.po_number.value).toBe('PO-2024-0101');
    expect(ocr.data.po_number.confidence_score).toBeLessThan(clean.data.po_number.confidence_score);
  });
});

describe('DELIVERY_ORDER addressed to the dealer', () => {
  const lines = [
    'KAVERI CONSUMER FINANCE LTD',
    'DELIVERY ORDER',
    'DO Number: D055512345 Date: 03/04/2024',
    'To,',
    'Metro Mobiles',
    '18, Temple Street',
    'Anna Nagar, Chennai',
    'Tamil Nadu - 600040',
    'Please deliver the following asset to our customer.',
    'Customer Name Sunil Menon',
    'Mobile Number 9123456780',
    'Asset Model Redmi Note 13',
    'Asset Cost Rs. 18,999.00',
    'Down Payment Rs. 3,800.00',
    'Loan Amount Rs. 15,199.00',
  ];

  it('the dealer is the addressee, not the financier letterhead; amount is the asset cost', () => {
    const r = extractFields('DELIVERY_ORDER', modelFromLines(lines));
    expect(values(r.data)).toMatchObject({
      dealer_name: 'Metro Mobiles',
      dealer_address: '18, Temple Street, Anna Nagar, Chennai, Tamil Nadu - 600040',
      order_number: 'DO55512345',
      amount: 18999,
      customer_mobile_number: '9123456780',
    });
    // the addressee confirmed by the PIN-ending address under it: labelled evidence (docs/confidence.md), not a position alone
    expect(r.data.dealer_name.confidence_score).toBeGreaterThan(0.6);
    const bare = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'To,', 'Metro Mobiles', 'Please deliver the asset to our customer.']));
    expect(bare.data.dealer_name.value).toBe('Metro Mobiles');
    expect(bare.data.dealer_name.confidence_score).toBeLessThanOrEqual(0.6); // positional: heuristic
  });

  it('a financier letterhead is never returned as the dealer', () => {
    const r = extractFields('DELIVERY_ORDER', modelFromLines(lines.filter((l) => l !== 'To,' && l !== 'Metro Mobiles')));
    expect(r.data.dealer_name.value).not.toMatch(/finance/i);
  });

  it('"To: M/s <name>" on one line', () => {
    const r = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'To: M/s Star Electronics', '9, Ring Road, Lucknow - 226001']));
    expect(r.data.dealer_name.value).toBe('Star Electronics');
  });
});

describe('BANK_STATEMENT', () => {
  it('"Account Holder:" label, period dates to the right of their label, bank name without "Page"', () => {
    const m = new DocumentModel(
      blocksFromLines(
        at([
          ['NARMADA URBAN BANK LTD Page 1 of 2', 0.06, 0.04],
          ['STATEMENT OF ACCOUNT', 0.06, 0.08],
          ['Account Holder: MEENA JOSHI', 0.06, 0.12],
          ['Account Number: 123456789012', 0.06, 0.16],
          ['Statement Period:', 0.06, 0.2],
          ['01/05/2024 to 31/05/2024', 0.25, 0.2],
        ]),
      ),
    );
    expect(values(extractFields('BANK_STATEMENT', m).data)).toMatchObject({
      account_holder: 'MEENA JOSHI',
      bank_name: 'NARMADA URBAN BANK LTD',
      period_from: '01/05/2024',
      period_to: '31/05/2024',
    });
  });
});

describe('FSSAI_CERTIFICATE business name', () => {
  it('prefers "Name of Business" over the licensee', () => {
    const r = extractFields('FSSAI_CERTIFICATE', modelFromLines(['FSSAI', '1. Name and Address of Licensee:', 'Asha Rao (Sunrise Dairy)', '2. Name of Business: Sunrise Dairy']));
    expect(r.data.business_name.value).toBe('Sunrise Dairy');
  });
  it('takes the business in brackets from "Owner (Business)" when that is all there is', () => {
    const r = extractFields('FSSAI_CERTIFICATE', modelFromLines(['FSSAI', 'Name and Address of Licensee:', 'Asha Rao (Sunrise Dairy)']));
    expect(r.data.business_name.value).toBe('Sunrise Dairy');
  });
});

describe('INVOICE', () => {
  it('customer mobile split from its label (text-layer PDFs)', () => {
    const m = new DocumentModel(blocksFromLines(at([['TAX INVOICE', 0.4, 0.05], ['Bill To:', 0.06, 0.1], ['Kiran Shah', 0.06, 0.13], ['Mobile:', 0.06, 0.16], ['9876501234', 0.15, 0.16]])));
    expect(extractFields('INVOICE', m).data.customer_mobile_number?.value).toBe('9876501234');
  });

  it('total: an amount with paise beats a bare count; Sub-Total is not the total', () => {
    const m = modelFromLines(['RECEIPT', 'Total Qty: 4', 'Sub-Total: 15.60', 'Total (Inclusive of GST): 16.50', 'CASH: 20.00']);
    expect(invoiceTotal(m)?.value).toBe(16.5);
    expect(invoiceTotal(modelFromLines(['Sub-Total : 15.60', 'Grand Total ¢ &.70']))).toBeUndefined();
    // the label rank still decides between two money amounts
    expect(invoiceTotal(modelFromLines(['Total: 100.00', 'Grand Total: 118.00']))?.value).toBe(118);
  });
});

describe('dates', () => {
  it('a failed reading does not hide the real date after it', () => {
    expect(findDates('ORD #18 -REG #18- 21/03/2018 19:53:23').map((d) => d.value)).toEqual(['21/03/2018']);
  });
});

describe('IMEI_CLOSEUP_IMAGE', () => {
  it('"IMEI 2" printed but only one number read: the list is flagged incomplete', () => {
    const r = extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines(['Model: Galaxy M14', '[||| | ||| ||', `IMEI 2: ${IMEI_2}`]));
    expect(r.data.imei_number.value).toEqual([IMEI_2]);
    expect(r.data.imei_number.confidence_score).toBeLessThanOrEqual(INCOMPLETE_CAP);
    const full = extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines([`IMEI 1: ${IMEI_1}`, `IMEI 2: ${IMEI_2}`]));
    expect(full.data.imei_number.confidence_score).toBeGreaterThan(0.9);
  });
});

describe('pages photographed sideways', () => {
  /** The page as uploaded when the upright page was turned 90° counter-clockwise. */
  const turnCcw = (b: BoundingBox): BoundingBox => ({ Left: b.Top, Top: 1 - b.Left - b.Width, Width: b.Height, Height: b.Width });
  const sideways = (blocks: Block[]): Block[] =>
    blocks.map((b) => (b.Geometry && b.BlockType !== 'PAGE' ? { ...b, Geometry: { BoundingBox: turnCcw(b.Geometry.BoundingBox) } } : b));
  const upright = blocksFromLines(
    at([
      ['ELECTRICITY BILL', 0.3, 0.05],
      ['Consumer No:', 0.06, 0.1],
      ['Consumer Name:', 0.06, 0.13],
      ['Address:', 0.06, 0.16],
      ['910203040506', 0.3, 0.1],
      ['RAVI KUMAR', 0.3, 0.13],
      ['8, Civil Lines', 0.3, 0.16],
      ['Jaipur - 302006', 0.3, 0.19],
      ['Bill Date:', 0.06, 0.23],
      ['05/06/2024', 0.3, 0.23],
    ]),
  );

  it('reads in the upright frame: same fields as the upright page', () => {
    const m = new DocumentModel(sideways(upright));
    expect(m.orientation.get(1)).toBe('ccw');
    expect(values(extractFields('EBILL', m).data)).toEqual(values(extractFields('EBILL', new DocumentModel(upright)).data));
    expect(extractFields('EBILL', m).data.consumer_name.value).toBe('RAVI KUMAR');
  });

  it('upright pages stay as they are', () => {
    expect(pageOrientation(new DocumentModel(upright).lines)).toBe('up');
  });

  it('redaction boxes are on the page as uploaded', () => {
    const lines = at([['Unique Identification Authority of India', 0.1, 0.05], ['Address:', 0.06, 0.1], ['2345 6789 0124', 0.3, 0.3]]);
    const up = new DocumentModel(blocksFromLines(lines));
    const side = new DocumentModel(sideways(blocksFromLines(lines)));
    const [a] = up.boxesForRange(up.lines[2], 0, 4);
    const [b] = side.boxesForRange(side.lines[2], 0, 4);
    const expected = turnCcw(a.box);
    expect(b.box.Left).toBeCloseTo(expected.Left, 6);
    expect(b.box.Top).toBeCloseTo(expected.Top, 6);
    expect(b.box.Width).toBeCloseTo(expected.Width, 6);
    expect(b.box.Height).toBeCloseTo(expected.Height, 6);
  });
});

describe('delivery order customer mobile', () => {
  it('is read from below its label (stacked form) and from the right (table cell)', () => {
    const stacked = extractFields('DELIVERY_ORDER', modelFromLines(['DELIVERY ORDER', 'Customer Name', 'Asha Rao', 'Mobile Number', '9876501234', 'Asset Model', 'Vivo Y28']));
    expect(stacked.data.customer_mobile_number.value).toBe('9876501234');
    const table = extractFields('DELIVERY_ORDER', new DocumentModel(blocksFromLines(at([
      ['DELIVERY ORDER', 0.4, 0.05], ['Customer Name', 0.1, 0.3], ['Asha Rao', 0.5, 0.3], ['Mobile Number', 0.1, 0.34], ['+91 98765 01234', 0.5, 0.34],
    ]))));
    expect(table.data.customer_mobile_number.value).toBe('9876501234');
  });
});
