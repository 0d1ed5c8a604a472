import { describe, expect, it } from 'vitest';
import { fieldConfidence, ocrScore, combineConfidence } from '#core/documents/confidence.ts';
import { IMPLAUSIBLE_CAP, LOOK_ALIKE_CAP, applyPlausibility, lookAlikeAtJoin, misreadTrace, plausible } from '#core/documents/plausibility.ts';

describe('confidence', () => {
  it('OCR score weighs the weakest word', () => {
    expect(ocrScore([99, 99])).toBeCloseTo(0.99, 6);
    expect(ocrScore([99, 40])).toBeLessThan((0.99 + 0.4) / 2);
    expect(ocrScore([])).toBe(0.5);
  });

  it('checksum pass is high even with doubtful OCR; a failure is at most 0.3', () => {
    expect(fieldConfidence(0.5, { kind: 'checksum', pass: true })).toBeGreaterThanOrEqual(0.85);
    expect(fieldConfidence(1, { kind: 'checksum', pass: false })).toBeLessThanOrEqual(0.3);
    expect(fieldConfidence(1, { kind: 'structure', pass: false })).toBeLessThanOrEqual(0.3);
  });

  it('a confirmed repair is slightly lower than a clean read', () => {
    const clean = fieldConfidence(0.95, { kind: 'checksum', pass: true });
    const repaired = fieldConfidence(0.95, { kind: 'checksum', pass: true, repairs: 1 });
    expect(repaired).toBeLessThan(clean);
    expect(repaired).toBeGreaterThan(0.8);
    expect(fieldConfidence(0.95, { kind: 'structure', pass: true, repairs: 1 })).toBeLessThan(fieldConfidence(0.95, { kind: 'structure', pass: true }));
  });

  it('heuristics are capped unless a second reading agrees; labelled values follow OCR, a key-value pair above a label in a line', () => {
    expect(fieldConfidence(1, { kind: 'heuristic' })).toBe(0.6);
    expect(fieldConfidence(0.95, { kind: 'heuristic', agreed: true })).toBeGreaterThan(0.8);
    expect(fieldConfidence(0.95, { kind: 'labelled', via: 'pair' })).toBeGreaterThanOrEqual(0.9);
    expect(fieldConfidence(0.95, { kind: 'labelled', via: 'line' })).toBeLessThan(fieldConfidence(0.95, { kind: 'labelled', via: 'pair' }));
    expect(fieldConfidence(0.5, { kind: 'labelled' })).toBeLessThanOrEqual(0.61);
    expect(fieldConfidence(0.2, { kind: 'signal', score: 0.77 })).toBe(0.77);
  });

  it('free-text validators: a label read as a name, an address without a PIN code', () => {
    expect(plausible('customer_name', 'Deepika Chauhan')).toBe('pass');
    expect(plausible('customer_name', 'd below Kindly deliver')).toBe('fail');
    expect(plausible('dealer_name', 'The Proprietor / Manager')).toBe('pass'); // a business name may say anything; the mapper skips salutations
    expect(plausible('dealership_name', 'TAX INVOICE')).toBe('fail');
    expect(plausible('customer_address', '12, MG Road, Pune - 411001')).toBe('pass');
    expect(plausible('customer_address', '12, MG Road, Invoice Date: 14/06/2025')).toBe('fail');
    expect(IMPLAUSIBLE_CAP).toBeLessThanOrEqual(0.5);
  });

  it('a caption, a constitution or an address line read for a name; another document\'s number read for this one\'s (round 8 first readings)', () => {
    // the caption of the next row, and the constitution printed as its own row's value
    expect(plausible('business_name', 'Name of Person in charge / Nominee')).toBe('fail');
    expect(plausible('trade_name', 'Partnership')).toBe('fail');
    expect(plausible('legal_name', 'Private Limited Company')).toBe('fail');
    expect(plausible('trade_name', 'Chola Polymers')).toBe('pass');
    expect(plausible('legal_name', 'Shree Ganesh Trust Hospital')).toBe('pass'); // a constitution word inside a name is fine
    // an address line read for a person; a surname that is also a place word is not
    expect(plausible('consumer_name', 'Lotus Court Ring Road Thangal Bazar')).toBe('fail');
    expect(plausible('consumer_name', 'Harjeet Murugesan')).toBe('pass');
    expect(plausible('customer_name', 'Rajesh Nagar')).toBe('pass');
    // a delivery challan's or a loan application's number is not the invoice's or the order's
    expect(plausible('invoice_number', 'DC/8748')).toBe('fail');
    expect(plausible('order_number', 'APP38819927')).toBe('fail');
    expect(plausible('order_number', 'DO813568358')).toBe('unknown');
    expect(plausible('invoice_number', 'GST/3771/25-26')).toBe('unknown');
    // a care-of whose S was read as a dollar sign
    expect(misreadTrace('address', '$/0: Omkar Shinde, Gala No. 241, Bazar Street, Shillong - 793401')).toBe(true);
  });

  it('an address line read for a firm; a maker\'s code run into the model\'s name (round 9 first readings)', () => {
    expect(plausible('establishment_name', 'Plot No. Gupta Market Temple Street Thillai Nagar Chennai Tamil Nadu')).toBe('fail');
    expect(plausible('business_name', 'H. No. 12-7, Nacharam')).toBe('fail');
    expect(plausible('establishment_name', 'New Bharat Howrah Bridge Distributors')).toBe('pass');
    expect(plausible('trade_name', 'Plotline Interiors')).toBe('pass'); // a word that starts like a door is not one
    expect(plausible('model', 'RMX3997 (12x 5G)')).toBe('fail');
    expect(plausible('model', 'Galaxy A15 5G SM-A155F')).toBe('fail');
    expect(plausible('model', '12x 5G')).toBe('pass');
    expect(plausible('model', 'Redmi Note 13 Pro+ 5G')).toBe('pass');
    expect(plausible('model', 'Galaxy A16 5G, 8GB/128GB')).toBe('pass'); // a memory specification is no code
    expect(plausible('asset_model', 'Split AC 1.5 Ton (RS-Q19YNZE)')).toBe('pass'); // an order's asset line may carry its code
    // round 10's first readings: a title left before a card's name, a caption's qualifier read into an address, an order's asset at a few rupees
    expect(plausible('name', 'MS. PILLAI MOUMITA')).toBe('fail');
    expect(plausible('name', 'Moumita Pillai')).toBe('pass');
    expect(plausible('address', 'FOR COMMUNICATION, PLOT NO. 185, SURYA TOWERS, CANAL ROAD, GUNTUR, Andhra Pradesh - 522002')).toBe('fail');
    expect(plausible('address', 'Plot No. 185, Surya Towers, Canal Road, Guntur, Andhra Pradesh - 522002')).toBe('pass');
    expect(plausible('amount', 16)).toBe('fail');
    expect(plausible('amount', 16999)).toBe('pass');
    // a memory size no phone is sold with is a digit misread; a model in lower case, or carrying a serial number
    expect(plausible('ram', '14 GB')).toBe('fail');
    expect(plausible('ram', '12 GB')).toBe('pass');
    expect(plausible('rom', '100 GB')).toBe('fail');
    expect(plausible('rom', '1 TB')).toBe('pass');
    expect(plausible('asset_model', 'loan')).toBe('fail');
    expect(plausible('asset_model', 'Sony Bravia 55 inch 4K LED TV CQF028430216')).toBe('fail');
    expect(plausible('asset_model', 'Sony Bravia 55 inch 4K LED TV')).toBe('pass');
    expect(plausible('model', 'iPhone 15')).toBe('pass');
    // round 11's first readings: an asset's cost read for its model; a caption pair abbreviated as a form prints it
    expect(plausible('asset_model', 'Rs. 27,000/')).toBe('fail');
    expect(plausible('asset_model', '₹ 27000')).toBe('fail');
    expect(plausible('asset_model', 'Redmi 13C 5G')).toBe('pass');
    expect(plausible('dealer_name', 'DEALER ADDR.')).toBe('fail');
    expect(plausible('customer_name', 'CUST. NAME')).toBe('fail');
    expect(plausible('customer_name', 'INVNO.')).toBe('fail');
    expect(plausible('dealer_name', 'PartyName:')).toBe('fail');
    expect(plausible('customer_name', 'Inderjit Nooran')).toBe('pass');
    expect(plausible('dealer_name', 'Doon Valley Home Needs')).toBe('pass');
    // a space just inside a bracket is no print: OCR split a stroke off ("(Unit I )" for "(Unit II)")
    expect(misreadTrace('establishment_name', 'Maa Tara Bhandar and Rajmahal Mobile Point (Unit I )')).toBe(true);
    expect(misreadTrace('establishment_name', 'Maa Tara Bhandar and Rajmahal Mobile Point (Unit II)')).toBe(false);
  });

  it('parts combine to their weakest', () => {
    expect(combineConfidence([0.9, 0.4])).toBe(0.4);
    expect(combineConfidence([])).toBe(0);
  });
});

