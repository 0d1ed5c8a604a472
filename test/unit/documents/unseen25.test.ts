/**
 * Orders, phone labels and shop invoices printing the cross-checked fields in many ways, on layouts of the
 * twenty-fifth dev set (test/fixtures/documents/dev25: written apart from the extractor): each general fix reduced
 * to the few synthetic rows that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';

describe('DELIVERY_ORDER with the parties in cards and the asset in a grid', () => {
  const order = pageFromRows([
    [0.02, [0.06, 'Prerna Consumer Finance Ltd.'], [0.75, 'Consumer Durable Finance']],
    [0.09, [0.63, 'Order No.']],
    [0.105, [0.06, 'DELIVERY ORDER'], [0.7, 'PCF/D0/2024/1385']],
    [0.135, [0.77, 'Issue Date: 01-MAY-2024']],
    [0.176, [0.07, 'Dealer'], [0.53, 'Customer Details']],
    [0.196, [0.07, 'Rumtek Mobile Gallery'], [0.53, 'Sreejith Nair']],
    [0.213, [0.07, 'Ward No. 15, House 318, Gangtok'], [0.53, 'Ward No. 17, House 166, Gangtok']],
    [0.229, [0.07, 'Sikkim - 737202'], [0.53, 'Sikkim - 737854']],
    [0.304, [0.07, 'Asset Details']],
    [0.323, [0.07, 'Brand'], [0.25, 'Model Name'], [0.45, 'Variant'], [0.65, 'Qty']],
    [0.35, [0.07, 'Samsung'], [0.25, 'Galaxy F06 5G'], [0.45, '(4GB/64GB)'], [0.65, '1']],
    [0.418, [0.07, 'Asset Value'], [0.3, 'INR 22499.00'], [0.55, 'Down Payment'], [0.75, 'INR 4950.00']],
  ]);
  const data = extractFields('DELIVERY_ORDER', order).data;

  it('a name heading its card is no key, though read as the key of the next card\'s name beside it', () => {
    expect(data.dealer_name.value).toBe('Rumtek Mobile Gallery');
    expect(data.dealer_address.value).toBe('Ward No. 15, House 318, Gangtok, Sikkim - 737202');
    // (the name under the customer's card heading)
    expect(data.customer_name.value).toBe('Sreejith Nair');
  });

  it('a reference of parts in the cell after the title is the order number (position: review)', () => {
    expect(data.order_number.value).toBe('PCF/DO/2024/1385');
    expect(data.order_number.confidence_score).toBeLessThanOrEqual(0.6);
  });

  it('the model is the grid\'s model cell with its variant beside it, never the next caption', () => {
    expect(data.asset_model.value).toBe('Galaxy F06 5G (4GB/64GB)');
    expect(data.amount.value).toBe(22499);
  });
});

describe('DELIVERY_ORDER with the asset in an item table', () => {
  it('the asset\'s price is the amount under the invoice value\'s caption, not a loan figure', () => {
    const order = pageFromRows([
      [0.11, [0.29, 'SANCTION CUM DELIVERY ORDER']],
      [0.16, [0.07, 'Sanction / DO No.'], [0.29, '2195/MUZ/89958']],
      [0.2, [0.07, 'Retailer'], [0.29, 'Periyar Enterprises']],
      // (the serial column's caption read "Si": the header is not a row of captions the layout pairs whole)
      [0.337, [0.02, 'Si'], [0.08, 'Product'], [0.26, 'Brand'], [0.36, 'Model'], [0.52, 'Qty'], [0.6, 'Inv. Value'], [0.76, 'Down Pmt'], [0.9, 'Loan Amt']],
      [0.366, [0.02, '1'], [0.08, 'Mobile Phone'], [0.26, 'vivo'], [0.36, 'T3 Lite 5G'], [0.52, '1'], [0.6, '28,499.00'], [0.76, '8,550.00'], [0.9, '19,949.00']],
    ]);
    const data = extractFields('DELIVERY_ORDER', order).data;
    expect(data.amount.value).toBe(28499);
    expect(data.asset_model.value).toBe('T3 Lite 5G');
  });
});

describe('DELIVERY_ORDER as a letter', () => {
  it('"Customer care" is the lender\'s helpline; the asset is what the loan was sanctioned to purchase', () => {
    const data = extractFields(
      'DELIVERY_ORDER',
      modelFromLines([
        'SARAL CONSUMER FINANCE LTD.',
        'Puducherry - 605332 Customer care 1800-737-3365',
        'Ref. No.: SCF/DO/2025/3008',
        'To,',
        'Kosi Phone House',
        'Sub: Delivery order for financed purchase',
        'We are pleased to inform you that a consumer durable loan has been sanctioned to our customer Tamilarasi Menon',
        '(Mobile 6323269316) for the purchase of one realme Narzo 70x 5G (4GB/64GB) from your store.',
      ]),
    ).data;
    expect(data.customer_name.value).toBe('Tamilarasi Menon');
    expect(data.asset_model.value).toBe('realme Narzo 70x 5G (4GB/64GB)');
  });
});
