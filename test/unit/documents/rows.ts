/**
 * A page as tesseract gives it, from rows of cells: one LINE per row with the words of all its
 * cells, each cell starting at its own x (0..1); word boxes by character count (0.011 per char).
 */
import { DocumentModel, type Block } from '#core/documents/index.ts';

export function pageFromRows(rows: [number, ...[number, string][]][]): DocumentModel {
  const blocks: Block[] = [{ BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: [] }] }];
  rows.forEach(([top, ...cells], r) => {
    const ids: string[] = [];
    const texts: string[] = [];
    cells.forEach(([left, text], c) => {
      let x = left;
      for (const [i, w] of text.split(' ').entries()) {
        const id = `l${r}c${c}w${i}`;
        ids.push(id);
        blocks.push({ BlockType: 'WORD', Id: id, Text: w, Confidence: 95, Page: 1, Geometry: { BoundingBox: { Left: x, Top: top, Width: 0.011 * w.length, Height: 0.015 } } });
        x += 0.011 * (w.length + 1);
      }
      texts.push(text);
    });
    const last = blocks[blocks.length - 1].Geometry!.BoundingBox;
    blocks.push({ BlockType: 'LINE', Id: `l${r}`, Text: texts.join(' '), Confidence: 95, Page: 1, Geometry: { BoundingBox: { Left: cells[0][0], Top: top, Width: last.Left + last.Width - cells[0][0], Height: 0.015 } }, Relationships: [{ Type: 'CHILD', Ids: ids }] });
    blocks[0].Relationships![0].Ids.push(`l${r}`);
  });
  return new DocumentModel(blocks);
}