describe("a look-alike glyph where a reference number's letters meet its digits", () => {
  it('is flagged in reference numbers, and caps the value for review', () => {
    for (const v of ['T1242520447', 'S1/23-24/0812', 'F0175652', 'BR8662D004784', '2024I0056', 'INV-77O1']) expect(lookAlikeAtJoin('invoice_number', v), v).toBe(true);
    // a DO/PO prefix's O is the prefix repair's to read; digits alone, letters apart from digits, or a separator between them are clear
    for (const v of ['DO70718802', 'PO-2024-4339', 'INV/2024/0012', 'SO/167/2025-26', '4500189625', 'KA-05-2211']) expect(lookAlikeAtJoin('order_number', v), v).toBe(false);
    // identifiers with a structure of their own, and free text, are not reference numbers
    expect(lookAlikeAtJoin('ifsc', 'SBIN0001234')).toBe(false);
    expect(lookAlikeAtJoin('dealership_name', 'Shop No1')).toBe(false);
    const data = { invoice_number: { value: 'T1242520447', confidence_score: 0.86 }, consumer_number: { value: '407230261623', confidence_score: 0.9 } };
    applyPlausibility(data);
    expect(data.invoice_number.confidence_score).toBe(LOOK_ALIKE_CAP);
    expect(data.consumer_number.confidence_score).toBe(0.9);
  });
});

describe("a firm's name cut off after a word no name ends with", () => {
  it('is a misread trace: the score is capped, the value kept', () => {
    for (const v of ['VAISHALI CASHEW PROCESSORS PRIVATE', 'Gupta &', 'Bank of', 'Sharma Pvt.']) expect(misreadTrace('buyer_name', v), v).toBe(true);
    for (const v of ['VAISHALI CASHEW PROCESSORS PRIVATE LIMITED', 'Gupta & Sons', 'Bank of Baroda', 'Sharma Pvt. Ltd.']) expect(misreadTrace('supplier_name', v), v).toBe(false);
    // a person's name or an address is not a firm's
    expect(misreadTrace('customer_address', 'Near Bank of')).toBe(false);
  });
});
