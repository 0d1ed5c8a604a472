/**
 * Paints opaque boxes over regions of an image (Aadhaar digits), with a margin so OCR jitter in the
 * box geometry never leaves a digit edge visible. Output is PNG: lossless, so no ghost of the digits.
 */
import sharp from 'sharp';
import type { BoundingBox } from '../core/documents/blocks.ts';

const MARGIN = 0.15;

export async function maskRegions(image: Buffer, boxes: BoundingBox[]): Promise<Buffer> {
  // Bake EXIF rotation in first: OCR geometry refers to the upright image.
  const upright = await sharp(image).rotate().png().toBuffer();
  const { width = 0, height = 0 } = await sharp(upright).metadata();
  const rects = boxes.map((b) => {
    const padX = b.Width * MARGIN * 0.5 + 2 / width;
    const padY = b.Height * MARGIN + 2 / height;
    const left = Math.max(0, Math.floor((b.Left - padX) * width));
    const top = Math.max(0, Math.floor((b.Top - padY) * height));
    const right = Math.min(width, Math.ceil((b.Left + b.Width + padX) * width));
    const bottom = Math.min(height, Math.ceil((b.Top + b.Height + padY) * height));
    return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  });
  if (!rects.length) return upright;
  return sharp(upright)
    .composite(rects.map((r) => ({ input: { create: { width: r.width, height: r.height, channels: 3 as const, background: '#000000' } }, left: r.left, top: r.top })))
    .png()
    .toBuffer();
}
