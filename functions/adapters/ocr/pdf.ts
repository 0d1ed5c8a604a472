/**
 * PDFs: detect them, read each page's own text layer (the fast path: a few ms per page, exact
 * text) and render pages to PNG for OCR when a page has no usable text (scans). pdf.js runs
 * in-process with its Node canvas (@napi-rs/canvas) and reads fonts, CMaps and wasm decoders
 * from the installed pdfjs-dist package, never from the network.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Block } from '#core/documents/blocks.ts';
import { FULL_PAGE } from './geometry.ts';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfDocumentProxy = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type PdfPageProxy = Awaited<ReturnType<PdfDocumentProxy['getPage']>>;

let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = (): Promise<PdfJs> => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function assetDir(sub: string): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('pdfjs-dist/package.json')), sub) + '/';
}

/** True when the bytes are a PDF (the header may follow a little junk, as readers allow). */
export function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

export interface RenderOptions {
  /** Target pixel width of the rendered page (height follows the page's aspect). Default 1600. */
  width?: number;
}

export class PdfFile {
  private constructor(private readonly doc: PdfDocumentProxy) {}

  static async open(bytes: Uint8Array): Promise<PdfFile> {
    const { getDocument } = await loadPdfJs();
    const doc = await getDocument({
      // pdf.js detaches (transfers) the buffer it is given: hand it a copy.
      data: new Uint8Array(bytes),
      standardFontDataUrl: assetDir('standard_fonts'),
      cMapUrl: assetDir('cmaps'),
      cMapPacked: true,
      wasmUrl: assetDir('wasm'),
      iccUrl: assetDir('iccs'),
      isEvalSupported: false,
      useSystemFonts: false,
      verbosity: 0,
    }).promise;
    return new PdfFile(doc);
  }

  get pageCount(): number {
    return this.doc.numPages;
  }

  /**
   * The page's text layer as PAGE/LINE/WORD Blocks (geometry from the PDF's own glyph
   * positions, Confidence 100). Empty list (PAGE only) for a scanned page.
   */
  async textBlocks(pageNumber: number, idPrefix = ''): Promise<Block[]> {
    const page = await this.doc.getPage(pageNumber);
    try {
      return await textLayerBlocks(page, pageNumber, idPrefix);
    } finally {
      page.cleanup();
    }
  }

  /** PNG of one page, white background. */
  async renderPage(pageNumber: number, opts: RenderOptions = {}): Promise<Buffer> {
    const page = await this.doc.getPage(pageNumber);
    try {
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: (opts.width ?? 1600) / base.width });
      const width = Math.round(viewport.width);
      const height = Math.round(viewport.height);
      // pdf.js's own Node canvas factory (@napi-rs/canvas, the copy pdf.js was built against).
      const factory = this.doc.canvasFactory as { create(w: number, h: number): NodeCanvasAndContext };
      const { canvas, context } = factory.create(width, height);
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      type RenderParams = Parameters<PdfPageProxy['render']>[0];
      await page.render({ canvasContext: context, canvas, viewport } as unknown as RenderParams).promise;
      return canvas.toBuffer('image/png');
    } finally {
      page.cleanup();
    }
  }

  async close(): Promise<void> {
    await this.doc.destroy();
  }
}

interface NodeCanvasAndContext {
  canvas: { toBuffer(mime: 'image/png'): Buffer };
  context: { fillStyle: string; fillRect(x: number, y: number, w: number, h: number): void };
}

interface Run { text: string; x: number; baseline: number; width: number; size: number; eol: boolean }

async function textLayerBlocks(page: PdfPageProxy, pageNumber: number, idPrefix: string): Promise<Block[]> {
  const { Util } = await loadPdfJs();
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: Run[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const tx = Util.transform(viewport.transform, item.transform);
    const size = Math.hypot(tx[2], tx[3]);
    runs.push({ text: item.str, x: tx[4], baseline: tx[5], width: item.width * viewport.scale, size, eol: item.hasEOL });
  }
  // Group runs into lines: same baseline and close horizontally (a wide gap starts a new
  // LINE, as Textract splits label and value columns).
  const lines: Run[][] = [];
  for (const r of runs) {
    if (!r.text.trim()) {
      if (r.eol && lines.length) lines.push([]);
      continue;
    }
    const cur = lines[lines.length - 1];
    const last = cur?.[cur.length - 1];
    const sameRow = last && Math.abs(last.baseline - r.baseline) < Math.max(last.size, r.size) * 0.4;
    const close = last && r.x - (last.x + last.width) < Math.max(last.size, r.size) * 1.5;
    if (cur && last && sameRow && close && !last.eol) cur.push(r);
    else lines.push([r]);
  }
  const W = viewport.width;
  const H = viewport.height;
  const prefix = `${idPrefix}p${pageNumber}`;
  const pageBlock: Block = { BlockType: 'PAGE', Id: prefix, Page: pageNumber, Geometry: FULL_PAGE, Relationships: [{ Type: 'CHILD', Ids: [] }] };
  const out: Block[] = [pageBlock];
  let li = 0;
  for (const line of lines.filter((l) => l.length)) {
    const lineId = `${prefix}-l${li++}`;
    const words: Block[] = [];
    for (const r of line) {
      // Word boxes by character share of the run's advance width.
      const len = Math.max(1, r.text.length);
      for (const m of r.text.matchAll(/\S+/g)) {
        const x0 = r.x + (r.width * m.index) / len;
        const x1 = r.x + (r.width * (m.index + m[0].length)) / len;
        words.push({
          BlockType: 'WORD', Id: `${lineId}-w${words.length}`, Text: m[0], Confidence: 100, TextType: 'PRINTED', Page: pageNumber,
          Geometry: box(x0, r.baseline - r.size * 0.85, x1, r.baseline + r.size * 0.25, W, H),
        });
      }
    }
    if (!words.length) continue;
    const x0 = Math.min(...line.map((r) => r.x));
    const x1 = Math.max(...line.map((r) => r.x + r.width));
    const size = Math.max(...line.map((r) => r.size));
    const baseline = Math.max(...line.map((r) => r.baseline));
    out.push({
      BlockType: 'LINE', Id: lineId, Text: words.map((w) => w.Text).join(' '), Confidence: 100, Page: pageNumber,
      Geometry: box(x0, baseline - size * 0.85, x1, baseline + size * 0.25, W, H),
      Relationships: [{ Type: 'CHILD', Ids: words.map((w) => w.Id) }],
    }, ...words);
    pageBlock.Relationships![0].Ids.push(lineId);
  }
  return out;
}

function box(x0: number, y0: number, x1: number, y1: number, W: number, H: number): Block['Geometry'] {
  const c = (v: number) => Math.max(0, Math.min(1, v));
  const l = c(x0 / W), t = c(y0 / H), r = c(x1 / W), b = c(y1 / H);
  return {
    BoundingBox: { Left: l, Top: t, Width: r - l, Height: b - t },
    Polygon: [{ X: l, Y: t }, { X: r, Y: t }, { X: r, Y: b }, { X: l, Y: b }],
  };
}

/** Characters of real text in a Block list (what decides text layer vs OCR). */
export function textChars(blocks: Block[]): number {
  return blocks.filter((b) => b.BlockType === 'WORD').reduce((n, b) => n + (b.Text?.length ?? 0), 0);
}
