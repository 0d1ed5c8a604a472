/**
 * Image preparation before OCR: EXIF orientation, grayscale, size into tesseract's comfortable
 * range, and a cheap percentile contrast stretch (faster than sharp's normalise()). Output is
 * binary PGM (P5): leptonica reads it with no decompression and sharp needs no encode step.
 */
import sharp from 'sharp';

export interface PreparedImage { data: Buffer; width: number; height: number }

/** Small phone crops are upscaled; very large scans downscaled (time grows with pixels). */
const MIN_WIDTH = 1200;
const MAX_SIDE = 3000;

export async function prepareForOcr(image: Buffer): Promise<PreparedImage> {
  const meta = await sharp(image).metadata();
  const autoOriented = (meta.orientation ?? 1) >= 5;
  let w = (autoOriented ? meta.height : meta.width) ?? 0;
  let h = (autoOriented ? meta.width : meta.height) ?? 0;
  let pipeline = sharp(image).rotate().flatten({ background: '#ffffff' }).grayscale();
  const scale = w < MIN_WIDTH ? MIN_WIDTH / w : Math.max(w, h) > MAX_SIDE ? MAX_SIDE / Math.max(w, h) : 1;
  if (scale !== 1) {
    pipeline = pipeline.resize(Math.round(w * scale), Math.round(h * scale), { kernel: scale > 1 ? 'cubic' : 'lanczos3' });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  w = info.width;
  h = info.height;
  const grey = info.channels === 1 ? data : toSingleChannel(data, info.channels);
  stretchContrast(grey);
  const header = Buffer.from(`P5\n${w} ${h}\n255\n`, 'ascii');
  return { data: Buffer.concat([header, grey]), width: w, height: h };
}

function toSingleChannel(data: Buffer, channels: number): Buffer {
  const out = Buffer.allocUnsafe(data.length / channels);
  for (let i = 0, j = 0; j < out.length; i += channels, j++) out[j] = data[i];
  return out;
}

/** Map the 1st..99th percentile onto 0..255 when the page uses a narrow tonal range. */
export function stretchContrast(grey: Buffer): void {
  const hist = new Uint32Array(256);
  for (let i = 0; i < grey.length; i++) hist[grey[i]]++;
  const cut = grey.length * 0.01;
  let lo = 0;
  for (let acc = 0; lo < 255 && (acc += hist[lo]) <= cut; lo++);
  let hi = 255;
  for (let acc = 0; hi > 0 && (acc += hist[hi]) <= cut; hi--);
  if (hi - lo >= 180 || hi <= lo) return;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
  for (let i = 0; i < grey.length; i++) grey[i] = lut[grey[i]];
}

/** The same prepared page turned clockwise by a quarter-turn multiple. */
export async function turnPrepared(img: PreparedImage, degrees: 90 | 180 | 270): Promise<PreparedImage> {
  const headerLength = img.data.length - img.width * img.height;
  const { data, info } = await sharp(img.data.subarray(headerLength), { raw: { width: img.width, height: img.height, channels: 1 } })
    .rotate(degrees).raw().toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : toSingleChannel(data, info.channels);
  return { data: Buffer.concat([Buffer.from(`P5\n${info.width} ${info.height}\n255\n`, 'ascii'), grey]), width: info.width, height: info.height };
}
