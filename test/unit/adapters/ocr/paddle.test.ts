import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '#core/documents/blocks.ts';
import { PaddleEngine, isSideways, paddleToBlocks } from '#adapters/ocr/paddle.ts';
import { mergeExtractions, readingConfidence, shouldReadAgain, weakFields } from '#adapters/ocr/hybrid.ts';
import { generateCorpus, type Fixture } from '../../../fixtures/documents/generate.ts';
import { normaliseForMatch } from '../../../fixtures/documents/match.ts';

const lineText = (blocks: Block[]) => blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text).join('\n');

describe('PaddleOCR engine (offline, ONNX)', () => {
  const engine = new PaddleEngine();
  let pan: Fixture;
  let first: Block[];

  beforeAll(async () => {
    [pan] = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['PAN'] });
    first = await engine.recognise(pan.bytes, { page: 2, idPrefix: 'doc-' });
  });
  afterAll(() => engine.close());

  it('reads the PAN number, name and date of birth of a clean PAN card', () => {
    const text = ` ${normaliseForMatch(lineText(first))} `;
    expect(text).toContain(` ${normaliseForMatch(String(pan.printed.pan_number))} `);
    expect(text).toContain(` ${normaliseForMatch(String(pan.printed.dob))} `);
  });

  it('returns well-formed PAGE/LINE/WORD blocks with normalised geometry', () => {
    const byId = new Map(first.map((b) => [b.Id, b]));
    expect(byId.size).toBe(first.length);
    const pages = first.filter((b) => b.BlockType === 'PAGE');
    expect(pages).toHaveLength(1);
    expect(pages[0].Id).toBe('doc-p2');
    const lineIds = pages[0].Relationships![0].Ids;
    expect(lineIds.length).toBeGreaterThan(5);
    for (const [li, id] of lineIds.entries()) {
      expect(id).toBe(`doc-p2-l${li}`);
      const line = byId.get(id)!;
      expect(line.BlockType).toBe('LINE');
      const words = line.Relationships![0].Ids.map((w) => byId.get(w)!);
      expect(words.every((w) => w.BlockType === 'WORD' && w.Id.startsWith(`${id}-w`))).toBe(true);
      expect(line.Text).toBe(words.map((w) => w.Text).join(' '));
      // Words sit inside their line, left to right.
      const lb = line.Geometry!.BoundingBox;
      for (const [wi, w] of words.entries()) {
        const b = w.Geometry!.BoundingBox;
        expect(b.Left).toBeGreaterThanOrEqual(lb.Left - 1e-6);
        expect(b.Left + b.Width).toBeLessThanOrEqual(lb.Left + lb.Width + 1e-6);
        if (wi) expect(b.Left).toBeGreaterThan(words[wi - 1].Geometry!.BoundingBox.Left);
      }
    }
    for (const b of first) {
      expect(b.Page).toBe(2);
      const { Left, Top, Width, Height } = b.Geometry!.BoundingBox;
      for (const v of [Left, Top, Width, Height]) expect(v >= 0 && v <= 1).toBe(true);
      expect(Left + Width).toBeLessThanOrEqual(1 + 1e-9);
      expect(Top + Height).toBeLessThanOrEqual(1 + 1e-9);
      expect(b.Geometry!.Polygon).toHaveLength(4);
      if (b.BlockType !== 'PAGE') expect(b.Confidence! > 50 && b.Confidence! <= 100).toBe(true);
    }
    // The PAN number sits in the upper-middle band of the card, below the title lines.
    const panLine = first.find((b) => b.BlockType === 'LINE' && b.Text === pan.printed.pan_number);
    expect(panLine).toBeDefined();
    const box = panLine!.Geometry!.BoundingBox;
    expect(box.Top).toBeGreaterThan(0.15);
    expect(box.Top + box.Height).toBeLessThan(0.4);
    expect(box.Left + box.Width / 2).toBeGreaterThan(0.3);
    expect(box.Left + box.Width / 2).toBeLessThan(0.7);
  });

  it('reuses one model across calls and reads the same page the same way', async () => {
    const t0 = performance.now();
    const again = await engine.recognise(pan.bytes, { page: 2, idPrefix: 'doc-' });
    expect(performance.now() - t0).toBeLessThan(15_000);
    expect(again).toEqual(first);
  });

  it('refuses work after close()', async () => {
    const other = new PaddleEngine();
    await other.close();
    await expect(other.recognise(pan.bytes)).rejects.toThrow(/closed/);
  });
});

