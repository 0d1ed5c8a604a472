import { describe, expect, it } from 'vitest';
import { DocumentModel, extractFields } from '#core/documents/index.ts';
import { blocksFromLines, modelFromLines } from '../../fixtures/documents/fromLines.ts';
import * as S from './samples.ts';

const model = (xs: string[]) => modelFromLines(xs);
const values = (data: Record<string, { value: unknown }>) => Object.fromEntries(Object.entries(data).map(([k, f]) => [k, f.value]));

describe('PAN', () => {
  it('reads the older unlabelled layout', () => {
    const r = extractFields('PAN', model(S.PAN_OLD), { imageSignal: { originalScore: 0.82, qualityScore: 0.3 } });
    expect(r.error).toBeUndefined();
    expect(values(r.data)).toEqual({
      name_as_per_pan: 'RAHUL SHARMA',
      father_name: 'SURESH KUMAR SHARMA',
      dob: '15/08/1990',
      pan_number: 'ABCPS1234K',
      is_original: 'yes',
      document_quality_flag: 'poor',
    });
    expect(r.data.is_original.confidence_score).toBe(0.82);
    // positional names are heuristic: capped
    expect(r.data.name_as_per_pan.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it('reads the labelled layout with the name under its label', () => {
    const r = extractFields('PAN', model(S.PAN_NEW));
    expect(values(r.data)).toMatchObject({ name_as_per_pan: 'PRIYA VERMA', father_name: 'ANIL KUMAR VERMA', dob: '02/11/1988', pan_number: 'BQZPV4821M' });
    expect(r.data.name_as_per_pan.confidence_score).toBeGreaterThan(0.8);
    expect(r.data.is_original).toEqual({ value: '', confidence_score: 0 });
  });

  it('repairs a look-alike in the number and scores it a little lower than a clean read', () => {
    const clean = extractFields('PAN', model(S.PAN_NEW));
    const ocr = extractFields('PAN', model(S.PAN_NEW.map((l) => (l === 'BQZPV4821M' ? 'BQZPV482lM' : l))));
    expect(ocr.data.pan_number.value).toBe('BQZPV4821M');
    expect(ocr.data.pan_number.confidence_score).toBeLessThan(clean.data.pan_number.confidence_score);
    expect(ocr.data.pan_number.confidence_score).toBeGreaterThan(0.6);
  });

  it('is INVALID_DOC without a readable valid number', () => {
    const none = extractFields('PAN', model(S.PAN_OLD.filter((l) => l !== 'ABCPS1234K')));
    expect(none.error?.code).toBe('INVALID_DOC');
    const broken = extractFields('PAN', model(S.PAN_OLD.map((l) => (l === 'ABCPS1234K' ? 'ABCXS1234K' : l))));
    expect(broken.error?.code).toBe('INVALID_DOC');
    expect(broken.data.pan_number.confidence_score).toBeLessThanOrEqual(0.3);
  });

  it('lowers the number confidence when the 5th letter is not the surname initial', () => {
    const ok = extractFields('PAN', model(S.PAN_OLD));
    const other = extractFields('PAN', model(S.PAN_OLD.map((l) => (l === 'RAHUL SHARMA' ? 'RAHUL VERMA' : l))));
    expect(other.data.pan_number.confidence_score).toBeLessThan(ok.data.pan_number.confidence_score);
  });
});

describe('AADHAAR', () => {
  it('reads the front: name, DOB, masked number, redaction boxes', () => {
    const r = extractFields('AADHAAR', model(S.AADHAAR_FRONT));
    expect(values(r.data)).toMatchObject({ name: 'Sneha Patel', date_of_birth: '21/04/1995', aadhaar_number: `XXXX XXXX ${S.AADHAAR_NO.slice(8)}` });
    expect(r.data.aadhaar_number.confidence_score).toBeGreaterThan(0.9);
    expect(r.redactions).toHaveLength(2); // the "2345" and "6789" words
    expect(JSON.stringify(r)).not.toContain(S.AADHAAR_NO.slice(0, 8));
    expect(JSON.stringify(r)).not.toContain(S.AADHAAR_SPACED.slice(0, 9));
  });

  it('returns the full number only when asked', () => {
    const r = extractFields('AADHAAR', model(S.AADHAAR_FRONT), { fullAadhaar: true });
    expect(r.data.aadhaar_number.value).toBe(S.AADHAAR_SPACED);
  });

  it('reads the back: address up to the PIN code without the care-of relation, ignores the VID', () => {
    const r = extractFields('AADHAAR', model(S.AADHAAR_BACK));
    // The "W/O Karan Patel" relation is a person, not part of the address (decisions-documents.md).
    expect(r.data.address.value).toBe('14, Temple Street, Kothrud, Pune, Maharashtra - 411038');
    expect(r.data.aadhaar_number.value).toBe(`XXXX XXXX ${S.AADHAAR_NO.slice(8)}`);
  });

  it('boxes the first 8 digits inside a single unspaced word, and every occurrence', () => {
    const m = modelFromLines([
      { text: 'Government of India' },
      { text: `Aadhaar No: ${S.AADHAAR_NO}`, box: { Left: 0.1, Top: 0.5, Width: 0.46, Height: 0.04 } },
      { text: S.AADHAAR_SPACED, box: { Left: 0.3, Top: 0.8, Width: 0.28, Height: 0.04 } },
    ]);
    const r = extractFields('AADHAAR', m);
    expect(r.redactions).toHaveLength(3);
    const single = r.redactions!.find((b) => b.box.Top === 0.5)!;
    // "Aadhaar No: " is 12 chars of 24; the 8 digits are the next 8 chars
    expect(single.box.Left).toBeCloseTo(0.1 + (0.46 * 12) / 24, 6);
    expect(single.box.Width).toBeCloseTo((0.46 * 8) / 24, 6);
  });

  it('a Verhoeff failure is kept masked with low confidence; look-alikes are repaired', () => {
    const badDigit = (Number(S.AADHAAR_NO[11]) + 1) % 10;
    const bad = S.AADHAAR_SPACED.slice(0, 13) + badDigit;
    const r = extractFields('AADHAAR', model(S.AADHAAR_FRONT.map((l) => (l === S.AADHAAR_SPACED ? bad : l))));
    expect(r.data.aadhaar_number.value).toBe(`XXXX XXXX ${S.AADHAAR_NO.slice(8, 11)}${badDigit}`);
    expect(r.data.aadhaar_number.confidence_score).toBeLessThanOrEqual(0.3);

    const ocr = S.AADHAAR_SPACED.replace(/0/g, 'O');
    const rep = extractFields('AADHAAR', model(S.AADHAAR_FRONT.map((l) => (l === S.AADHAAR_SPACED ? ocr : l))));
    expect(rep.data.aadhaar_number.value).toBe(`XXXX XXXX ${S.AADHAAR_NO.slice(8)}`);
    expect(rep.data.aadhaar_number.confidence_score).toBeGreaterThan(0.6);
  });

  it('reads a year of birth', () => {
    const r = extractFields('AADHAAR', model(S.AADHAAR_FRONT.map((l) => (l.includes('DOB') ? 'जन्म वर्ष / Year of Birth : 1995' : l))));
    expect(r.data.date_of_birth.value).toBe('1995');
  });
});

describe('INVOICE', () => {
  it('reads every spec field plus the customer mobile', () => {
    const r = extractFields('INVOICE', model(S.INVOICE));
    expect(values(r.data)).toEqual({
      customer_name: 'Amit Verma',
      customer_address: '45, Park Avenue, Model Town, Pune - 411001',
      dealership_name: 'Shree Ganesh Mobile',
      dealer_address: 'Shop No 12, Main Bazaar, Shivaji Nagar, Pune, Maharashtra - 411005',
      dealer_gst: S.DEALER_GSTIN,
      total_invoice_amount: 17999,
      invoice_date: '12/03/2024',
      invoice_number: 'SGM/24-25/0456',
      customer_mobile_number: '9876543210',
    });
    expect(typeof r.data.total_invoice_amount.value).toBe('number');
    expect(r.data.dealer_gst.confidence_score).toBeGreaterThan(0.9);
  });

  it('picks the seller GSTIN over the buyer GSTIN and scores a checksum failure low', () => {
    const withBuyer = [...S.INVOICE.slice(0, 9), `GSTIN: ${S.BUYER_GSTIN}`, ...S.INVOICE.slice(9)];
    expect(extractFields('INVOICE', model(withBuyer)).data.dealer_gst.value).toBe(S.DEALER_GSTIN);
    const broken = S.INVOICE.map((l) => (l.startsWith('GSTIN') ? `GSTIN: ${S.DEALER_GSTIN.slice(0, 14)}${S.DEALER_GSTIN[14] === 'A' ? 'B' : 'A'}` : l));
    expect(extractFields('INVOICE', model(broken)).data.dealer_gst.confidence_score).toBeLessThanOrEqual(0.3);
  });

  it('finds values laid out to the right of their labels', () => {
    const m = new DocumentModel(
      blocksFromLines([
        { text: 'TAX INVOICE', box: { Left: 0.4, Top: 0.02 } },
        { text: 'Invoice No', box: { Left: 0.05, Top: 0.1, Width: 0.15 } },
        { text: 'INV-7781', box: { Left: 0.3, Top: 0.1, Width: 0.12 } },
        { text: 'Customer Name', box: { Left: 0.05, Top: 0.15, Width: 0.2 } },
        { text: 'Kavita Rao', box: { Left: 0.3, Top: 0.15, Width: 0.14 } },
        { text: 'Grand Total', box: { Left: 0.05, Top: 0.2, Width: 0.15 } },
        { text: '₹ 45,999/-', box: { Left: 0.7, Top: 0.2, Width: 0.12 } },
      ]),
    );
    expect(values(extractFields('INVOICE', m).data)).toMatchObject({ invoice_number: 'INV-7781', customer_name: 'Kavita Rao', total_invoice_amount: 45999 });
  });
});

describe('IMEI_CLOSEUP_IMAGE', () => {
  it('reads model, RAM, ROM, both IMEIs and the price', () => {
    const r = extractFields('IMEI_CLOSEUP_IMAGE', model(S.IMEI_LABEL));
    expect(values(r.data)).toEqual({ model: 'Redmi Note 12 Pro', ram: '8 GB', rom: '256 GB', imei_number: [S.IMEI_1, S.IMEI_2], price: 24999 });
    expect(r.data.imei_number.confidence_score).toBeGreaterThan(0.9);
  });
  it('keeps only Luhn-valid IMEIs when some are; all-invalid are low confidence', () => {
    const bad = S.IMEI_2.slice(0, 14) + ((Number(S.IMEI_2[14]) + 1) % 10);
    const one = extractFields('IMEI_CLOSEUP_IMAGE', model(S.IMEI_LABEL.map((l) => l.replace(S.IMEI_2, bad))));
    expect(one.data.imei_number.value).toEqual([S.IMEI_1]);
    const none = extractFields('IMEI_CLOSEUP_IMAGE', model([`IMEI: ${bad}`]));
    expect(none.data.imei_number.value).toEqual([bad]);
    expect(none.data.imei_number.confidence_score).toBeLessThanOrEqual(0.3);
  });
  it('reads the "8GB+128GB" form', () => {
    const r = extractFields('IMEI_CLOSEUP_IMAGE', model(['Memory: 8GB+128GB']));
    expect(values(r.data)).toMatchObject({ ram: '8 GB', rom: '128 GB' });
  });
});

describe('ASSET_OPEN_BOX_IMAGE', () => {
  const m = model(S.OPEN_BOX);
  it('one face: customer present', () => {
    const r = extractFields('ASSET_OPEN_BOX_IMAGE', m, { facesFound: 1, faceConfidence: 0.93 });
    expect(r.error).toBeUndefined();
    expect(r.data).toEqual({ customer_present: { value: 'yes', confidence_score: 0.93 }, number_of_faces_visible: { value: 1, confidence_score: 0.93 } });
  });
  it('no face: customer not present', () => {
    expect(values(extractFields('ASSET_OPEN_BOX_IMAGE', m, { facesFound: 0 }).data)).toEqual({ customer_present: 'no', number_of_faces_visible: 0 });
  });
  it('several people: INVALID_DOC', () => {
    const r = extractFields('ASSET_OPEN_BOX_IMAGE', m, { facesFound: 3 });
    expect(r.error).toEqual({ code: 'INVALID_DOC', reason: expect.stringMatching(/several people/i) });
    expect(r.data.number_of_faces_visible.value).toBe(3);
  });
  it('no face count: empty values with zero confidence', () => {
    expect(extractFields('ASSET_OPEN_BOX_IMAGE', m).data.customer_present.confidence_score).toBe(0);
  });
});

describe('DELIVERY_ORDER', () => {
  it('reads the cross-checked fields and the extras', () => {
    const r = extractFields('DELIVERY_ORDER', model(S.DELIVERY_ORDER));
    expect(values(r.data)).toEqual({
      dealer_name: 'Shree Ganesh Mobile',
      dealer_address: 'Shop No 12, Main Bazaar, Shivaji Nagar, Pune, Maharashtra - 411005',
      customer_name: 'Amit Verma',
      customer_mobile_number: '9876543210',
      order_number: 'DO/2024/7781',
      order_date: '14/03/2024',
      asset_model: 'Samsung Galaxy M34 5G',
      amount: 14400,
    });
  });
});

describe('checklist types', () => {
  it('GST_CERT', () => {
    expect(values(extractFields('GST_CERT', model(S.GST_CERT)).data)).toEqual({
      gstin: S.DEALER_GSTIN,
      legal_name: 'SHREE GANESH MOBILE PRIVATE LIMITED',
      trade_name: 'SHREE GANESH MOBILE',
      address: 'Shop No 12, Main Bazaar, Shivaji Nagar, Pune, Maharashtra, 411005',
      date_of_registration: '01/07/2017',
    });
  });
  it('BANK_STATEMENT', () => {
    const r = extractFields('BANK_STATEMENT', model(S.BANK_STATEMENT));
    expect(values(r.data)).toEqual({
      account_holder: 'ROHAN MEHTA',
      account_number: '50100234567891',
      ifsc: 'HDFC0001234',
      bank_name: 'HDFC BANK',
      period_from: '01/01/2024',
      period_to: '31/03/2024',
    });
    expect(r.data.bank_name.confidence_score).toBeGreaterThan(0.6); // printed name agrees with the IFSC prefix
  });
  it('EBILL', () => {
    expect(values(extractFields('EBILL', model(S.EBILL)).data)).toEqual({
      consumer_name: 'DEEPAK JOSHI',
      consumer_number: '170012345678',
      address: 'Flat 3, Lake View Road, Kothrud, Pune - 411038',
      bill_date: '05/03/2024',
      amount_due: 1845,
    });
  });
  it('FSSAI_CERTIFICATE', () => {
    expect(values(extractFields('FSSAI_CERTIFICATE', model(S.FSSAI)).data)).toEqual({
      license_number: '11521999000123',
      business_name: 'Sai Sweets and Snacks',
      address: '22, Station Road, Sector 15, Jaipur, Rajasthan - 302015',
      valid_upto: '31/05/2027',
    });
  });
  it('SHOP_ACT_LICENSE', () => {
    expect(values(extractFields('SHOP_ACT_LICENSE', model(S.SHOP_ACT)).data)).toEqual({
      registration_number: '2231000318745012',
      establishment_name: 'Royal Telecom',
      address: '7, Ring Road, Andheri East, Mumbai - 400069',
      valid_upto: '31/12/2028',
    });
  });
  it('PURCHASE_ORDER', () => {
    expect(values(extractFields('PURCHASE_ORDER', model(S.PURCHASE_ORDER)).data)).toEqual({
      po_number: 'PO-2024-0098',
      po_date: '02/02/2024',
      buyer_name: 'Metro Enterprises Pvt Ltd',
      supplier_name: 'Star Electronics',
      total_amount: 245000,
    });
  });
  it('UDYAM_CERT', () => {
    expect(values(extractFields('UDYAM_CERT', model(S.UDYAM)).data)).toEqual({
      udyam_number: 'UDYAM-MH-26-0012345',
      enterprise_name: 'BALAJI TRADERS',
      enterprise_type: 'MICRO',
      address: 'Shop 4, Gandhi Nagar, Nagpur, Maharashtra - 440012',
      date_of_registration: '15/06/2021',
    });
  });
  it('missing fields are empty with zero confidence; UNKNOWN gives empty data', () => {
    const r = extractFields('UDYAM_CERT', model(['UDYAM REGISTRATION CERTIFICATE']));
    expect(r.data.enterprise_name).toEqual({ value: '', confidence_score: 0 });
    expect(extractFields('UNKNOWN', model(S.UDYAM))).toEqual({ data: {} });
  });
});
