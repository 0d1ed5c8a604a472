/**
 * Failures found on layout families the extractor had not seen (test/fixtures/documents/
 * families.ts: 'consignee', 'sanction'), each reduced to the few lines that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { isModelCode } from '#core/documents/fields/imei.ts';
import { repairStateNames } from '#core/documents/fields/common.ts';
import { invoiceTotal } from '#core/documents/fields/invoice.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';
import { IMEI_1 } from './samples.ts';
import { gstinCheckChar } from '../../fixtures/documents/checksums.ts';

describe('layouts the extractor was not tuned on', () => {
  it('takes the bill-to party, not the ship-to one printed first: "Consignee (Ship to)" beside "Buyer (Bill to)"', () => {
    const m = pageFromRows([
      [0.1, [0.07, 'TAX INVOICE']],
      [0.3, [0.07, 'Consignee (Ship to)'], [0.52, 'Buyer (Bill to)']],
      [0.32, [0.07, 'Harish Mathew'], [0.52, 'Harish Mathew']],
      [0.34, [0.07, '4, Lake View Road'], [0.52, '12, MG Road']],
      [0.36, [0.07, 'Salt Lake, Kolkata - 700091'], [0.52, 'Kothrud, Pune - 411038']],
      [0.38, [0.07, 'Place of Supply: West Bengal'], [0.52, 'Mobile: 9876501234']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Harish Mathew');
    expect(d.customer_address.value).toBe('12, MG Road, Kothrud, Pune - 411038');
  });

  it('never reads "Dealer\'s Signature & Stamp" as the dealer: the dealer is the addressee "To: M/s. <name>"', () => {
    const d = extractFields(
      'DELIVERY_ORDER',
      modelFromLines(['DELIVERY ORDER', 'To: M/s. Balaji Telecom', '7, Station Road', 'Pune - 411001', 'For Kaveri Fincorp Ltd', 'Authorised Signatory', "Dealer's Signature & Stamp"]),
    ).data;
    expect(d.dealer_name.value).toBe('Balaji Telecom');
  });

  it('a business name that is a signature caption fails its validator', () => {
    expect(plausible('dealer_name', "'s Signature & Stamp")).toBe('fail');
    expect(plausible('dealer_name', 'Balaji Telecom')).toBe('pass');
  });

  it('knows the "Party" labels of a trader\'s bill: name, address running under its value, mobile, "Invoice Ref."', () => {
    const m = pageFromRows([
      [0.05, [0.3, 'Balaji Telecom']],
      [0.07, [0.2, '7, Station Road, Pune - 411001  Ph: 9822012345']],
      [0.1, [0.4, 'GST INVOICE']],
      [0.13, [0.07, 'Party Name :'], [0.24, 'Kavita Iyer'], [0.6, 'Invoice Ref. :'], [0.75, 'TI-2349-3528']],
      [0.15, [0.07, 'Party Address :'], [0.24, '200, MG Road'], [0.6, 'Date of Sale :'], [0.75, '14/06/2025']],
      [0.17, [0.24, 'Andheri East, Mumbai - 400069']],
      [0.19, [0.07, 'Party Mobile :'], [0.24, '7517310004']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('Kavita Iyer');
    expect(d.customer_address.value).toBe('200, MG Road, Andheri East, Mumbai - 400069');
    expect(d.customer_mobile_number.value).toBe('7517310004');
    expect(d.invoice_number.value).toBe('TI-2349-3528');
    expect(d.invoice_date.value).toBe('14/06/2025');
  });

  it('a label word in a running sentence is not a key ("dealer name and address above must match")', () => {
    const d = extractFields(
      'DELIVERY_ORDER',
      modelFromLines([
        'DELIVERY ORDER',
        'Kindly deliver the above model to the customer after collecting the down payment. The',
        'dealer name and address above must match the invoice raised on the customer.',
      ]),
    ).data;
    expect(d.dealer_name.value).toBe('');
    expect(d.customer_name.value).toBe('');
  });

  it('reads "Dealer / Retailer Name" in a ruled key-value table', () => {
    const m = pageFromRows([
      [0.05, [0.07, 'DELIVERY ORDER']],
      [0.1, [0.07, 'Dealer / Retailer Name'], [0.4, 'Lakshmi Telecom']],
      [0.12, [0.07, 'Name of the Customer'], [0.4, 'Rahul Nair']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.dealer_name.value).toBe('Lakshmi Telecom');
    expect(d.customer_name.value).toBe('Rahul Nair');
  });
});

describe('model names and weak routes', () => {
  it('drops a brand printed after the model ("V30 VIVO" -> "V30"), keeps a brand-free model', () => {
    const read = (line: string) => extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines([line, `IMEI 1: ${IMEI_1}`, '8GB RAM | 256GB ROM'])).data.model.value;
    expect(read('Model: V30 VIVO')).toBe('V30');
    expect(read('Model Name: Galaxy A15 5G')).toBe('Galaxy A15 5G');
  });

  it('a date found by its shape alone, with no label, stays below auto-accept (0.85)', () => {
    const unlabelled = extractFields('PAN', modelFromLines(['INCOME TAX DEPARTMENT', 'RAHUL SHARMA', 'SURESH SHARMA', '15/08/1990', 'Permanent Account Number', 'ABCPS1234K'])).data.dob;
    const labelled = extractFields('PAN', modelFromLines(['INCOME TAX DEPARTMENT', 'Date of Birth: 15/08/1990', 'Permanent Account Number', 'ABCPS1234K'])).data.dob;
    expect(unlabelled.value).toBe('15/08/1990');
    expect(unlabelled.confidence_score).toBeLessThanOrEqual(0.7);
    expect(labelled.confidence_score).toBeGreaterThan(0.85);
  });
});

describe('labels that head a longer key', () => {
  it('PAN: "Name of Card Holder :" is the holder\'s name label, not "Name" followed by "of Card Holder"', () => {
    const d = extractFields('PAN', modelFromLines(['INCOME TAX DEPARTMENT', 'PAN : ABCPS1234K', 'Name of Card Holder : RAHUL SHARMA', "Father's Name : SURESH SHARMA", 'DOB : 15/08/1990'])).data;
    expect(d.name_as_per_pan.value).toBe('RAHUL SHARMA');
    expect(d.father_name.value).toBe('SURESH SHARMA');
  });

  it('IMEI: the model name, not the maker\'s model code printed first', () => {
    const d = extractFields('IMEI_CLOSEUP_IMAGE', modelFromLines(['Model No.: CPH2599    Model Name: Reno11 5G', `IMEI No. 1: ${IMEI_1}`])).data;
    expect(d.model.value).toBe('Reno11 5G');
    for (const code of ['CPH2599', 'V2318', 'SM-A156E', '23108RN04I']) expect(isModelCode(code), code).toBe(true);
    for (const name of ['V30', 'Y200', 'Galaxy A15 5G', 'Redmi 13C']) expect(isModelCode(name), name).toBe(false);
  });
});

describe('identifier look-alikes seen on the new families', () => {
  it('a GSTIN whose check character J was read as ")" is repaired and confirmed by the checksum', () => {
    const d = extractFields('INVOICE', modelFromLines(['Balaji Appliances', 'Ph: 8495101083 Email: sales@balaji.in GSTIN: 33WDRPA1117C7Z)', 'GST INVOICE'])).data;
    expect(d.dealer_gst.value).toBe('33WDRPA1117C7ZJ');
    expect(d.dealer_gst.confidence_score).toBeGreaterThan(0.8);
    // a wrong character before the ")" is not "repaired" into a valid number
    expect(extractFields('INVOICE', modelFromLines(['GST INVOICE', 'GSTIN: 33WDRPA1117C7Y)'])).data.dealer_gst.confidence_score).toBeLessThan(0.5);
  });
});

describe('state names in addresses', () => {
  it('puts back a state misread by one OCR confusion ("Kamataka", "West Bengai"), leaves other words alone', () => {
    expect(repairStateNames('3, Main Bazaar, Bengaluru, Kamataka - 560706')).toEqual({ value: '3, Main Bazaar, Bengaluru, Karnataka - 560706', repairs: 1 });
    expect(repairStateNames('Salt Lake, Kolkata, West Bengai - 700091').value).toBe('Salt Lake, Kolkata, West Bengal - 700091');
    for (const a of ['12 MG Road, Pune, Maharashtra 411001', 'Punjabi Bagh, Delhi', 'Koramangala, Bengaluru', 'Goal Market, Kerela']) expect(repairStateNames(a).repairs, a).toBe(0);
    const d = extractFields('AADHAAR', modelFromLines(['GOVERNMENT OF INDIA', 'Address: 3, Main Bazaar, Model Town,', 'Bengaluru, Kamataka - 560706'])).data;
    expect(d.address.value).toBe('3, Main Bazaar, Model Town, Bengaluru, Karnataka - 560706');
  });
});

describe('totals', () => {
  it('"Total Payable" is the total; a tax band\'s total ("Total 0% supplies", printed twice) and "Total Excl GST" are not', () => {
    const lines = ['TAX INVOICE', 'WHITE BREAD 2.13 3 6.39', 'Total 0% supplies: 23.63', 'Total 6% supplies (Inc. GST): 30.52', 'Total 0% supplies: 23.63', 'Total Payable: 54.15'];
    expect(invoiceTotal(modelFromLines(lines))?.value).toBe(54.15);
    expect(invoiceTotal(modelFromLines(['TAX INVOICE', 'Qty: 4 Total Excl GST RM9.20', 'GST: RM0.55']))).toBeUndefined();
  });
});

describe('validators of free text lower the confidence of what they refuse', () => {
  it('a business name in lower case (the rest of a sentence) and a model code read as the model fail', () => {
    expect(plausible('dealer_name', 'and')).toBe('fail');
    expect(plausible('dealership_name', 'Galaxy Appliances')).toBe('pass');
    expect(plausible('model', 'V2318')).toBe('fail');
    expect(plausible('asset_model', 'SM-A156E')).toBe('fail');
    expect(plausible('model', 'Reno11 5G')).toBe('pass');
  });
});

describe('a multi-line value keeps to its column', () => {
  it('an MSME certificate\'s address beside its key stops at its column: the next column\'s "Date of Incorporation" is not spliced in', () => {
    const m = pageFromRows([
      [0.05, [0.07, 'UDYAM REGISTRATION CERTIFICATE']],
      [0.1, [0.07, 'Name of Enterprise'], [0.45, 'METRO TRADERS']],
      [0.13, [0.07, 'Official Address of Enterprise'], [0.45, '199, Ring Road'], [0.7, 'Date of Incorporation: 02/05/2019']],
      [0.15, [0.45, 'Shivaji Nagar, Pune'], [0.7, 'Major Activity: Trading']],
      [0.17, [0.45, 'Maharashtra - 411039']],
    ]);
    expect(extractFields('UDYAM_CERT', m).data.address.value).toBe('199, Ring Road, Shivaji Nagar, Pune, Maharashtra - 411039');
  });
});

describe('MSME label synonyms', () => {
  it('bank statement: "A/c Holder :" names the account holder; e-bill: the amount under "Amount Payable (Rs.)"', () => {
    const b = extractFields('BANK_STATEMENT', modelFromLines(['Gomti Gramin Bank', 'STATEMENT OF ACCOUNT', 'A/c Holder : ARJUN YADAV', 'A/c Number : 12345678901'])).data;
    expect(b.account_holder.value).toBe('ARJUN YADAV');
    const m = pageFromRows([
      [0.05, [0.3, 'ELECTRICITY BILL']],
      [0.1, [0.07, 'Name :'], [0.2, 'RITU GUPTA'], [0.55, 'Account No. :'], [0.7, '562153435510']],
      [0.2, [0.55, 'Amount Payable (Rs.)']],
      [0.225, [0.55, '2,059.50']],
    ]);
    expect(extractFields('EBILL', m).data.amount_due.value).toBe(2059.5);
  });
});

describe('look-alikes inside identifiers', () => {
  it('a GSTIN whose PAN part ends in a J read as ")" is repaired and confirmed by the checksum', () => {
    const gstin = '27AAPFU0939J1Z' + gstinCheckChar('27AAPFU0939J1Z');
    const d = extractFields('GST_CERT', modelFromLines(['GOODS AND SERVICES TAX', 'CERTIFICATE OF REGISTRATION', `Registration No. : ${gstin.replace('J', ')')}`])).data;
    expect(d.gstin.value).toBe(gstin);
    expect(d.gstin.confidence_score).toBeGreaterThan(0.8);
  });

  it('a PAN whose last letter J was read as ")" is repaired by its position', () => {
    const d = extractFields('PAN', modelFromLines(['INCOME TAX DEPARTMENT', 'Permanent Account Number Card', 'XTAPB7957)', 'Name', 'ANAND KUMAR BANERJEE'])).data;
    expect(d.pan_number.value).toBe('XTAPB7957J');
  });
});
