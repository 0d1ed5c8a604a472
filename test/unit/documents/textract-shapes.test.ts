/**
 * Real Textract shapes in, our layout out: our fixtures of AnalyzeDocument responses (shaped after
 * published ones, test/fixtures/textract/README.md) read through DocumentModel, and the local
 * analyser's blocks held to the same shape checker as those responses.
 */
import { describe, expect, it } from 'vitest';
import { DocumentModel, type Block } from '#core/documents/blocks.ts';
import { analysisBlocks } from '#core/documents/analysis.ts';
import { shapeProblems } from '../../fixtures/textract/shape.ts';
import { certificateAnalysis, invoiceAnalysis } from '../../fixtures/textract/responses.ts';
import { pageFromRows } from './rows.ts';

const pairsOf = (m: DocumentModel) => m.layout.pairs.map((p) => [p.key, p.value, p.page]);
/** What DetectDocumentText would have returned: PAGE (listing its LINEs), LINE and WORD blocks. */
const textOnly = (blocks: Block[]) => {
  const lines = new Set(blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Id));
  return blocks
    .filter((b) => ['PAGE', 'LINE', 'WORD'].includes(b.BlockType))
    .map((b) => (b.BlockType === 'PAGE' ? { ...b, Relationships: [{ Type: 'CHILD' as const, Ids: b.Relationships![0].Ids.filter((id) => lines.has(id)) }] } : b));
};

describe('Textract responses (our fixtures in the real shapes)', () => {
  it('pass the shape checker', () => {
    expect(shapeProblems(invoiceAnalysis().blocks)).toEqual([]);
    expect(shapeProblems(certificateAnalysis())).toEqual([]);
  });

  it('the checker catches what real responses never do', () => {
    const blocks = structuredClone(invoiceAnalysis().blocks);
    const key = blocks.find((b) => b.EntityTypes?.[0] === 'KEY')!;
    key.Relationships!.reverse();
    const cell = blocks.find((b) => b.BlockType === 'CELL')!;
    cell.ColumnSpan = 2;
    const layout = blocks.find((b) => b.BlockType === 'LAYOUT_TEXT')!;
    layout.Text = 'text';
    const word = blocks.find((b) => b.BlockType === 'WORD')!;
    delete word.Page;
    const problems = shapeProblems(blocks).join('\n');
    expect(problems).toMatch(/KEY relationships CHILD,VALUE/);
    expect(problems).toMatch(/RowSpan\/ColumnSpan not 1/);
    expect(problems).toMatch(/Text on a structure block/);
    expect(problems).toMatch(/no Page/);
  });

  it('FORMS: pairs with their keys unpunctuated, a check box value as its status, multi-line values', () => {
    const m = new DocumentModel(invoiceAnalysis().blocks);
    expect(pairsOf(m)).toEqual([
      ['Invoice No', 'SGE/25-26/0418', 1],
      ['Dated', '09/07/2025', 1],
      ['GSTIN', '27AAKFS4821M1Z6', 1],
      ['Bill To', 'Kavita Deshmukh Flat 7, Sai Residency, Gangapur Road, Nashik - 422013', 1],
      ['Reverse Charge', 'NOT_SELECTED', 1],
    ]);
    expect(m.layout.pairs.every((p) => p.via === 'textract')).toBe(true);
    const no = m.labelValue(/Invoice\s*No/i);
    expect(no).toMatchObject({ text: 'SGE/25-26/0418', fromPair: true });
  });

  it('TABLES: the grid by RowIndex/ColumnIndex, a MERGED_CELL read once at its first cell, the floating title left out', () => {
    const m = new DocumentModel(invoiceAnalysis().blocks);
    expect(m.layout.tables).toHaveLength(1);
    const t = m.layout.tables[0];
    expect(t.rows.map((r) => r.map((c) => [c.col, c.text]))).toEqual([
      [[1, 'Sr'], [2, 'Description'], [3, 'Qty'], [4, 'Amount']],
      [[1, '1'], [2, 'Samsung Refrigerator RT28 253L'], [3, '1'], [4, '24,490.00']],
      [[1, '2'], [2, 'Stabiliser 4 kVA'], [3, '1'], [4, '3,508.00']],
      [[1, 'Total'], [4, '27,998.00']],
    ]);
    expect(t.page).toBe(1);
  });

  it('QUERIES: answers by alias or question, the answer box kept, an unanswered query without an answer', () => {
    const m = new DocumentModel(invoiceAnalysis().blocks);
    expect(m.queryAnswer('INVOICE_TOTAL')).toMatchObject({ answer: '27,998.00', confidence: 94, page: 1, box: expect.objectContaining({ Left: 0.8 }) });
    expect(m.queryAnswer('Who is the buyer?')?.answer).toBe('Kavita Deshmukh');
    expect(m.queryAnswer('DUE_DATE')).toMatchObject({ question: 'What is the due date?', answer: undefined });
  });

  it('a query asked of every page: the answered, most confident one wins', () => {
    const q = (id: string, page: number, answer?: [string, number]): Block[] => [
      { BlockType: 'QUERY', Id: id, Page: page, Query: { Text: 'What is the total?', Alias: 'TOTAL', Pages: ['*'] }, ...(answer ? { Relationships: [{ Type: 'ANSWER' as const, Ids: [`${id}-a`] }] } : {}) },
      ...(answer ? [{ BlockType: 'QUERY_RESULT' as const, Id: `${id}-a`, Page: page, Text: answer[0], Confidence: answer[1] }] : []),
    ];
    const m = new DocumentModel([...q('q1', 1), ...q('q2', 2, ['1,200.00', 61]), ...q('q3', 3, ['1,250.00', 93])]);
    expect(m.queryAnswer('TOTAL')).toMatchObject({ answer: '1,250.00', page: 3 });
  });

  it('multi-page: pages from the PAGE that lists each block; KEY children that are check boxes', () => {
    const m = new DocumentModel(certificateAnalysis());
    expect(m.pages.map((p) => p.number)).toEqual([1, 2]);
    expect(pairsOf(m)).toEqual([
      ['Udyam Registration Number', 'UDYAM-MH-26-0031472', 1],
      ['Name of Enterprise', 'Sai Krupa Food Products', 1],
      ['Type of Enterprise', 'SELECTED', 1],
      ['Small', '', 1],
      ['Major Activity', 'Manufacturing', 1],
      ['Social Category', 'General', 2],
      ['Date of Udyam Registration', '05/08/2021', 2],
      ['Official Address of Enterprise', 'Plot 22, MIDC Ambad, Nashik, Maharashtra - 422010', 2],
    ]);
    // A synchronous response may carry no Page at all: the PAGE blocks' lists still place every block.
    const bare = certificateAnalysis().map((b) => (b.BlockType === 'PAGE' ? b : (({ Page: _p, ...rest }) => rest as Block)(b)));
    expect(pairsOf(new DocumentModel(bare))).toEqual(pairsOf(m));
    expect(new DocumentModel(bare).lines.filter((l) => l.page === 2)).toHaveLength(4);
  });

  it('a TABLES-only or LAYOUT-only response keeps the derived pairs (Textract answers only what it was asked)', () => {
    const blocks = invoiceAnalysis().blocks.filter((b) => b.BlockType !== 'KEY_VALUE_SET');
    const m = new DocumentModel(blocks);
    expect(m.layout.tables).toHaveLength(1);
    expect(m.layout.pairs.map((p) => [p.key, p.value, p.via])).toContainEqual(['Invoice No', 'SGE/25-26/0418', 'colon']);
  });
});