describe('Paddle lines to blocks and the hybrid decisions (no model)', () => {
  const box = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1]];

  it('splits words proportionally and orders lines top to bottom, left to right', () => {
    const blocks = paddleToBlocks([
      { text: 'Second', mean: 0.9, box: box(0, 50, 60, 70) },
      { text: 'AB CD', mean: 0.8, box: box(100, 10, 150, 30) },
      { text: 'Left', mean: 1, box: box(0, 12, 40, 28) },
    ], 200, 100);
    const lines = blocks.filter((b) => b.BlockType === 'LINE');
    expect(lines.map((l) => l.Text)).toEqual(['Left', 'AB CD', 'Second']);
    const [ab, cd] = blocks.filter((b) => b.BlockType === 'WORD' && /^(AB|CD)$/.test(b.Text!));
    expect(ab.Geometry!.BoundingBox.Left).toBeCloseTo(0.5);
    expect(ab.Geometry!.BoundingBox.Width).toBeCloseTo(0.1);
    expect(cd.Geometry!.BoundingBox.Left).toBeCloseTo(0.65);
    expect(ab.Confidence).toBeCloseTo(80);
  });

  it('reads full-width punctuation as ASCII (NFKC), as the extractors expect it', () => {
    const blocks = paddleToBlocks([{ text: '（CO.REG ：860671-D）', mean: 0.9, box: box(0, 10, 100, 30) }], 200, 100);
    expect(blocks.find((b) => b.BlockType === 'LINE')!.Text).toBe('(CO.REG :860671-D)');
  });

  it('recognises a sideways page by its narrow boxes', () => {
    expect(isSideways([{ text: 'INCOME TAX DEPARTMENT', mean: 1, box: box(10, 10, 40, 500) }])).toBe(true);
    expect(isSideways([{ text: 'INCOME TAX DEPARTMENT', mean: 1, box: box(10, 10, 500, 40) }])).toBe(false);
  });

  it('reads again only weak readings and weak fields, and merges field by field', () => {
    const weak = paddleToBlocks([{ text: 'blurred text', mean: 0.6, box: box(0, 0, 100, 20) }], 200, 100);
    const strong = paddleToBlocks([{ text: 'sharp text', mean: 0.97, box: box(0, 0, 100, 20) }], 200, 100);
    expect(readingConfidence(weak)).toBeCloseTo(60);
    expect(shouldReadAgain(weak)).toBe(true);
    expect(shouldReadAgain(strong)).toBe(false);

    const first = { data: { pan_number: { value: 'ABCDE1234', confidence_score: 0.2 }, dob: { value: '01/01/1990', confidence_score: 0.9 } } };
    const second = { data: { pan_number: { value: 'ABCDE1234F', confidence_score: 0.95 }, dob: { value: '01/01/1996', confidence_score: 0.8 } } };
    expect(weakFields(first)).toEqual(['pan_number']);
    const merged = mergeExtractions(first, second);
    expect(merged.data.pan_number.value).toBe('ABCDE1234F');
    expect(merged.data.dob.value).toBe('01/01/1990');
    expect(weakFields({ data: {}, error: { code: 'INVALID_DOC', reason: 'x' } }, { fields: ['pan_number'] })).toEqual(['pan_number']);
  });
});
