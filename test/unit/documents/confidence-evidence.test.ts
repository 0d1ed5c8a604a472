/**
 * Confidence rules from evidence (docs/confidence.md): each keeps a value but lowers its score where
 * the way it was found says it may be another one.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '#core/documents/index.ts';
import { IMPLAUSIBLE_CAP, plausible } from '#core/documents/plausibility.ts';
import { OUTSIDE_BLOCK_CAP } from '#core/documents/fields/invoice.ts';
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
    const page = (phoneRow: [number, string][]) =>
      pageFromRows([
        [0.03, [0.03, 'OM SAI MOBILE GALLERY'], [0.8, 'TAX INVOICE']],
        [0.07, [0.03, '66/22, Ashirwad Building, Canal Road, Bengaluru, Karnataka - 560174'], [0.85, 'Customer Copy']],
        [0.09, ...phoneRow],
        [0.15, [0.04, 'CUSTOMER DETAILS'], [0.5, 'INVOICE DETAILS']],
        [0.18, [0.04, 'CUST NAME'], [0.2, 'MR. Harish Shetty'], [0.5, 'INV NO'], [0.65, 'T1242520447']],
        [0.21, [0.04, 'ADDRESS'], [0.2, 'H.No. 197, Market Yard Road, Tambaram, Bengaluru 560642'], [0.6, 'INV DT'], [0.7, '07-12-2024']],
        [0.27, [0.04, 'MOBILE'], [0.2, '8162254360'], [0.5, 'Total'], [0.65, '39,990.00']],
      ]);
    const letterhead = extractFields('INVOICE', page([[0.03, 'GSTIN: 29VPBFO6084P3Z0'], [0.3, 'Ph: 8831585465']])).data.customer_mobile_number;
    expect(letterhead.value).toBe('8831585465');
    expect(letterhead.confidence_score).toBeLessThanOrEqual(OUTSIDE_BLOCK_CAP);
    // the customer's own block keeps its score
    const own = extractFields('INVOICE', page([[0.03, 'GSTIN: 29VPBFO6084P3Z0']])).data.customer_mobile_number;
    expect(own.value).toBe('8162254360');
    expect(own.confidence_score).toBeGreaterThan(0.85);
  });
});
