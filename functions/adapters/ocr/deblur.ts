/**
 * A blurred photo read again sharper: a phone shaken or out of focus spreads every edge of the print
 * over several pixels, and tesseract then drops whole lines (a label and its value gone, not misread).
 * An unsharp mask restores enough of those edges for the lines to come back; on a page that is already
 * sharp the same mask only adds ringing and costs fields, so it is applied to blurred images alone.
 * Measured in docs/decisions-documents.md ("Blurred images").
 */
import sharp from 'sharp';

export interface Sharpness {
  /**
   * How steep the print's edges are: over the pixels where the brightness changes strongly across two
   * pixels, the share of that change made in one pixel (about 1 for crisp print, 0.5 when blur spreads it).
   * Independent of the page's contrast and of how much text it carries.
   */
  edge: number;
  /** Variance of the Laplacian: the page's fine detail (low on blurred and on sparse pages alike). */
  detail: number;
}

/** A page is blurred when its edges are soft and it has little fine detail (both; see docs). */
const SOFT_EDGE = 0.66;
const LITTLE_DETAIL = 125;
/** An edge pixel: brightness changes by this much across two pixels. */
const EDGE_STEP = 40;
/**
 * The unsharp mask: a 2-pixel radius with a strong gain on the print's edges (m2) and the default on flat
 * paper (m1), as the dev sets' blurred pages chose it (docs/decisions-documents.md, "Degraded pages, round 13"):
 * σ 1.5 with gain 3 left the far end of a Gaussian blur still measured as blurred.
 */
const UNSHARP = { sigma: 2, m1: 1, m2: 8 } as const;
/** Very large photos are measured at this size (the measure is per pixel; time grows with pixels). */
const MAX_SIDE = 3000;

export async function sharpness(image: Buffer): Promise<Sharpness> {
  const { data, info } = await sharp(image)
    .flatten({ background: '#ffffff' })
    .grayscale()
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const c = info.channels;
  const at = (i: number) => data[i * c];
  let steps = 0;
  let edges = 0;
  let laplacian = 0;
  let n = 0;
  // every second row: the measure is an average, and half the rows give it at half the cost
  for (let y = 1; y < h - 1; y += 2) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const [l, m, r] = [at(i - 1), at(i), at(i + 1)];
      const lap = 4 * m - l - r - at(i - w) - at(i + w);
      laplacian += lap * lap;
      n++;
      const across = Math.abs(r - l);
      if (across > EDGE_STEP) {
        steps += Math.max(Math.abs(r - m), Math.abs(m - l)) / across;
        edges++;
      }
    }
  }
  return { edge: edges ? steps / edges : 1, detail: n ? laplacian / n : 0 };
}

export function isBlurred(s: Sharpness): boolean {
  return s.edge < SOFT_EDGE && s.detail < LITTLE_DETAIL;
}

/** The image to read: a sharpened copy (PNG) when the image is blurred, else the image itself. */
export async function sharpenIfBlurred(image: Buffer): Promise<Buffer> {
  let blurred: boolean;
  try {
    blurred = isBlurred(await sharpness(image));
  } catch {
    // an image sharp cannot decode goes to the engine as it came, which reports it as unreadable
    return image;
  }
  // (upright first: the PNG keeps no EXIF orientation, and a phone photo's is what turns it the right way up)
  return blurred ? sharp(image).rotate().sharpen(UNSHARP).png().toBuffer() : image;
}
