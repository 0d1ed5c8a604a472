import sharp from 'sharp';
import { powerSpectrum2d } from './fft.ts';

/** Side of the square luminance patch analysed for periodic (moiré) energy. */
const FFT_SIZE = 256;

export interface PanSignals {
  /** Mean chroma (max-min of RGB, 0..1): a photocopy is grey, so near 0. */
  chroma_mean: number;
  /** Share of pixels with clearly visible colour (chroma > 0.12). */
  colour_fraction: number;
  /** Blue minus red over the card's light background (−1..1); PAN cards are blue/cyan tinted. */
  blue_bias: number;
  /** Mean absolute 4-neighbour Laplacian of luminance (0..1): toner noise / fine texture. */
  texture: number;
  /** Luminance standard deviation (0..1). */
  contrast: number;
  /** Share of near-white clipped pixels (glare, over-exposed copies). */
  clipped_white: number;
  /** Share of near-black pixels (toner-heavy copies). */
  clipped_black: number;
  /**
   * Strength of the strongest narrow mid/high-frequency peak of the luminance spectrum
   * relative to the band's median power (log10): screen pixel grids beating against the
   * camera sensor (moiré) give isolated strong peaks; print and toner give broad noise.
   */
  moire_peak: number;
  /** Share of band power in the top 0.2 % spectral bins (peaks vs broadband). */
  moire_concentration: number;
}

interface Pixels { data: Buffer; width: number; height: number }

async function rgbAt(image: Buffer, width: number): Promise<Pixels> {
  const { data, info } = await sharp(image).rotate().resize({ width, withoutEnlargement: false }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function lumaSquare(image: Buffer, n: number): Promise<Float64Array> {
  // Centre square at (near) native resolution: a screen's pixel grid has a period of a few
  // pixels, which any downscaling would average away. Only very large photos are reduced.
  const { data, info } = await sharp(image).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const size = Math.min(n, info.width, info.height);
  const x0 = Math.floor((info.width - size) / 2);
  const y0 = Math.floor((info.height - size) / 2);
  const out = new Float64Array(n * n);
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) out[r * n + c] = data[(y0 + r) * info.width + x0 + c] / 255;
  return out;
}

function colourAndTone(p: Pixels): Pick<PanSignals, 'chroma_mean' | 'colour_fraction' | 'blue_bias' | 'texture' | 'contrast' | 'clipped_white' | 'clipped_black'> {
  const n = p.width * p.height;
  const luma = new Float64Array(n);
  let chromaSum = 0;
  let coloured = 0;
  let blueSum = 0;
  let lightCount = 0;
  let white = 0;
  let black = 0;
  for (let i = 0; i < n; i++) {
    const r = p.data[3 * i] / 255;
    const g = p.data[3 * i + 1] / 255;
    const b = p.data[3 * i + 2] / 255;
    const chroma = Math.max(r, g, b) - Math.min(r, g, b);
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    luma[i] = y;
    chromaSum += chroma;
    if (chroma > 0.12) coloured++;
    if (y > 0.55) {
      blueSum += b - r;
      lightCount++;
    }
    if (y > 0.98) white++;
    if (y < 0.06) black++;
  }
  let mean = 0;
  for (const y of luma) mean += y;
  mean /= n;
  let variance = 0;
  for (const y of luma) variance += (y - mean) ** 2;
  let lap = 0;
  let lapCount = 0;
  for (let r = 1; r < p.height - 1; r++) {
    for (let c = 1; c < p.width - 1; c++) {
      const i = r * p.width + c;
      lap += Math.abs(4 * luma[i] - luma[i - 1] - luma[i + 1] - luma[i - p.width] - luma[i + p.width]);
      lapCount++;
    }
  }
  return {
    chroma_mean: chromaSum / n,
    colour_fraction: coloured / n,
    blue_bias: lightCount ? blueSum / lightCount : 0,
    texture: lapCount ? lap / lapCount : 0,
    contrast: Math.sqrt(variance / n),
    clipped_white: white / n,
    clipped_black: black / n,
  };
}

function periodicity(luma: Float64Array, n: number): Pick<PanSignals, 'moire_peak' | 'moire_concentration'> {
  // Remove the mean and apply a Hann window so the card's edges do not smear into every bin.
  let mean = 0;
  for (const v of luma) mean += v;
  mean /= luma.length;
  const windowed = new Float64Array(n * n);
  for (let r = 0; r < n; r++) {
    const wr = 0.5 - 0.5 * Math.cos((2 * Math.PI * r) / (n - 1));
    for (let c = 0; c < n; c++) {
      const wc = 0.5 - 0.5 * Math.cos((2 * Math.PI * c) / (n - 1));
      windowed[r * n + c] = (luma[r * n + c] - mean) * wr * wc;
    }
  }
  const power = powerSpectrum2d(windowed, n);
  // Mid/high band: radius n/16 .. n/2 (periods of 2..16 px at this scale). Text strokes and
  // the card layout live mostly below; screen grids and their moiré land inside.
  const band: number[] = [];
  for (let u = 0; u < n; u++) {
    const fu = u <= n / 2 ? u : u - n;
    for (let v = 0; v <= n / 2; v++) {
      const radius = Math.hypot(fu, v);
      if (radius >= n / 16 && radius <= n / 2) band.push(power[u * n + v]);
    }
  }
  band.sort((a, b) => a - b);
  const median = band[Math.floor(band.length / 2)] || 1e-12;
  const top = band.slice(Math.floor(band.length * 0.998));
  const total = band.reduce((s, v) => s + v, 0) || 1e-12;
  return {
    moire_peak: Math.log10((band[band.length - 1] ?? 0) / median + 1e-12),
    moire_concentration: top.reduce((s, v) => s + v, 0) / total,
  };
}

/** Measures the colour, tone, texture and periodicity statistics of a card image. */
export async function measurePanSignals(image: Buffer): Promise<PanSignals> {
  const [pixels, luma] = await Promise.all([rgbAt(image, 480), lumaSquare(image, FFT_SIZE)]);
  return { ...colourAndTone(pixels), ...periodicity(luma, FFT_SIZE) };
}
