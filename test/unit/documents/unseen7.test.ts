/**
 * The commercial documents on layouts of the seventh dev set (test/fixtures/documents/dev7: written
 * apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('delivery order: a short letter stating its values in a sentence', () => {
  const page = () =>
    pageFromRows([
      [0.04, [0.06, 'Ganga Finance Ltd.']],
      [0.11, [0.06, 'Ref: GFL/DO/2025/01234'], [0.78, 'Date: 12/03/2025']],
      [0.15, [0.06, 'To,']],
      [0.17, [0.06, 'M/s. Shree Ram Electronics']],
      [0.19, [0.06, '12, Station Road, Nashik, Maharashtra - 422001']],
      [0.26, [0.06, 'Sub: Delivery Order for consumer durable loan']],
      [0.31, [0.06, 'We are pleased to inform you that the loan of our customer Shri Mohan Lal Verma was sanctioned on']],
      [0.33, [0.06, '10/03/2025. Kindly deliver one Samsung Galaxy A15 5G 8GB/128GB to the customer against an']],
      [0.35, [0.06, 'invoice value of Rs. 18,499/- (Rupees Eighteen Thousand Four Hundred Ninety Nine Only). The']],
      [0.37, [0.06, 'customer will pay the down payment of Rs. 4,000.00 directly to you, and we shall release the']],
      [0.39, [0.06, 'balance of Rs. 14,499.00 within three working days of receiving the invoice.']],
    ]);

  it('the customer is the titled name after "our customer"; the title is dropped', () => {
    expect(extractFields('DELIVERY_ORDER', page()).data.customer_name.value).toBe('Mohan Lal Verma');
  });

  it('the asset is what the letter asks to deliver, up to the next preposition', () => {
    expect(extractFields('DELIVERY_ORDER', page()).data.asset_model.value).toBe('Samsung Galaxy A15 5G 8GB/128GB');
  });

  it('the amount is the invoice value stated in the sentence, not the down payment or the balance', () => {
    expect(extractFields('DELIVERY_ORDER', page()).data.amount.value).toBe(18499);
  });

  it('a round stamp\'s "DEALER" over a city is no dealer\'s label when the letter\'s addressee names the dealer over its PIN address', () => {
    const m = pageFromRows([
      [0.04, [0.06, 'Ganga Finance Ltd.']],
      [0.11, [0.06, 'Ref: GFL/DO/2025/01234'], [0.78, 'Date: 12/03/2025']],
      [0.15, [0.06, 'To,']],
      [0.17, [0.06, 'M/s. Shree Ram Electronics']],
      [0.19, [0.06, '12, Station Road, Nashik, Maharashtra - 422001']],
      [0.26, [0.06, 'Sub: Delivery Order for consumer durable loan']],
      [0.73, [0.72, 'SHREE RAM ELECTR']],
      [0.75, [0.74, 'DEALER']],
      [0.77, [0.76, 'NASHIK']],
      [0.79, [0.06, "Dealer's Signature & Stamp"]],
    ]);
    expect(extractFields('DELIVERY_ORDER', m).data.dealer_name.value).toBe('Shree Ram Electronics');
  });

  it('"deliver one <model> to Mr. <name> … for Rs. <amount>": the name after a title, the amount the delivery is for', () => {
    const m = pageFromRows([
      [0.04, [0.06, 'Ganga Finance Ltd.']],
      [0.11, [0.06, 'DELIVERY ORDER']],
      [0.31, [0.06, 'You are requested to deliver one iPhone 15 128GB Black to Mr. Anil Kumar Rao of Nashik for Rs. 69,900 on receipt of']],
      [0.33, [0.06, 'the margin money of Rs. 10,000 from the customer.']],
    ]);
    const d = extractFields('DELIVERY_ORDER', m).data;
    expect(d.asset_model.value).toBe('iPhone 15 128GB Black');
    expect(d.customer_name.value).toBe('Anil Kumar Rao');
    expect(d.amount.value).toBe(69900);
  });
});

describe('purchase order: a procurement portal export and a release order against a rate contract', () => {
  it('a portal\'s key-value header: "Document No." / "Document Date" are the order\'s; "Buyer Company" is the buyer', () => {
    const m = pageFromRows([
      [0.02, [0.03, 'Acme Chemicals Pvt. Ltd. • Supplier Collaboration Portal'], [0.8, 'Exported: 25/05/2025 16:38']],
      [0.05, [0.03, 'Purchase Order']],
      [0.11, [0.04, 'Document No.'], [0.25, '4504545831'], [0.51, 'Document Date'], [0.72, '17.05.2025']],
      [0.13, [0.04, 'Buyer Company'], [0.25, 'Acme Chemicals Pvt. Ltd.'], [0.55, 'Vendor Name'], [0.72, 'Akshay Steel Traders']],
      [0.16, [0.04, 'Payment Terms'], [0.25, '60 days PDC'], [0.51, 'Delivery Date'], [0.72, '07/06/2025']],
      [0.41, [0.68, 'Total Net Value'], [0.88, '2,97,385.00']],
      [0.43, [0.68, 'Total Tax'], [0.88, '53,529.30']],
      [0.45, [0.61, 'Total Value incl. Tax'], [0.88, '3,50,914.30']],
    ]);
    const d = extractFields('PURCHASE_ORDER', m).data;
    expect(d.po_number.value).toBe('4504545831');
    expect(d.po_date.value).toBe('17/05/2025');
    expect(d.buyer_name.value).toBe('Acme Chemicals Pvt. Ltd.');
    expect(d.total_amount.value).toBe(350914.3);
  });

  const release = () =>
    pageFromRows([
      [0.04, [0.1, 'KRISHNA SAHAKARI SAKHAR KARKHANA LTD.']],
      [0.08, [0.42, 'PURCHASE SECTION']],
      [0.11, [0.4, 'RELEASE ORDER']],
      [0.17, [0.06, 'R.O. No.'], [0.25, '1608'], [0.63, 'Date:'], [0.72, '19 Jun 2024']],
      [0.19, [0.06, 'Rate Contract No.'], [0.3, 'RC/2024/776']],
      [0.24, [0.06, 'To,']],
      [0.26, [0.06, 'M/s. Dhanlaxmi Polymers']],
      [0.28, [0.06, 'Court Road, Lucknow, Uttar Pradesh - 226160']],
      [0.43, [0.06, 'Sr.'], [0.1, 'Description'], [0.5, 'Qty'], [0.7, 'Amount (Rs.)']],
      [0.45, [0.06, '1'], [0.1, 'Disposable syringe 5 ml'], [0.5, '480'], [0.7, '1,68,000.00']],
      [0.47, [0.1, 'GST @ 18%'], [0.7, '30,240.00']],
      [0.5, [0.1, 'Value of this Release Order'], [0.7, 'Rs. 1,98,240.00']],
      [0.54, [0.06, 'Contract ceiling value'], [0.5, '15,86,000.00']],
      [0.71, [0.6, 'For Krishna Sahakari Sakhar Karkhana Ltd.']],
    ]);

  it('"R.O. No." is the order\'s number; the rate contract\'s number under it is not', () => {
    expect(extractFields('PURCHASE_ORDER', release()).data.po_number.value).toBe('1608');
  });

  it('"Value of this Release Order" is the total, not the contract ceiling', () => {
    expect(extractFields('PURCHASE_ORDER', release()).data.total_amount.value).toBe(198240);
  });

  it('a letterhead in capitals repeated in mixed case by the "For …" line: the buyer as it writes its name', () => {
    expect(extractFields('PURCHASE_ORDER', release()).data.buyer_name.value).toBe('Krishna Sahakari Sakhar Karkhana Ltd.');
  });
});

describe('invoice: a two-wheeler dealer\'s invoice and a small shop\'s A5 invoice', () => {
  it('a customer name in capitals ending in "]" with no "[" before it: OCR\'s J', () => {
    const m = pageFromRows([
      [0.03, [0.04, 'TRIMURTI MOTORS'], [0.77, 'TAX INVOICE']],
      [0.14, [0.04, 'Name of Buyer :'], [0.2, 'Mr. YOGESH BHARDWA]'], [0.63, 'Invoice No. :'], [0.78, 'TR/TI/0559']],
      [0.15, [0.04, 'S/o Chetan Bhardwaj']],
      [0.46, [0.66, 'Invoice Total'], [0.85, '95,900.00']],
    ]);
    expect(extractFields('INVOICE', m).data.customer_name.value).toBe('YOGESH BHARDWAJ');
  });

  it('a bare "Purchaser :" key names the buyer; the relation line under it does not', () => {
    const m = pageFromRows([
      [0.03, [0.04, 'TRIMURTI MOTORS'], [0.77, 'TAX INVOICE']],
      // (each cell its own line, as a PDF's text layer gives it)
      [0.135, [0.04, 'Purchaser :']],
      [0.135, [0.2, 'Shri CHETAN MORE']],
      [0.136, [0.63, 'Inv. No. :']],
      [0.136, [0.77, '2928']],
      [0.152, [0.04, 'S/o Satish More']],
      [0.168, [0.04, 'Address :']],
      [0.168, [0.2, 'Plot 47, Market Yard Road,']],
      [0.183, [0.2, 'Hyderabad 500261, Telangana']],
      [0.213, [0.04, 'Mobile No. :']],
      [0.213, [0.2, '9780679206']],
      [0.23, [0.04, 'Customer GSTIN :']],
      [0.23, [0.2, 'Unregistered']],
      [0.27, [0.05, 'HP to :']],
      [0.27, [0.24, 'BARAK VALLEY BANK LTD.']],
      [0.46, [0.66, 'Grand Total'], [0.85, '95,900.00']],
    ]);
    const d = extractFields('INVOICE', m).data;
    expect(d.customer_name.value).toBe('CHETAN MORE');
    expect(d.customer_mobile_number.value).toBe('9780679206');
  });

  it('a GSTIN whose PAN letter J came back as ")" inside the number is repaired (the checksum confirms it)', () => {
    const m = pageFromRows([
      [0.05, [0.29, 'TRIMURTI HOME APPLIANCES']],
      [0.07, [0.25, 'Plot 404, Vasant Vihar, Church Street, Hyderabad, Telangana - 500821']],
      [0.08, [0.34, 'GSTIN: 36SS)FT6030D9ZM + Mob: 6262745656']],
      [0.1, [0.46, 'TAX INVOICE']],
      [0.26, [0.74, 'Total Amount'], [0.88, 'Rs. 20,990/-']],
    ]);
    expect(extractFields('INVOICE', m).data.dealer_gst.value).toBe('36SSJFT6030D9ZM');
  });
});

describe('ebill and IMEI screens', () => {
  it('an e-mailed bill summary: "Bill Generation Date" is the bill\'s date, not the mail\'s', () => {
    const m = pageFromRows([
      [0.015, [0.03, '06/10/2024, 11:33'], [0.4, 'Mail - Outlook']],
      [0.055, [0.05, 'Your electricity bill for October 2024 - Consumer No. 97221407869']],
      [0.084, [0.11, 'NUPL e-Bill <ebill@nupl.example>'], [0.8, '04 Oct 2024 7:57 AM']],
      [0.29, [0.08, 'Consumer Name'], [0.36, 'Kuldeep Wagh']],
      [0.31, [0.08, 'Consumer Number'], [0.36, '97221407869']],
      [0.41, [0.08, 'Bill Generation Date'], [0.36, '02/10/2024']],
      [0.44, [0.08, 'Due Date'], [0.36, '17 Oct 2024']],
      [0.49, [0.08, 'Amount Payable'], [0.36, 'Rs. 5,238.00']],
    ]);
    expect(extractFields('EBILL', m).data.bill_date.value).toBe('02/10/2024');
  });

  it('a capitals address with the next column\'s key joined to a line ("HYDERABAD, Billing Period"): the key dropped, the value reviewed', () => {
    const m = pageFromRows([
      [0.06, [0.26, 'Nilgiri Urban Power Ltd.']],
      [0.1, [0.26, 'Bi-monthly Electricity Bill']],
      [0.155, [0.25, 'Service No. :'], [0.36, '653487420817'], [0.65, 'Date of Bill'], [0.78, '20-11-2024']],
      [0.187, [0.25, 'Consumer Name : NAZIA KHAN']],
      [0.218, [0.25, 'Address :'], [0.36, 'SHOP NO. 287, LAXMI COMPLEX,']],
      [0.235, [0.36, 'COLLEGE ROAD, GOMTI NAGAR, HYDERABAD, Billing Period']],
      [0.269, [0.36, 'TELANGANA - 500259'], [0.65, 'Due Date'], [0.78, '05 Dec 2024']],
      [0.627, [0.25, 'Net Amount Payable'], [0.45, 'Rs. 3,416.00']],
    ]);
    const a = extractFields('EBILL', m).data.address;
    expect(a.value).toBe('SHOP NO. 287, LAXMI COMPLEX, COLLEGE ROAD, GOMTI NAGAR, HYDERABAD, TELANGANA - 500259');
    expect(a.confidence_score).toBeLessThanOrEqual(0.5);
  });

  it('a lender app\'s "Product" card heading over its "Category" caption: the model is the "Model" caption\'s value', () => {
    const m = pageFromRows([
      [0.15, [0.07, 'Device identity']],
      [0.18, [0.07, 'IMEI 1']],
      [0.2, [0.07, '358610553528724']],
      [0.41, [0.07, 'Product']],
      [0.43, [0.07, 'Category']],
      [0.45, [0.07, 'Mobile Phone']],
      [0.49, [0.07, 'Brand']],
      [0.5, [0.07, 'Nokia']],
      [0.54, [0.07, 'Model']],
      [0.555, [0.07, 'G42 5G']],
      [0.59, [0.07, 'RAM']],
      [0.61, [0.07, '6 GB']],
    ]);
    expect(extractFields('IMEI_CLOSEUP_IMAGE', m).data.model.value).toBe('G42 5G');
  });
});
