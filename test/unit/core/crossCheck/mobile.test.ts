import { describe, expect, it } from 'vitest';
import { isIndianMobile, mobileSimilarity, normaliseMobile } from '#core/crossCheck/mobile.ts';

describe('normaliseMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 9876543210', '9876543210'],
    ['09876543210', '9876543210'],
    ['+91 098765 43210', '9876543210'],
    ['(987) 654-3210', '9876543210'],
    ['98765 432l0', '9876543210'], // l read for 1
    ['98765 O3210', '9876503210'], // O read for 0
  ])('%s -> %s', (raw, expected) => {
    expect(normaliseMobile(raw)).toBe(expected);
  });

  it('accepts numbers and returns "" for nothing', () => {
    expect(normaliseMobile(9876543210)).toBe('9876543210');
    expect(normaliseMobile(undefined)).toBe('');
    expect(normaliseMobile('not given')).toBe('');
  });

  it('recognises Indian mobile numbers', () => {
    expect(isIndianMobile('9876543210')).toBe(true);
    expect(isIndianMobile('1234567890')).toBe(false);
    expect(isIndianMobile('987654321')).toBe(false);
  });
});

describe('mobileSimilarity', () => {
  it('is 100 for the same number in any format', () => {
    expect(mobileSimilarity('+91 98765-43210', '098765 43210')).toBe(100);
  });

  it('is 0 for different numbers and for a missing number', () => {
    expect(mobileSimilarity('9876543210', '9123456780')).toBe(0);
    expect(mobileSimilarity('9876543210', '')).toBe(0);
    expect(mobileSimilarity('9876543210', '98765432')).toBe(0);
  });

  it('gives partial scores below a pass for one misread or swapped digit', () => {
    expect(mobileSimilarity('9876543210', '9876543218')).toBe(70); // 0/8 look alike
    expect(mobileSimilarity('9876543210', '9876543212')).toBe(50); // other single digit
    expect(mobileSimilarity('9876543210', '9876543201')).toBe(50); // adjacent swap
    expect(mobileSimilarity('9876543210', '9876543101')).toBe(0); // two digits
  });
});
