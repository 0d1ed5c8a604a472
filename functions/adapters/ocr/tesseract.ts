/**
 * tesseract.js 7 as an OcrEngine, fully offline: the English LSTM model comes from the
 * installed @tesseract.js-data/eng package (never the CDN), and no cache is read or written.
 * A small pool of workers is started on first use and reused for every page until close().
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Tesseract from 'tesseract.js';
import type { Block } from '#core/documents/blocks.ts';
import type { OcrEngine, PageSegmentation, RecogniseOptions } from './engine.ts';
import { FULL_PAGE, toGeometry, unturnGeometry, type PixelBox, type QuarterTurn } from './geometry.ts';
import { prepareForOcr, turnPrepared, type PreparedImage } from './preprocess.ts';

export interface TesseractEngineOptions {
  /** Number of workers (each one wasm instance, ~100 MB). Default 2: one per core here. */
  workers?: number;
  /** Default page segmentation when a call does not choose. Default 'auto' (PSM 3). */
  segmentation?: PageSegmentation;
  /** Correct small skew (tesseract's line-gradient estimate). Default true. */
  rotateAuto?: boolean;
  /** Folder holding eng.traineddata.gz. Default: the LSTM model inside @tesseract.js-data/eng. */
  langPath?: string;
  /**
   * Retry a page that reads badly (character-weighted word confidence below this) turned by
   * 180, 90 and 270 degrees and keep the best reading. Without an OSD model tesseract reads
   * pages photographed sideways or upside down as garbage at ~35% confidence; upright pages
   * read at 90%+. 0 disables. Default 70.
   */
  orientationRetryBelow?: number;
}

const PSM: Record<PageSegmentation, string> = { auto: '3', block: '6', sparse: '11' };

/**
 * Names the folder of eng.traineddata.gz in a Lambda package: the model is copied there as data
 * (lib/functions.ts, tesseractModel), because the package that ships it is not installed in Lambda.
 */
export const LANG_PATH_ENV = 'TESSERACT_LANG_PATH';

/** The model folder inside @tesseract.js-data/eng: the integer LSTM model, smaller and faster to load than 4.0.0. */
export const MODEL_DIR = '4.0.0_best_int';

/**
 * Where the English model is: TESSERACT_LANG_PATH when set (a Lambda package), else the installed
 * @tesseract.js-data/eng package (a checkout). The worker and the wasm core need no paths: tesseract.js
 * is never bundled, so it finds its own worker script and tesseract.js-core from its installed folder,
 * in node_modules here and beside the bundle in Lambda.
 */
export function defaultLangPath(env: NodeJS.ProcessEnv = process.env, from: string = import.meta.url): string {
  if (env[LANG_PATH_ENV]) return env[LANG_PATH_ENV];
  const require = createRequire(from);
  const pkg = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return join(pkg, MODEL_DIR);
}

/** The worker script tesseract.js starts (its node default), resolved as tesseract.js resolves it. */
export function workerScriptPath(from: string = import.meta.url): string {
  const main = createRequire(from).resolve('tesseract.js');
  return join(dirname(main), 'worker-script', 'node', 'index.js');
}

interface TesseractWord { text: string; confidence: number; bbox: PixelBox }
interface TesseractLine { text: string; confidence: number; bbox: PixelBox; words: TesseractWord[] }
interface TesseractBlock { paragraphs: { lines: TesseractLine[] }[] }
interface Reading { blocks: TesseractBlock[]; width: number; height: number; quality: number }

/** Character-weighted mean word confidence, 0..100 (0 for an empty page). */
export function readingQuality(tBlocks: TesseractBlock[]): number {
  let chars = 0;
  let sum = 0;
  for (const b of tBlocks) for (const p of b.paragraphs ?? []) for (const l of p.lines ?? []) for (const w of l.words ?? []) {
    const n = w.text.trim().length;
    chars += n;
    sum += n * w.confidence;
  }
  return chars ? sum / chars : 0;
}

export class TesseractEngine implements OcrEngine {
  readonly name = 'tesseract';
  readonly langPath: string;
  private readonly size: number;
  private readonly segmentation: PageSegmentation;
  private readonly rotateAuto: boolean;
  private readonly retryBelow: number;
  private scheduler?: Promise<Tesseract.Scheduler>;

  constructor(opts: TesseractEngineOptions = {}) {
    this.size = Math.max(1, opts.workers ?? 2);
    this.segmentation = opts.segmentation ?? 'auto';
    this.rotateAuto = opts.rotateAuto ?? true;
    this.retryBelow = opts.orientationRetryBelow ?? 70;
    this.langPath = opts.langPath ?? defaultLangPath();
    if (!existsSync(join(this.langPath, 'eng.traineddata.gz'))) {
      throw new Error(`tesseract language data not found in ${this.langPath} (eng.traineddata.gz; ${LANG_PATH_ENV} names the folder)`);
    }
  }

