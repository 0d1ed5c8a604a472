import sharp from 'sharp';

export interface RgbImage {
  /** Interleaved RGB bytes, row-major, width * height * 3 long. */
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Decodes an encoded image to raw RGB, honouring EXIF orientation (phone photos) and
 * shrinking so the longer side is at most `maxSide`: the face models work on small
 * inputs anyway, and a 12 MP photo would only cost time and memory.
 */
export async function decodeRgb(image: Buffer, maxSide = 1280): Promise<RgbImage> {
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels after decode, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}
