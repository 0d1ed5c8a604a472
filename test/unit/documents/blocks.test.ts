import { describe, expect, it } from 'vitest';
import { DocumentModel, type Block } from '#core/documents/index.ts';
import { capitalIs } from '#core/documents/blocks.ts';
import { blocksFromLines, modelFromLines } from '../../fixtures/documents/fromLines.ts';

describe('blocksFromLines', () => {
  it('builds PAGE -> LINE -> WORD blocks with normalised geometry and CHILD relationships', () => {
    const blocks = blocksFromLines([{ text: 'Name: Asha Rao', confidence: 90 }, { text: 'Second page', page: 2 }]);
    const types = blocks.map((b) => b.BlockType);
    expect(types.filter((t) => t === 'PAGE')).toHaveLength(2);
    const line = blocks.find((b) => b.BlockType === 'LINE')!;
    expect(line.Relationships![0]).toEqual({ Type: 'CHILD', Ids: expect.any(Array) });
    expect(line.Relationships![0].Ids).toHaveLength(3);
    for (const b of blocks) {
      const g = b.Geometry!.BoundingBox;
      expect(g.Left).toBeGreaterThanOrEqual(0);
      expect(g.Left + g.Width).toBeLessThanOrEqual(1);
    }
  });
});

describe('DocumentModel', () => {
  it('groups pages, lines and words, with text and confidences', () => {
    const m = modelFromLines([{ text: 'Name: Asha Rao', wordConfidences: [99, 80, 60] }, { text: 'Page two', page: 2 }]);
    expect(m.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(m.text).toBe('Name: Asha Rao\nPage two');
    expect(m.lines[0].words.map((w) => [w.text, w.confidence])).toEqual([['Name:', 99], ['Asha', 80], ['Rao', 60]]);
    expect(m.lines[0].confidence).toBeCloseTo(79.67, 1);
  });

  it('reads a lower-case l inside a word in capitals as the capital I it is (SBl, 24066PC95l), nowhere else', () => {
    const m = modelFromLines(['Opp. SBl ATM, Kolkata', 'Model 24066PC95l']);
    expect(m.lines.map((l) => l.text)).toEqual(['Opp. SBI ATM, Kolkata', 'Model 24066PC95I']);
    expect(m.lines[0].words.map((w) => w.text)).toEqual(['Opp.', 'SBI', 'ATM,', 'Kolkata']);
    for (const kept of ['Pvt. Ltd.', 'Kolkata', '500ml', 'Mobile', 'l', 'Al', 'iQOO Z9 Lite']) expect(capitalIs(kept)).toBe(kept);
    expect(capitalIs('MAHARASHTRl, lNDIA')).toBe('MAHARASHTRI, INDIA');
  });

  it('orders lines into reading order by rows, then left to right', () => {
    const m = modelFromLines([
      { text: 'right', box: { Left: 0.6, Top: 0.1 } },
      { text: 'below', box: { Left: 0.1, Top: 0.3 } },
      { text: 'left', box: { Left: 0.1, Top: 0.105 } },
    ]);
    expect(m.lines.map((l) => l.text)).toEqual(['left', 'right', 'below']);
  });

  it('finds lines by regex and label values on the same line, to the right, and below', () => {
    const m = modelFromLines([
      { text: 'DOB: 01/02/1990' },
      { text: 'GSTIN', box: { Left: 0.05, Top: 0.3, Width: 0.1 } },
      { text: '27AAPFU0939F1ZV', box: { Left: 0.4, Top: 0.3, Width: 0.2 } },
      { text: "Father's Name", box: { Left: 0.05, Top: 0.5, Width: 0.2 } },
      { text: 'Suresh Kumar', box: { Left: 0.05, Top: 0.54, Width: 0.2 } },
    ]);
    expect(m.findLines(/\d{2}\/\d{2}\/\d{4}/).map((x) => x.line.text)).toEqual(['DOB: 01/02/1990']);
    expect(m.labelValue(/\bDOB\b/)).toMatchObject({ text: '01/02/1990', via: 'same-line' });
    expect(m.labelValue(/GSTIN/)).toMatchObject({ text: '27AAPFU0939F1ZV', via: 'right' });
    expect(m.labelValue(/father'?s\s*name/i)).toMatchObject({ text: 'Suresh Kumar', via: 'below' });
    expect(m.labelValue(/\bDOB\b/)!.words.map((w) => w.text)).toEqual(['01/02/1990']);
  });

  it('gives word geometry of a digit sequence across words', () => {
    const m = modelFromLines([{ text: '2345 6789 0124', box: { Left: 0.2, Top: 0.5, Width: 0.28, Height: 0.04 } }]);
    const boxes = m.digitBoxes('23456789');
    expect(boxes).toHaveLength(2);
    expect(boxes[0].box.Left).toBeCloseTo(0.2, 6);
    expect(boxes[1].box.Left + boxes[1].box.Width).toBeCloseTo(0.2 + (0.28 * 9) / 14, 6);
    expect(m.digitBoxes('99999999')).toEqual([]);
  });

  it('reads Textract-style blocks whose lines have no PAGE parent and no words', () => {
    const blocks: Block[] = [
      { BlockType: 'LINE', Id: 'a', Text: 'Invoice No: 42', Confidence: 88, Page: 1, Geometry: { BoundingBox: { Left: 0.1, Top: 0.1, Width: 0.3, Height: 0.02 } } },
    ];
    const m = new DocumentModel(blocks);
    expect(m.words.map((w) => w.text)).toEqual(['Invoice', 'No:', '42']);
    expect(m.words[0].confidence).toBe(88);
  });
});

describe('Textract queries', () => {
  it('links QUERY to its QUERY_RESULT through ANSWER', () => {
    const m = new DocumentModel([
      { BlockType: 'QUERY', Id: 'q', Query: { Text: 'What is the invoice number?', Alias: 'INVOICE_NO' }, Relationships: [{ Type: 'ANSWER', Ids: ['r'] }] },
      { BlockType: 'QUERY_RESULT', Id: 'r', Text: 'INV-42', Confidence: 91, Page: 1 },
    ]);
    expect(m.queryAnswer('INVOICE_NO')).toMatchObject({ answer: 'INV-42', confidence: 91 });
    expect(m.queryAnswer('nothing')).toBeUndefined();
  });
});
