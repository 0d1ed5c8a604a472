import { measurePanSignals, type PanSignals } from './signals.ts';

export type DocumentQualityFlag = 'original' | 'xerox_copy' | 'photo_of_photo';

export interface PanOriginality {
  is_original: 'yes' | 'no';
  document_quality_flag: DocumentQualityFlag;
  /** Confidence 0..1 that the image is an original colour card captured directly. */
  score: number;
  signals: Record<string, number>;
}

/**
 * Decision boundaries, set on seeds 1..10 of the synthetic card set and the 6 corpus PANs of
 * seed 1 with every degradation (docs/pan-originality.md): copies have colour_ratio ≤ 0.22,
 * colour captures (originals and screens, any degradation) ≥ 0.29; direct captures have a
 * moiré peak ≤ 2.15, screen captures ≥ 2.67.
 */
export const THRESHOLDS = {
  /** Below this colour_ratio (mean chroma / luminance contrast) the image is treated as a monochrome copy. */
  colourRatio: 0.3,
  /** Above this moiré peak the image is treated as a capture of a screen. */
  moirePeak: 2.4,
} as const;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/** Pure decision on measured signals (exported for tests and the evaluation script). */
export function classifyPanSignals(s: PanSignals): Omit<PanOriginality, 'signals'> {
  const colourful = sigmoid((s.colour_ratio - THRESHOLDS.colourRatio) / 0.04);
  const screen = sigmoid((s.moire_peak - THRESHOLDS.moirePeak) / 0.1);
  // A screen capture is flagged even when its content is grey: what was photographed is a display.
  const flag: DocumentQualityFlag = screen >= 0.5 ? 'photo_of_photo' : colourful < 0.5 ? 'xerox_copy' : 'original';
  const score = Math.round(colourful * (1 - screen) * 1000) / 1000;
  return { is_original: flag === 'original' ? 'yes' : 'no', document_quality_flag: flag, score };
}

/** Original PAN card vs photocopy vs photo of a screen/photo, from measured image statistics. */
export async function assessPanOriginality(image: Buffer): Promise<PanOriginality> {
  const signals = await measurePanSignals(image);
  return { ...classifyPanSignals(signals), signals: { ...signals } };
}
