/**
 * Finds QR codes in an image (the secure QR of an Aadhaar card carries the holder's data, so the
 * redacted copy blocks it). jsQR finds one code per pass; each found code is painted out and the
 * image searched again, so a card with two codes loses both.
 */
import sharp from 'sharp';
import jsQRModule from 'jsqr';

// jsqr is CommonJS with an ES-style default export; Node hands us the function itself.
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;
import type { BoundingBox } from '../core/documents/blocks.ts';

const MAX_SIDE = 1600;
const MAX_CODES = 3;

export async function findQrCodes(image: Buffer): Promise<BoundingBox[]> {
  const { data, info } = await sharp(image).rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const boxes: BoundingBox[] = [];
  for (let i = 0; i < MAX_CODES; i++) {
    const code = jsQR(pixels, info.width, info.height, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    const corners = [code.location.topLeftCorner, code.location.topRightCorner, code.location.bottomLeftCorner, code.location.bottomRightCorner];
    // The corners are the finder patterns' centres; widen by the quiet-zone-free margin of a module or two.
    const xs = corners.map((c) => c.x);
    const ys = corners.map((c) => c.y);
    const pad = Math.max(...xs) - Math.min(...xs);
    const left = Math.max(0, Math.min(...xs) - pad * 0.12);
    const top = Math.max(0, Math.min(...ys) - pad * 0.12);
    const right = Math.min(info.width, Math.max(...xs) + pad * 0.12);
    const bottom = Math.min(info.height, Math.max(...ys) + pad * 0.12);
    boxes.push({ Left: left / info.width, Top: top / info.height, Width: (right - left) / info.width, Height: (bottom - top) / info.height });
    paint(pixels, info.width, left, top, right, bottom);
  }
  return boxes;
}

function paint(pixels: Uint8ClampedArray, width: number, left: number, top: number, right: number, bottom: number) {
  for (let y = Math.floor(top); y < Math.ceil(bottom); y++) {
    for (let x = Math.floor(left); x < Math.ceil(right); x++) {
      const o = (y * width + x) * 4;
      pixels[o] = pixels[o + 1] = pixels[o + 2] = 255;
    }
  }
}
