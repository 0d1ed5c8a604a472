/**
 * One uploaded file (image or PDF) to Blocks. A PDF page with its own text layer is read from
 * it directly; a page without one (a scan) is rendered and OCR'd. Pages are numbered from 1
 * and Block Ids are unique across the document.
 */
import type { Block } from '#core/documents/blocks.ts';
import type { OcrEngine, RecogniseOptions } from './engine.ts';
import { PdfFile, isPdf, textChars } from './pdf.ts';
import { sharpenIfBlurred } from './deblur.ts';

export interface DocumentOcrOptions extends Pick<RecogniseOptions, 'segmentation'> {
  /** A text layer with fewer characters than this counts as a scan. Default 20. */
  minTextLayerChars?: number;
  /** Ignore text layers and OCR every page (for comparing engines). */
  forceOcr?: boolean;
  /** Stop after this many pages (cost guard on huge uploads). Default 50. */
  maxPages?: number;
  renderWidth?: number;
}

export interface PageSource { page: number; source: 'image' | 'text-layer' | 'ocr' }

export interface DocumentOcrResult { blocks: Block[]; pages: PageSource[] }

export async function recogniseDocument(engine: OcrEngine, bytes: Buffer, opts: DocumentOcrOptions = {}): Promise<DocumentOcrResult> {
  if (!isPdf(bytes)) {
    // A blurred photo is read from a sharpened copy by the local engines (deblur.ts); Textract gets the
    // upload as it came (its reading of blur was not measured here).
    const image = engine.name === 'textract' ? bytes : await sharpenIfBlurred(bytes);
    return { blocks: await engine.recognise(image, { segmentation: opts.segmentation, page: 1 }), pages: [{ page: 1, source: 'image' }] };
  }
  const pdf = await PdfFile.open(bytes);
  try {
    const blocks: Block[] = [];
    const pages: PageSource[] = [];
    const count = Math.min(pdf.pageCount, opts.maxPages ?? 50);
    for (let page = 1; page <= count; page++) {
      const text = opts.forceOcr ? [] : await pdf.textBlocks(page);
      if (text.length && textChars(text) >= (opts.minTextLayerChars ?? 20)) {
        blocks.push(...text);
        pages.push({ page, source: 'text-layer' });
        continue;
      }
      const png = await pdf.renderPage(page, { width: opts.renderWidth });
      blocks.push(...(await engine.recognise(png, { segmentation: opts.segmentation, page })));
      pages.push({ page, source: 'ocr' });
    }
    return { blocks, pages };
  } finally {
    await pdf.close();
  }
}
