/** Where a field was read: the union of its words' boxes, and that box back on the page as uploaded. */
import { describe, expect, it } from 'vitest';
import { evidenceOf, evidenceOnUploadedPages, onUploadedPage, type FieldEvidence } from '#core/evidence/fieldEvidence.ts';
import { DocumentModel, type Block, type BoundingBox } from '#core/documents/index.ts';
import { field } from '#core/documents/fields/common.ts';

const word = (page: number, Left: number, Top: number, Width: number, Height: number) => ({ page, box: { Left, Top, Width, Height } });
const bb = (e: FieldEvidence | undefined) => e && [e.bounding_box.left, e.bounding_box.top, e.bounding_box.width, e.bounding_box.height];

describe('evidenceOf', () => {
  it('is the union of the words on their first page, to 4 decimals', () => {
    const e = evidenceOf([word(2, 0.1, 0.2, 0.1, 0.02), word(2, 0.25, 0.19, 0.05, 0.03), word(3, 0, 0, 0.5, 0.5)]);
    expect(e?.page).toBe(2);
    expect(bb(e)).toEqual([0.1, 0.19, 0.2, 0.03]);
  });

  it('takes the first page by number, whatever order the words come in', () => {
    expect(evidenceOf([word(3, 0.5, 0.5, 0.1, 0.1), word(1, 0.1, 0.1, 0.1, 0.1)])?.page).toBe(1);
  });

  it('ignores words without geometry and gives none when no word has any', () => {
    expect(bb(evidenceOf([word(1, 0, 0, 0, 0), word(1, 0.4, 0.4, 0.1, 0.05)]))).toEqual([0.4, 0.4, 0.1, 0.05]);
    expect(evidenceOf([word(1, 0, 0, 0, 0)])).toBeUndefined();
    expect(evidenceOf([])).toBeUndefined();
  });

  it('keeps a box that overhangs the page edge inside the page', () => {
    const e = evidenceOf([word(1, -0.01, 0.95, 0.2, 0.08)])!;
    expect(bb(e)).toEqual([0, 0.95, 0.19, 0.05]);
  });

  it('is attached by field() to values read from words, not to signals', () => {
    const f = field('ABCDE1234F', [{ id: 'w', text: 'ABCDE1234F', confidence: 95, page: 1, start: 0, end: 10, box: { Left: 0.3, Top: 0.4, Width: 0.2, Height: 0.03 } }], { kind: 'structure', pass: true });
    expect(f.evidence).toEqual({ page: 1, bounding_box: { left: 0.3, top: 0.4, width: 0.2, height: 0.03 } });
    expect(field(1, 0.93, { kind: 'signal', score: 0.93 })).not.toHaveProperty('evidence');
  });
});

/** One line of three words on a page photographed turned: the boxes as the engine reports them (uploaded frame). */
function turnedPage(source: BoundingBox[]): Block[] {
  const lines = source.map((box, i) => ({
    BlockType: 'LINE' as const, Id: `l${i}`, Text: `Line number ${i} here`, Confidence: 95, Page: 1, Geometry: { BoundingBox: box },
  }));
  return [{ BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: lines.map((l) => l.Id) }] }, ...lines];
}

describe('onUploadedPage', () => {
  const upright: FieldEvidence = { page: 1, bounding_box: { left: 0.1, top: 0.2, width: 0.3, height: 0.05 } };

  it('leaves an upright page alone and keeps the box inside the page for every turn', () => {
    expect(onUploadedPage(upright, 'up')).toEqual(upright);
    for (const o of ['ccw', 'down', 'cw'] as const) {
      const { left, top, width, height } = onUploadedPage(upright, o).bounding_box;
      expect(Math.min(left, top)).toBeGreaterThanOrEqual(0);
      expect(Math.max(left + width, top + height)).toBeLessThanOrEqual(1);
    }
  });

  // The document model turns these pages upright; evidence must land where the engine saw the words.
  const cases: [string, BoundingBox[]][] = [
    // Upside down: wide lines emitted bottom to top.
    ['down', [0.8, 0.6, 0.4].map((t) => ({ Left: 0.2, Top: t, Width: 0.5, Height: 0.04 }))],
    // Sideways, reading bottom to top: tall lines emitted left to right.
    ['ccw', [0.2, 0.4, 0.6].map((l) => ({ Left: l, Top: 0.3, Width: 0.04, Height: 0.5 }))],
    // Sideways, reading top to bottom: tall lines emitted right to left.
    ['cw', [0.7, 0.5, 0.3].map((l) => ({ Left: l, Top: 0.2, Width: 0.04, Height: 0.5 }))],
  ];
  for (const [orientation, source] of cases) {
    it(`maps a '${orientation}' page's reading-frame box back to the uploaded image`, () => {
      const model = new DocumentModel(turnedPage(source));
      expect(model.orientation.get(1)).toBe(orientation);
      const line = model.lines.find((l) => l.id === 'l1')!;
      const data = { f: field(line.text, line.words, { kind: 'labelled' }) };
      const mapped = evidenceOnUploadedPages(data, model.orientation).f.evidence!;
      const s = source[1];
      expect(mapped.page).toBe(1);
      expect(mapped.bounding_box.left).toBeCloseTo(s.Left, 3);
      expect(mapped.bounding_box.top).toBeCloseTo(s.Top, 3);
      expect(mapped.bounding_box.width).toBeCloseTo(s.Width, 3);
      expect(mapped.bounding_box.height).toBeCloseTo(s.Height, 3);
      // The same place the redaction boxes (blocks.ts) map back to.
      const [redaction] = model.boxesForRange(line, 0, line.text.length);
      expect(mapped.bounding_box.left).toBeCloseTo(redaction.box.Left, 3);
      expect(mapped.bounding_box.top).toBeCloseTo(redaction.box.Top, 3);
    });
  }

  it('returns fields without evidence as they are', () => {
    const data: Record<string, { value: number; confidence_score: number; evidence?: FieldEvidence }> = { count: { value: 1, confidence_score: 0.9 } };
    expect(evidenceOnUploadedPages(data, new Map([[1, 'ccw' as const]]))).toEqual(data);
  });
});
