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
  /** Mean chroma over luminance contrast (chroma_mean / max(contrast, 0.08)): colour relative to tone, so a low-contrast colour capture stays colourful. */
  colour_ratio: number;
  /**
   * Strength (log10) of the strongest off-axis mid/high-frequency peak of the luminance
   * spectrum relative to the median power of its own frequency ring, median over a 3 x 3 grid
   * of 256 px patches: screen pixel grids beating against the camera sensor (moiré) give
   * isolated oblique peaks everywhere; text lines (axis-aligned), blur (ring-normalised) and
   * flat digital backgrounds (power floor) do not.
   */
  moire_peak: number;
  /** Share of off-axis band power in the top 0.2 % bins (peaks vs broadband), median over patches. */
  moire_concentration: number;
}

interface Pixels { data: Buffer; width: number; height: number }

async function rgbAt(image: Buffer, width: number): Promise<Pixels> {
  const { data, info } = await sharp(image).rotate().resize({ width, withoutEnlargement: false }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Patch centres as fractions of width/height: a 3 x 3 grid over the image. */
const PATCH_CENTRES = [0.25, 0.5, 0.75];

export async function lumaPatches(image: Buffer, n: number): Promise<Float64Array[]> {
  // Patches at (near) native resolution: a screen's pixel grid has a period of a few pixels,
  // which any downscaling would average away. Only very large photos are reduced.
  const { data, info } = await sharp(image).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true }).grayscale().raw().toBuffer({ resolveWithObject: true });
  const size = Math.min(n, info.width, info.height);
  const patches: Float64Array[] = [];
  for (const fy of PATCH_CENTRES) {
    for (const fx of PATCH_CENTRES) {
      const x0 = Math.max(0, Math.min(info.width - size, Math.round(fx * info.width - size / 2)));
      const y0 = Math.max(0, Math.min(info.height - size, Math.round(fy * info.height - size / 2)));
      const out = new Float64Array(n * n);
      for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) out[r * n + c] = data[(y0 + r) * info.width + x0 + c] / 255;
      patches.push(out);
    }
  }
  return patches;
}

function colourAndTone(p: Pixels): Pick<PanSignals, 'chroma_mean' | 'colour_fraction' | 'colour_ratio' | 'blue_bias' | 'texture' | 'contrast' | 'clipped_white' | 'clipped_black'> {
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
  const contrast = Math.sqrt(variance / n);
  return {
    chroma_mean: chromaSum / n,
    colour_ratio: chromaSum / n / Math.max(contrast, 0.08),
    colour_fraction: coloured / n,
    blue_bias: lightCount ? blueSum / lightCount : 0,
    texture: lapCount ? lap / lapCount : 0,
    contrast,
    clipped_white: white / n,
    clipped_black: black / n,
  };
}

/** Bins within this distance of either frequency axis are ignored (text lines, columns, JPEG blocks). */
const AXIS_GUARD = 4;

/** Hann-windowed, mean-removed power spectrum of one n x n patch, and the window's energy per axis. */
function windowedPower(luma: Float64Array, n: number): { power: Float64Array; w2: number } {
  let mean = 0;
  for (const v of luma) mean += v;
  mean /= luma.length;
  const windowed = new Float64Array(n * n);
  let w2 = 0;
  for (let r = 0; r < n; r++) {
    const wr = 0.5 - 0.5 * Math.cos((2 * Math.PI * r) / (n - 1));
    w2 += wr * wr;
    for (let c = 0; c < n; c++) {
      const wc = 0.5 - 0.5 * Math.cos((2 * Math.PI * c) / (n - 1));
      windowed[r * n + c] = (luma[r * n + c] - mean) * wr * wc;
    }
  }
  return { power: powerSpectrum2d(windowed, n), w2 };
}

/** Peak-to-ring-median (log10) and top-bin concentration of one (averaged) power spectrum. */
export function spectralPeak(power: Float64Array, n: number, w2: number): { peak: number; concentration: number } {
  // Power floor: white noise of one grey level through the window. A perfectly flat digital
  // render would otherwise have a near-zero median and an arbitrarily large peak ratio.
  const floor = (w2 * w2) / (255 * 255);
  const half = n / 2;
  // Median power of each integer-radius ring: the spectrum falls off with frequency (1/f for
  // layouts, steeper after blur), so a bin is compared with its own ring, not the whole band.
  const rings: number[][] = Array.from({ length: half + 1 }, () => []);
  const bins: { p: number; ring: number }[] = [];
  for (let u = 0; u < n; u++) {
    const fu = u <= half ? u : u - n;
    for (let v = 0; v <= half; v++) {
      const radius = Math.hypot(fu, v);
      const ring = Math.round(radius);
      if (ring > half) continue;
      rings[ring].push(power[u * n + v]);
      // Mid/high band (periods of 2..16 px), off both axes: text lines and columns, table rules
      // and JPEG 8-px blocks are axis-aligned; a screen grid photographed by hand is oblique
      // and its beat pattern is 2-D, so it keeps off-axis peaks.
      if (radius >= n / 16 && Math.abs(fu) > AXIS_GUARD && v > AXIS_GUARD) bins.push({ p: power[u * n + v], ring });
    }
  }
  const ringMedian = rings.map((xs) => {
    xs.sort((a, b) => a - b);
    return Math.max(xs[Math.floor(xs.length / 2)] ?? 0, floor);
  });
  let peak = 0;
  let total = 0;
  const ps: number[] = [];
  for (const b of bins) {
    peak = Math.max(peak, b.p / ringMedian[b.ring]);
    total += b.p;
    ps.push(b.p);
  }
  ps.sort((a, b) => b - a);
  const top = ps.slice(0, Math.max(1, Math.ceil(ps.length * 0.002))).reduce((s, v) => s + v, 0);
  return { peak: Math.log10(peak + 1e-12), concentration: total > 0 ? top / total : 0 };
}

/** Per-patch peaks (for analysis) and the peak of the patch-averaged spectrum. */
export function periodicityDetail(patches: Float64Array[], n: number): { perPatch: number[]; averaged: { peak: number; concentration: number } } {
  const spectra = patches.map((p) => windowedPower(p, n));
  const avg = new Float64Array(n * n);
  for (const s of spectra) for (let i = 0; i < avg.length; i++) avg[i] += s.power[i] / spectra.length;
  const w2 = spectra[0].w2;
  return { perPatch: spectra.map((s) => spectralPeak(s.power, n, w2).peak), averaged: spectralPeak(avg, n, w2) };
}

function periodicity(patches: Float64Array[], n: number): Pick<PanSignals, 'moire_peak' | 'moire_concentration'> {
  // Averaged over the 3 x 3 patches (Welch): moiré has the same frequency across the whole
  // capture and adds up, while a text block, the photo edge or an emblem only lifts the patches
  // it falls in, and random noise peaks average out.
  const { averaged } = periodicityDetail(patches, n);
  return { moire_peak: averaged.peak, moire_concentration: averaged.concentration };
}

/** Measures the colour, tone, texture and periodicity statistics of a card image. */
export async function measurePanSignals(image: Buffer): Promise<PanSignals> {
  const [pixels, patches] = await Promise.all([rgbAt(image, 480), lumaPatches(image, FFT_SIZE)]);
  return { ...colourAndTone(pixels), ...periodicity(patches, FFT_SIZE) };
}
