import { describe, expect, it } from 'vitest';
import { blocksFromLines } from '../../../fixtures/documents/fromLines.ts';
import { maskAadhaarBlocks, maskAadhaarText } from '#core/aadhaar/redactBlocks.ts';

describe('Aadhaar numbers in stored OCR output', () => {
  it('keep only their last 4 digits in text', () => {
    expect(maskAadhaarText('Aadhaar 2345 6789 0123 issued')).toBe('Aadhaar XXXX XXXX 0123 issued');
    expect(maskAadhaarText('234567890123')).toBe('XXXX XXXX 0123');
    expect(maskAadhaarText('Phone 98765 43210')).toBe('Phone 98765 43210');
    expect(maskAadhaarText('VID 9123 4567 8901 2345')).not.toContain('9123 4567 8901');
    // OCR look-alikes that the extractor repairs are masked too; plain words are not.
    expect(maskAadhaarText('2345 6789 O124')).toBe('XXXX XXXX O124');
    expect(maskAadhaarText('S345 6789 0124')).toBe('XXXX XXXX 0124');
    expect(maskAadhaarText('BOSS ZOOS LILO')).toBe('BOSS ZOOS LILO');
  });

  it('are masked on the words of a line read with a look-alike', () => {
    const all = maskAadhaarBlocks(blocksFromLines([{ text: '2345 6789 O124' }])).map((b) => b.Text ?? '').join(' ');
    expect(all).not.toContain('2345');
    expect(all).not.toContain('6789');
  });

  it('are masked on lines and on the words that make them up', () => {
    const blocks = blocksFromLines([{ text: 'Ramesh Kumar' }, { text: '2345 6789 0123' }, { text: 'DOB: 01/02/1990' }]);
    const masked = maskAadhaarBlocks(blocks);
    const all = masked.map((b) => b.Text ?? '').join(' ');
    expect(all).not.toContain('2345');
    expect(all).not.toContain('6789');
    expect(all).toContain('0123');
    expect(all).toContain('Ramesh Kumar');
    expect(all).toContain('01/02/1990');
    expect(masked).toHaveLength(blocks.length);
  });
});
