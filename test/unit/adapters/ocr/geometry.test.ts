import { describe, expect, it } from 'vitest';
import { toGeometry, unturnGeometry } from '#adapters/ocr/geometry.ts';
import { toBlocks } from '#adapters/ocr/tesseract.ts';
import { isPdf } from '#adapters/ocr/pdf.ts';

describe('OCR geometry', () => {
  it('normalises pixel boxes and clamps them to the page', () => {
    const g = toGeometry({ x0: 100, y0: 50, x1: 300, y1: 90 }, 1000, 500);
    const bb = g.BoundingBox;
    [bb.Left, bb.Top, bb.Width, bb.Height].forEach((v, i) => expect(v).toBeCloseTo([0.1, 0.1, 0.2, 0.08][i], 9));
    expect(g.Polygon).toHaveLength(4);
    const out = toGeometry({ x0: -5, y0: 0, x1: 1200, y1: 10 }, 1000, 500).BoundingBox;
    expect(out.Left).toBe(0);
    expect(out.Width).toBe(1);
  });

  it('maps boxes read on a turned page back onto the page as uploaded', () => {
    // Read on the page turned 90° clockwise: a wide box near the top-left is, on the page as
    // uploaded, a tall box on the left edge, lower half.
    const read = toGeometry({ x0: 100, y0: 100, x1: 500, y1: 150 }, 1000, 1000);
    const back = unturnGeometry(read, 90);
    expect(back.BoundingBox.Left).toBeCloseTo(0.1);
    expect(back.BoundingBox.Top).toBeCloseTo(0.5);
    expect(back.BoundingBox.Width).toBeCloseTo(0.05);
    expect(back.BoundingBox.Height).toBeCloseTo(0.4);
    const half = unturnGeometry(read, 180).BoundingBox;
    expect(half.Left).toBeCloseTo(0.5);
    expect(half.Top).toBeCloseTo(0.85);
    // Turning back and forth is the identity.
    expect(unturnGeometry(unturnGeometry(read, 90), 270).BoundingBox.Left).toBeCloseTo(0.1);
    expect(unturnGeometry(read, 0)).toBe(read);
  });

  it("converts tesseract's tree to PAGE/LINE/WORD Blocks", () => {
    const word = (text: string, x0: number) => ({ text, confidence: 91.5, bbox: { x0, y0: 10, x1: x0 + 40, y1: 30 } });
    const blocks = toBlocks([{ paragraphs: [{ lines: [
      { text: 'DOB 01/01/1990', confidence: 90, bbox: { x0: 10, y0: 10, x1: 200, y1: 30 }, words: [word('DOB', 10), word(' ', 55), word('01/01/1990', 60)] },
      { text: '', confidence: 0, bbox: { x0: 0, y0: 0, x1: 0, y1: 0 }, words: [] },
    ] }] }], 400, 200, { page: 2, idPrefix: 'f1-' });
    const [page, line, ...words] = blocks;
    expect(page.BlockType).toBe('PAGE');
    expect(page.Relationships?.[0].Ids).toEqual([line.Id]);
    expect(line).toMatchObject({ BlockType: 'LINE', Text: 'DOB 01/01/1990', Page: 2, Confidence: 90 });
    expect(words.map((w) => w.Text)).toEqual(['DOB', '01/01/1990']);
    expect(line.Relationships?.[0].Ids).toEqual(words.map((w) => w.Id));
    expect(new Set(blocks.map((b) => b.Id)).size).toBe(blocks.length);
    expect(blocks.every((b) => b.Id.startsWith('f1-p2'))).toBe(true);
  });

  it('recognises PDF bytes', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n...'))).toBe(true);
    expect(isPdf(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