  /** Worker options: a local langPath and cacheMethod 'none' keep tesseract.js off the network. */
  get workerOptions(): Partial<Tesseract.WorkerOptions> {
    return { langPath: this.langPath, cacheMethod: 'none', gzip: true };
  }

  private pool(): Promise<Tesseract.Scheduler> {
    this.scheduler ??= (async () => {
      const scheduler = Tesseract.createScheduler();
      const started = await Promise.allSettled(
        Array.from({ length: this.size }, () => Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, this.workerOptions)),
      );
      const workers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) {
        // Leave nothing running and nothing cached: the next call starts the pool afresh.
        await Promise.allSettled(workers.map((w) => w.terminate()));
        this.scheduler = undefined;
        throw (failed as PromiseRejectedResult).reason;
      }
      for (const w of workers) {
        // Our PGM input carries no resolution; without a DPI tesseract guesses and warns.
        // debug_file: tesseract's diagnostics ("Image too small to scale!!") stay out of our logs.
        await w.setParameters({ user_defined_dpi: '300', debug_file: '/dev/null' });
        scheduler.addWorker(w);
      }
      return scheduler;
    })();
    return this.scheduler;
  }

  /** Start the workers now (otherwise the first recognise() does it). */
  async warmUp(): Promise<void> {
    await this.pool();
  }

  async recognise(image: Buffer, opts: RecogniseOptions = {}): Promise<Block[]> {
    const [scheduler, prepared] = await Promise.all([this.pool(), prepareForOcr(image)]);
    const segmentation = opts.segmentation ?? this.segmentation;
    let best = await this.read(scheduler, prepared, segmentation);
    let turn: QuarterTurn = 0;
    if (this.retryBelow > 0 && best.quality < this.retryBelow) {
      for (const t of [180, 90, 270] as const) {
        const reading = await this.read(scheduler, await turnPrepared(prepared, t), segmentation);
        if (reading.quality > best.quality) { best = reading; turn = t; }
        if (best.quality >= this.retryBelow) break;
      }
    }
    return toBlocks(best.blocks, best.width, best.height, opts, turn);
  }

  private async read(scheduler: Tesseract.Scheduler, img: PreparedImage, segmentation: PageSegmentation): Promise<Reading> {
    const result = await scheduler.addJob(
      'recognize',
      img.data,
      { rotateAuto: this.rotateAuto, tessedit_pageseg_mode: PSM[segmentation] } as Partial<Tesseract.RecognizeOptions>,
      { blocks: true, text: false },
    );
    const blocks = (result.data.blocks ?? []) as unknown as TesseractBlock[];
    return { blocks, width: img.width, height: img.height, quality: readingQuality(blocks) };
  }

  async close(): Promise<void> {
    const pending = this.scheduler;
    this.scheduler = undefined;
    if (pending) await (await pending).terminate();
  }
}

/** tesseract's block/paragraph/line/word tree to Textract PAGE, LINE and WORD Blocks. */
export function toBlocks(tBlocks: TesseractBlock[], width: number, height: number, opts: RecogniseOptions = {}, turn: QuarterTurn = 0): Block[] {
  const page = opts.page ?? 1;
  const prefix = `${opts.idPrefix ?? ''}p${page}`;
  const pageBlock: Block = { BlockType: 'PAGE', Id: `${prefix}`, Page: page, Geometry: FULL_PAGE, Relationships: [{ Type: 'CHILD', Ids: [] }] };
  const out: Block[] = [pageBlock];
  let li = 0;
  for (const tb of tBlocks) {
    for (const para of tb.paragraphs ?? []) {
      for (const line of para.lines ?? []) {
        const words = (line.words ?? []).filter((w) => w.text.trim().length > 0);
        if (!words.length) continue;
        const lineId = `${prefix}-l${li++}`;
        const wordBlocks: Block[] = words.map((w, wi) => ({
          BlockType: 'WORD',
          Id: `${lineId}-w${wi}`,
          Text: w.text.trim(),
          Confidence: clampConfidence(w.confidence),
          TextType: 'PRINTED',
          Page: page,
          Geometry: unturnGeometry(toGeometry(w.bbox, width, height), turn),
        }));
        out.push({
          BlockType: 'LINE',
          Id: lineId,
          Text: wordBlocks.map((w) => w.Text).join(' '),
          Confidence: clampConfidence(line.confidence),
          Page: page,
          Geometry: unturnGeometry(toGeometry(line.bbox, width, height), turn),
          Relationships: [{ Type: 'CHILD', Ids: wordBlocks.map((w) => w.Id) }],
        }, ...wordBlocks);
        pageBlock.Relationships![0].Ids.push(lineId);
      }
    }
  }
  return out;
}

function clampConfidence(c: number): number {
  return Number.isFinite(c) ? Math.max(0, Math.min(100, c)) : 0;
}

export function createTesseractEngine(opts?: TesseractEngineOptions): TesseractEngine {
  return new TesseractEngine(opts);
}
