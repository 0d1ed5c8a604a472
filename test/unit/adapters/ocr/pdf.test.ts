import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PdfFile } from '#adapters/ocr/pdf.ts';
import { generateCorpus } from '../../../fixtures/documents/generate.ts';
import { fieldPresence } from '../../../fixtures/documents/match.ts';

describe('PDF pages', async () => {
  const corpus = await generateCorpus({ seed: 5, perType: 0, pdfs: true });
  const textPdf = corpus.find((f) => f.id === 'bank_statement-pdf_text')!;
  const scanPdf = corpus.find((f) => f.id === 'bank_statement-pdf_scan')!;

  it('renders both pages of the 2-page statement to PNG', async () => {
    const pdf = await PdfFile.open(textPdf.bytes);
    try {
      expect(pdf.pageCount).toBe(2);
      for (const page of [1, 2]) {
        const png = await pdf.renderPage(page, { width: 800 });
        const meta = await sharp(png).metadata();
        expect(meta.format).toBe('png');
        expect(meta.width).toBe(800);
        expect(meta.height).toBeGreaterThan(1000);
        // Something was drawn: the page is not blank white.
        const stats = await sharp(png).grayscale().stats();
        expect(stats.channels[0].min).toBeLessThan(100);
      }
    } finally {
      await pdf.close();
    }
  });

  it('reads the text layer with page numbers and valid geometry', async () => {
    const pdf = await PdfFile.open(textPdf.bytes);
    try {
      const blocks = [...(await pdf.textBlocks(1)), ...(await pdf.textBlocks(2, 'x-'))];
      const lines = blocks.filter((b) => b.BlockType === 'LINE');
      expect(new Set(blocks.filter((b) => b.BlockType === 'PAGE').map((b) => b.Page))).toEqual(new Set([1, 2]));
      expect(new Set(blocks.map((b) => b.Id)).size).toBe(blocks.length);
      const text = lines.map((l) => l.Text).join('\n');
      const missing = fieldPresence(textPdf.printed, text).filter((h) => !h.present);
      expect(missing).toEqual([]);
      expect(lines.find((l) => /Closing Balance/.test(l.Text ?? ''))?.Page).toBe(2);
      for (const b of blocks) {
        const bb = b.Geometry!.BoundingBox;
        expect(bb.Left).toBeGreaterThanOrEqual(0);
        expect(bb.Left + bb.Width).toBeLessThanOrEqual(1);
        expect(bb.Top + bb.Height).toBeLessThanOrEqual(1);
      }
    } finally {
      await pdf.close();
    }
  });

  it('finds no text layer in a scanned PDF', async () => {
    const pdf = await PdfFile.open(scanPdf.bytes);
    try {
      expect(pdf.pageCount).toBe(2);
      expect((await pdf.textBlocks(1)).filter((b) => b.BlockType === 'WORD')).toHaveLength(0);
    } finally {
      await pdf.close();
    }
  });
});
