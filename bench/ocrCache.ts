/**
 * The OCR cache the accuracy bench keeps (one file per engine call, keyed by engine, segmentation,
 * page, id prefix and image bytes), so changing an extractor and re-running costs seconds, and the
 * tuning tools (bench/tuning) can read what the bench read.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Block } from '#core/documents/index.ts';
import { sharpenIfBlurred } from '#adapters/ocr/deblur.ts';

export const OCR_CACHE_DIR = join(tmpdir(), 'docstream-ocr-cache');

export interface OcrCacheEntry { blocks: Block[]; seconds: number }

export function ocrCacheFile(engine: string, image: Buffer, opts: { segmentation?: string; page?: number; idPrefix?: string } = {}): string {
  const key = createHash('sha256')
    .update(`${engine}|${opts.segmentation ?? 'default'}|${opts.page ?? 1}|${opts.idPrefix ?? ''}|v2|`)
    .update(image)
    .digest('hex')
    .slice(0, 32);
  return join(OCR_CACHE_DIR, `${key}.json`);
}

/**
 * What the bench's first reading of an image read, if it is in the cache: the engine was given the
 * image as recogniseDocument gives it, a blurred page's sharpened copy (adapters/ocr/deblur.ts).
 */
export async function cachedFirstReading(engine: string, image: Buffer): Promise<Block[] | undefined> {
  return cachedBlocks(engine, await sharpenIfBlurred(image));
}

/** What the bench read for a whole image (page 1) with `segmentation`, if it is in the cache. */
export function cachedBlocks(engine: string, image: Buffer, segmentation = 'default'): Block[] | undefined {
  const file = ocrCacheFile(engine, image, { segmentation });
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as OcrCacheEntry).blocks : undefined;
}
