import { describe, expect, it } from 'vitest';
import { fieldConfidence, ocrScore, combineConfidence } from '#core/documents/confidence.ts';

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

  it('heuristics are capped; labelled values follow OCR', () => {
    expect(fieldConfidence(1, { kind: 'heuristic' })).toBe(0.6);
    expect(fieldConfidence(1, { kind: 'labelled' })).toBe(0.9);
    expect(fieldConfidence(0.5, { kind: 'labelled' })).toBe(0.45);
    expect(fieldConfidence(0.2, { kind: 'signal', score: 0.77 })).toBe(0.77);
  });

  it('parts combine to their weakest', () => {
    expect(combineConfidence([0.9, 0.4])).toBe(0.4);
    expect(combineConfidence([])).toBe(0);
  });
});
