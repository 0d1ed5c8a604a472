/**
 * Local OCR output as Textract's AnalyzeDocument (FORMS, TABLES, LAYOUT) would return it: the
 * engine's PAGE, LINE and WORD blocks, the layout model's KEY_VALUE_SET, TABLE/CELL/MERGED_CELL and
 * LAYOUT_* blocks (`Layout.toBlocks()`), and each page's PAGE block listing its top-level blocks
 * (LINE, KEY_VALUE_SET, TABLE, LAYOUT_*) as Textract's do. One reader (DocumentModel) serves
 * this and a real response alike.
 */
import { DocumentModel, type Block } from './blocks.ts';

/** Blocks Textract lists under their PAGE (cells, merged cells and words hang under their table or line). */
const PAGE_CHILDREN = new Set<Block['BlockType']>(['LINE', 'KEY_VALUE_SET', 'TABLE', 'SELECTION_ELEMENT', 'QUERY', 'QUERY_RESULT', 'SIGNATURE']);

export function analysisBlocks(ocr: readonly Block[]): Block[] {
  const model = new DocumentModel(ocr);
  const derived = model.layout.toBlocks((page, box) => model.uploadedBox(page, box));
  const extra = new Map<number, string[]>();
  for (const b of derived) {
    if (PAGE_CHILDREN.has(b.BlockType) || b.BlockType.startsWith('LAYOUT_')) extra.set(b.Page ?? 1, [...(extra.get(b.Page ?? 1) ?? []), b.Id]);
  }
  const pages = ocr.filter((b) => b.BlockType === 'PAGE');
  const out = ocr.map((b) => {
    if (b.BlockType !== 'PAGE') return b;
    const n = b.Page ?? pages.indexOf(b) + 1;
    const ids = [...(b.Relationships ?? []).filter((r) => r.Type === 'CHILD').flatMap((r) => r.Ids), ...(extra.get(n) ?? [])];
    const { Relationships: _old, ...rest } = b;
    return ids.length ? { ...rest, Page: n, Relationships: [{ Type: 'CHILD' as const, Ids: ids }] } : { ...rest, Page: n };
  });
  return [...out, ...derived];
}
