/**
 * Failures found on layout families the extractor had not seen (test/fixtures/documents/
 * families.ts: 'consignee', 'sanction'), each reduced to the few lines that show it.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { plausible } from '#core/documents/plausibility.ts';
import { modelFromLines } from '../../fixtures/documents/fromLines.ts';
import { pageFromRows } from './rows.ts';

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
});
