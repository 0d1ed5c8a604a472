/** The port every OCR engine implements: an image in, Textract-style Blocks out. */
import type { Block } from '#core/documents/blocks.ts';

/**
 * auto: full page layout analysis (tesseract PSM 3) with skew correction; finds large bold
 * lines and rotated pages. block: treat the image as one uniform block (PSM 6); reads
 * receipts and narrow single-column slips better. sparse: find as much text as possible in no
 * particular order (PSM 11); reads labels whose lines sit against barcodes (IMEI stickers).
 */
export type PageSegmentation = 'auto' | 'block' | 'sparse';

export interface RecogniseOptions {
  segmentation?: PageSegmentation;
  /** 1-based page number written on every Block (multi-page documents). */
  page?: number;
  /** Prefix for Block Ids so Ids stay unique across the pages of one document. */
  idPrefix?: string;
}

export interface OcrEngine {
  readonly name: string;
  recognise(image: Buffer, opts?: RecogniseOptions): Promise<Block[]>;
  close(): Promise<void>;
}
