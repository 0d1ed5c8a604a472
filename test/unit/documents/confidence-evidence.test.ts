/**
 * Confidence rules from evidence (docs/confidence.md): each keeps a value but lowers its score where
 * the way it was found says it may be another one.
 */
import { describe, expect, it } from 'vitest';
import { IMPLAUSIBLE_CAP, plausible } from '#core/documents/plausibility.ts';

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
});
