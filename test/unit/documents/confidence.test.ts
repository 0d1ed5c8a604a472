import { describe, expect, it } from 'vitest';
import { fieldConfidence, ocrScore, combineConfidence } from '#core/documents/confidence.ts';
import { IMPLAUSIBLE_CAP, plausible } from '#core/documents/plausibility.ts';

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

  it('parts combine to their weakest', () => {
    expect(combineConfidence([0.9, 0.4])).toBe(0.4);
    expect(combineConfidence([])).toBe(0);
  });
});
