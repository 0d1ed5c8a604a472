import { describe, expect, it } from 'vitest';
import { classify, type DocumentType } from '#core/documents/index.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import * as S from './samples.ts';

const cases: [DocumentType, string[]][] = [
  ['PAN', S.PAN_OLD],
  ['PAN', S.PAN_NEW],
  ['AADHAAR', S.AADHAAR_FRONT],
  ['AADHAAR', S.AADHAAR_BACK],
  ['INVOICE', S.INVOICE],
  ['IMEI_CLOSEUP_IMAGE', S.IMEI_LABEL],
  ['DELIVERY_ORDER', S.DELIVERY_ORDER],
  ['GST_CERT', S.GST_CERT],
  ['BANK_STATEMENT', S.BANK_STATEMENT],
  ['EBILL', S.EBILL],
  ['FSSAI_CERTIFICATE', S.FSSAI],
  ['SHOP_ACT_LICENSE', S.SHOP_ACT],
  ['PURCHASE_ORDER', S.PURCHASE_ORDER],
  ['UDYAM_CERT', S.UDYAM],
];

describe('classify', () => {
  it.each(cases)('%s', (type, lines) => {
    const c = classify(modelFromLines(lines));
    expect(c.type).toBe(type);
    expect(c.confidence).toBeGreaterThan(0.6);
    expect(c.evidence.length).toBeGreaterThan(0);
  });

  it('an Aadhaar with only a Verhoeff-valid number and "Government of India" is still AADHAAR', () => {
    expect(classify(modelFromLines(['Government of India', 'Meena Rao', 'DOB: 01/01/1980', S.AADHAAR_SPACED])).type).toBe('AADHAAR');
  });

  it('a document that only mentions Udyam is not a Udyam certificate; one that names itself is', () => {
    const order = [
      'ORDER',
      'Order No: 4471   Date: 02/05/2025',
      'Vendor: Shree Ganesh Fabricators',
      'Please supply the following:',
      '1   MS Angle 50x50   20 nos',
      'Vendors registered under Udyam (MSME) must quote their Udyam Registration Number on every bill.',
      'For Kaveri Auto Components',
    ];
    expect(classify(modelFromLines(order)).type).toBe('PURCHASE_ORDER');
    const cropped = ['Udyam Registration Certificate', 'Name of Enterprise  M/S KAVERI AUTO COMPONENTS', 'Type of Enterprise  Micro', 'Major Activity  Manufacturing'];
    expect(classify(modelFromLines(cropped)).type).toBe('UDYAM_CERT');
  });

  it('evidence never carries the Aadhaar number', () => {
    expect(JSON.stringify(classify(modelFromLines(S.AADHAAR_FRONT)))).not.toContain(S.AADHAAR_NO.slice(0, 8));
  });

  it('little text: an open-box photo where faces were looked for, more confident with a face; unrecognised otherwise', () => {
    const m = modelFromLines(S.OPEN_BOX);
    const noMeasure = classify(m);
    const withFace = classify(m, { facesFound: 1 });
    const noFace = classify(m, { facesFound: 0 });
    expect([noMeasure.type, withFace.type, noFace.type]).toEqual(['UNKNOWN', 'ASSET_OPEN_BOX_IMAGE', 'ASSET_OPEN_BOX_IMAGE']);
    expect(withFace.confidence).toBeGreaterThan(noFace.confidence);
    expect(noMeasure.openBox).toMatchObject({ littleText: true, wordCount: 2 });
    expect(classify(modelFromLines([]), { facesFound: 0 }).type).toBe('ASSET_OPEN_BOX_IMAGE');
    expect(classify(modelFromLines([])).type).toBe('UNKNOWN');
  });

  it('a face does not turn a real document into an open-box image', () => {
    expect(classify(modelFromLines(S.PAN_OLD), { facesFound: 1 }).type).toBe('PAN');
  });

  it('plenty of text without evidence is UNKNOWN', () => {
    const c = classify(modelFromLines(['Dear Sir,', 'We thank you for your letter regarding the meeting', 'held last week at our office in the city.', 'Regards, the committee members']));
    expect(c.type).toBe('UNKNOWN');
  });

  it('an invoice mentioning an IMEI stays an INVOICE', () => {
    const c = classify(modelFromLines(S.INVOICE));
    expect(c.scores.INVOICE!).toBeGreaterThan(c.scores.IMEI_CLOSEUP_IMAGE!);
  });

  it("a bill for a phone whose title OCR lost is not taken for the phone's label: its priced item table counts against IMEI", () => {
    // A carbon bill book read off a tilted photo: no "Tax Invoice", no total label; the item row names the phone.
    const bill = [
      'KONKAN COAST DIGITAL STORE',
      'Name of customer Sukhram Manhas',
      'Sr. Description of Goods HSN Qty Rate Amount',
      '1 vivo T3x 5G 6/128GB 8517 1 10,161.02 10,161.02',
      `IMEI: ${S.IMEI_1}`,
      'Subject to Baddi jurisdiction.',
    ];
    expect(classify(modelFromLines(bill)).type).not.toBe('IMEI_CLOSEUP_IMAGE');
    // (the same lines without the table's header row read as the label)
    expect(classify(modelFromLines(bill.filter((l) => !l.startsWith('Sr.')))).type).toBe('IMEI_CLOSEUP_IMAGE');
    // A label with its price and a quantity is still a label: no one line names quantity, rate and amount.
    expect(classify(modelFromLines([...S.IMEI_LABEL, 'Qty: 1 N'])).type).toBe('IMEI_CLOSEUP_IMAGE');
  });
});