describe('the local analyser emits the same shapes', () => {
  it('analysisBlocks over the invoice\'s text alone passes the checker and reads back to the same structure', () => {
    const ocr = textOnly(invoiceAnalysis().blocks);
    const local = analysisBlocks(ocr);
    expect(shapeProblems(local)).toEqual([]);
    const derived = new DocumentModel(ocr).layout;
    const back = new DocumentModel(local).layout;
    expect(back.pairs.map((p) => [p.key, p.value])).toEqual(derived.pairs.map((p) => [p.key, p.value]));
    expect(back.tables.map((t) => t.rows.map((r) => r.map((c) => c.text)))).toEqual(derived.tables.map((t) => t.rows.map((r) => r.map((c) => c.text))));
    const types = new Set(local.map((b) => b.BlockType));
    for (const t of ['KEY_VALUE_SET', 'TABLE', 'CELL', 'LAYOUT_TITLE', 'LAYOUT_KEY_VALUE', 'LAYOUT_TABLE', 'LAYOUT_TEXT', 'LAYOUT_PAGE_NUMBER'] as const) expect(types, t).toContain(t);
  });

  it('a two-page document: every derived block on its page, listed by that PAGE', () => {
    const local = analysisBlocks(textOnly(certificateAnalysis()));
    expect(shapeProblems(local)).toEqual([]);
    const page2 = local.find((b) => b.BlockType === 'PAGE' && b.Page === 2)!;
    const kv2 = local.filter((b) => b.BlockType === 'KEY_VALUE_SET' && b.Page === 2);
    expect(kv2.length).toBeGreaterThan(0);
    for (const b of kv2) expect(page2.Relationships![0].Ids).toContain(b.Id);
  });

  it('a page photographed sideways: structure geometry on the page as uploaded, where its words are', () => {
    // The invoice turned a quarter clockwise: a point (x, y) of the upright page lies at (1 - y, x).
    const turn = (b: { Left: number; Top: number; Width: number; Height: number }) => ({ Left: 1 - (b.Top + b.Height), Top: b.Left, Width: b.Height, Height: b.Width });
    const turned = textOnly(invoiceAnalysis().blocks).map((b) => {
      if (!b.Geometry || b.BlockType === 'PAGE') return b;
      const box = turn(b.Geometry.BoundingBox);
      return { ...b, Geometry: { BoundingBox: box, Polygon: [{ X: box.Left + box.Width, Y: box.Top }, { X: box.Left + box.Width, Y: box.Top + box.Height }, { X: box.Left, Y: box.Top + box.Height }, { X: box.Left, Y: box.Top }] } };
    });
    const local = analysisBlocks(turned);
    expect(shapeProblems(local)).toEqual([]);
    const byId = new Map(local.map((b) => [b.Id, b]));
    const keys = local.filter((b) => b.EntityTypes?.[0] === 'KEY');
    expect(keys.length).toBeGreaterThan(2);
    for (const k of keys) {
      const words = k.Relationships!.find((r) => r.Type === 'CHILD')!.Ids.map((id) => byId.get(id)!.Geometry!.BoundingBox);
      const kb = k.Geometry!.BoundingBox;
      expect(kb.Left).toBeCloseTo(Math.min(...words.map((w) => w.Left)), 6);
      expect(kb.Top).toBeCloseTo(Math.min(...words.map((w) => w.Top)), 6);
      expect(kb.Height).toBeGreaterThan(kb.Width); // sideways, as the words are
    }
  });

  it('tables: every grid position a CELL, a header row, a cell running over empty columns as a MERGED_CELL', () => {
    const m = pageFromRows([
      [0.2, [0.07, 'Sr'], [0.15, 'Description'], [0.6, 'Qty'], [0.8, 'Amount']],
      [0.22, [0.07, '1'], [0.15, 'Vivo Y28 5G'], [0.6, '1'], [0.8, '13,999.00']],
      [0.24, [0.07, 'Grand Total Payable'], [0.6, '1'], [0.8, '13,999.00']],
    ]);
    const blocks = m.layout.toBlocks();
    const cells = blocks.filter((b) => b.BlockType === 'CELL');
    expect(cells).toHaveLength(12);
    expect(cells.filter((c) => c.EntityTypes?.includes('COLUMN_HEADER')).map((c) => c.ColumnIndex)).toEqual([1, 2, 3, 4]);
    expect(cells.filter((c) => !c.Relationships)).toHaveLength(1);
    const merged = blocks.filter((b) => b.BlockType === 'MERGED_CELL');
    expect(merged.map((b) => [b.RowIndex, b.ColumnIndex, b.RowSpan, b.ColumnSpan])).toEqual([[3, 1, 1, 2]]);
    // read back: the merged text once, at its first cell
    const back = new DocumentModel([{ BlockType: 'PAGE', Id: 'pg', Page: 1 }, ...m.lines.flatMap((l) => l.words.map((w) => ({ BlockType: 'WORD' as const, Id: w.id, Text: w.text, Page: 1, Confidence: 95, Geometry: { BoundingBox: w.box } }))), ...m.lines.map((l) => ({ BlockType: 'LINE' as const, Id: l.id, Text: l.text, Page: 1, Confidence: 95, Geometry: { BoundingBox: l.box }, Relationships: [{ Type: 'CHILD' as const, Ids: l.words.map((w) => w.id) }] })), ...blocks]);
    expect(back.layout.tables[0].rows[2].map((c) => [c.col, c.text])).toEqual([[1, 'Grand Total Payable'], [3, '1'], [4, '13,999.00']]);
    expect(blocks.every((b) => b.Geometry?.Polygon?.length === 4 && b.Page === 1)).toBe(true);
  });

  it('a KEY and its VALUE share one confidence; an empty value has no relationships', () => {
    const m = pageFromRows([[0.1, [0.07, 'Customer Name'], [0.35, 'Deepika Chauhan']]]);
    const [k, v] = m.layout.toBlocks().filter((b) => b.BlockType === 'KEY_VALUE_SET');
    expect(k.Relationships!.map((r) => r.Type)).toEqual(['VALUE', 'CHILD']);
    expect(k.Confidence).toBe(v.Confidence);
    expect(k.Confidence).toBeGreaterThan(1);
  });
});
