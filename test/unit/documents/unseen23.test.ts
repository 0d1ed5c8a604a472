/**
 * Papers carrying another type's words on layouts of the twenty-third dev set (test/fixtures/documents/dev23:
 * written apart from the extractor): each general fix reduced to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { pageFromRows } from './rows.ts';

describe('DELIVERY_ORDER laid out as a bill', () => {
  // The two parties' cards side by side under small headings set a little apart from their blocks; the asset only in
  // the item table; "Asset Cost" among the lender's figures.
  const order = (gap: number, customerCard = true) =>
    pageFromRows([
      [0.03, [0.06, 'Sugam Fincap Pvt. Ltd.'], [0.7, 'Branch: Udupi']],
      [0.1, [0.08, 'DELIVERY ORDER'], [0.55, 'DO Number'], [0.7, 'CD-806-576273']],
      [0.16, [0.07, 'Dealer Details'], ...(customerCard ? [[0.62, 'Deliver To (Customer)'] as [number, string]] : [])],
      [0.175 + gap, [0.07, 'Godavari Tech Mobile Point'], ...(customerCard ? [[0.62, 'Jagmohan Naik'] as [number, string]] : [])],
      [0.191 + gap, [0.07, 'Qr. No. 224, Market Road, Ambalpady, Udupi'], ...(customerCard ? [[0.62, 'Qr. No. 454, Market Road, Manipal'] as [number, string]] : [])],
      [0.207 + gap, [0.07, 'Karnataka - 576636'], ...(customerCard ? [[0.62, 'Karnataka - 576604'] as [number, string]] : [])],
        [0.3, [0.07, 'Sl'], [0.14, 'Particulars'], [0.5, 'HSN'], [0.6, 'Qty'], [0.7, 'Rate'], [0.85, 'Amount']],
      [0.325, [0.07, '1'], [0.14, 'Vivo Y29 5G (8GB/128GB)'], [0.5, '85171300'], [0.6, '1'], [0.7, '18,999.00'], [0.85, '18,999.00']],
      [0.36, [0.66, 'Asset Cost'], [0.85, '18,999.00']],
      [0.38, [0.62, 'Loan Amount'], [0.85, '12,999.00']],
    ]);
  // (row height 0.015: the block a line's gap under its heading)
  const data = extractFields('DELIVERY_ORDER', order(0.015)).data;

  it('a key naming the customer is never the dealer\'s ("Deliver To (Customer)"); the dealer is the name under its card\'s heading', () => {
    expect(data.customer_name.value).toBe('Jagmohan Naik');
    expect(data.dealer_name.value).toBe('Godavari Tech Mobile Point');
    expect(data.dealer_address.value).toBe('Qr. No. 224, Market Road, Ambalpady, Udupi, Karnataka - 576636');
  });

  it('a small heading set apart from its block by more than twice its height still heads it', () => {
    const apart = extractFields('DELIVERY_ORDER', order(0.04, false)).data;
    expect(apart.dealer_name.value).toBe('Godavari Tech Mobile Point');
    expect(apart.dealer_address.value).toBe('Qr. No. 224, Market Road, Ambalpady, Udupi, Karnataka - 576636');
  });

  it('the asset is the item table\'s goods cell, by position (review), never "Cost" after the key "Asset"', () => {
    expect(data.asset_model.value).toBe('Vivo Y29 5G (8GB/128GB)');
    expect(data.asset_model.confidence_score).toBeLessThanOrEqual(0.6);
    expect(data.amount.value).toBe(18999);
  });
});

describe('INVOICE', () => {
  it('an e-invoice\'s "Document No." caption over its value is the invoice number', () => {
    const inv = pageFromRows([
      [0.04, [0.3, 'Tax Invoice'], [0.5, 'IRN:'], [0.56, '896c8d0d2679367cae4c9ea838ec413b']],
      [0.1, [0.07, 'Details of Supplier']],
      [0.12, [0.07, 'MAHANADI MOBILE SHOPPE']],
      // (four captions over four values, the last caption no field's: the layout pairs the row only in part)
      [0.265, [0.067, 'Document No.'], [0.289, 'Document Date'], [0.51, 'Place of Supply'], [0.731, 'Reverse Charge']],
      [0.285, [0.066, 'TD/25-26/588'], [0.289, '18-AUG-2024'], [0.508, 'Jharkhand (20)'], [0.731, 'No']],
    ]);
    expect(extractFields('INVOICE', inv).data.invoice_number.value).toBe('TD/25-26/588');
  });

  it('a phone shop\'s offer line between its name and its address is not address', () => {
    const inv = pageFromRows([
      [0.03, [0.06, 'GODAVARI TECH MOBILE SHOPPE'], [0.6, 'GST No.: 05AENFG5202B9Z5']],
      [0.05, [0.06, 'All Brands Mobile Phones on Easy EMI'], [0.6, 'State: Uttarakhand (05)']],
      [0.07, [0.06, 'Qr. No. 387, Ganesh Complex, Prem Nagar, Dehradun, Uttarakhand - 248486']],
      [0.11, [0.39, 'RETAIL TAX INVOICE']],
      [0.14, [0.07, 'Customer'], [0.2, 'Somra Lalwani'], [0.6, 'Bill No.'], [0.7, 'INV-88387']],
    ]);
    expect(extractFields('INVOICE', inv).data.dealer_address.value).toBe('Qr. No. 387, Ganesh Complex, Prem Nagar, Dehradun, Uttarakhand - 248486');
  });

  it('a mobile alone a few lines into the customer\'s block, its caption lost, is the customer\'s by position (review)', () => {
    const inv = (mobileRow: [number, ...[number, string][]]) =>
      pageFromRows([
        [0.03, [0.15, 'Beas Home Appliances'], [0.7, 'TAX INVOICE']],
        [0.05, [0.15, 'D. No. 51-192, Hospital Road, Mapusa, Goa - 403970']],
        [0.07, [0.15, 'Ph: 9255317218'], [0.7, 'Inv. No. : 651']],
        [0.19, [0.07, 'Billed To'], [0.45, 'Deliver At']],
        [0.21, [0.07, 'Savio Naik'], [0.45, 'Savio Naik']],
        [0.226, [0.07, 'Flat 417, Old Bus Stand Road, Mapusa'], [0.45, 'Flat 417, Old Bus Stand Road, Mapusa']],
        [0.24, [0.07, 'Goa - 403547'], [0.45, 'Goa - 403547']],
        mobileRow,
        [0.3, [0.07, '#'], [0.1, 'Item & Description'], [0.5, 'Qty'], [0.6, 'Rate'], [0.8, 'Amount']],
      ]);
    const bare = extractFields('INVOICE', inv([0.253, [0.11, '8829441875']])).data.customer_mobile_number;
    expect(bare.value).toBe('8829441875');
    expect(bare.confidence_score).toBeLessThanOrEqual(0.6);
    // (with its caption it is a labelled value, as before)
    expect(extractFields('INVOICE', inv([0.253, [0.07, 'Mobile: 8829441875']])).data.customer_mobile_number.confidence_score).toBeGreaterThan(0.85);
  });
});
