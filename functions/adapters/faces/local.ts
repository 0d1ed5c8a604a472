import sharp from 'sharp';
import { decodeRgb } from './decode.ts';
import { createHumanDetector, MIN_DETECTOR_SCORE, MIN_FACE_CONFIRMATION, type HumanDetector, type HumanFace } from './humanDetector.ts';
import type { DetectedFace, FaceCount, FaceEngine } from './port.ts';
import { SAME_PERSON_SIMILARITY } from './port.ts';

/**
 * Human's descriptor similarity (0..1) at the boundary between same and different people,
 * measured on the fixture faces: same-person pairs >= 0.69, different-person pairs <= 0.60
 * (docs/decisions-faces.md). Mapped to SAME_PERSON_SIMILARITY on the 0..100 scale.
 */
export const HUMAN_SAME_PERSON_SIMILARITY = 0.65;

/** Piecewise-linear map of Human's 0..1 similarity so its same-person boundary lands on 80. */
export function toPercentSimilarity(raw: number): number {
  const s = Math.min(1, Math.max(0, raw));
  const t = HUMAN_SAME_PERSON_SIMILARITY;
  const pct = s <= t ? (s / t) * SAME_PERSON_SIMILARITY : SAME_PERSON_SIMILARITY + ((s - t) / (1 - t)) * (100 - SAME_PERSON_SIMILARITY);
  return Math.round(pct * 10) / 10;
}

export function isConfirmedFace(face: HumanFace): boolean {
  return face.detectorScore >= MIN_DETECTOR_SCORE && face.confirmation >= MIN_FACE_CONFIRMATION;
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

function toDetectedFace(face: HumanFace): DetectedFace {
  const [x, y, w, h] = face.boxRaw;
  const left = clamp01(x);
  const top = clamp01(y);
  return {
    box: { left, top, width: clamp01(x + w) - left, height: clamp01(y + h) - top },
    score: face.detectorScore,
  };
}

const area = (f: HumanFace): number => f.boxRaw[2] * f.boxRaw[3];

// One detector per process: models load once (~0.3 s) and stay in the WASM heap until it exits.
let detectorPromise: Promise<HumanDetector> | undefined;

function sharedDetector(): Promise<HumanDetector> {
  detectorPromise ??= createHumanDetector().catch((err: unknown) => {
    detectorPromise = undefined; // let a later call retry instead of caching the failure
    throw err;
  });
  return detectorPromise;
}

/**
 * Offline FaceEngine on @vladmandic/human (WASM backend, models from the package).
 * Counting uses the detector + face-mesh confirmation; comparison uses Human's faceres
 * descriptor, which separated same/different people better than face-api's here.
 */
export class LocalFaceEngine implements FaceEngine {
  // Human keeps per-instance state between detect() calls; run one detection at a time.
  private queue: Promise<unknown> = Promise.resolve();

  private async confirmedFaces(image: Buffer): Promise<HumanFace[]> {
    const rgb = await decodeRgb(image);
    const run = this.queue.then(async () => (await sharedDetector()).detect(rgb));
    this.queue = run.catch(() => undefined);
    return (await run).filter(isConfirmedFace);
  }

  async countFaces(image: Buffer): Promise<FaceCount> {
    const faces = (await this.confirmedFaces(image)).map(toDetectedFace);
    return { count: faces.length, faces };
  }

  /**
   * An identity card's photo is a small part of the card, below the detector's reach at full-card
   * scale; when the whole image shows no face, look again in overlapping half-size tiles.
   */
  private async facesOrTiles(image: Buffer): Promise<HumanFace[]> {
    const whole = (await this.confirmedFaces(image)).filter((f) => f.embedding?.length);
    if (whole.length) return whole;
    const { width = 0, height = 0 } = await sharp(image).metadata();
    const w = Math.floor(width / 2);
    const h = Math.floor(height / 2);
    const found: HumanFace[] = [];
    for (const fy of [0, 0.25, 0.5]) {
      for (const fx of [0, 0.25, 0.5]) {
        const tile = await sharp(image).extract({ left: Math.floor(width * fx), top: Math.floor(height * fy), width: w, height: h }).png().toBuffer();
        found.push(...(await this.confirmedFaces(tile)).filter((f) => f.embedding?.length));
      }
      if (found.length) break;
    }
    return found;
  }

  async compareFaces(source: Buffer, target: Buffer): Promise<number | undefined> {
    const sourceFaces = await this.facesOrTiles(source);
    if (sourceFaces.length === 0) return undefined;
    const targetFaces = (await this.confirmedFaces(target)).filter((f) => f.embedding?.length);
    if (targetFaces.length === 0) return undefined;
    const largest = sourceFaces.reduce((a, b) => (area(b) > area(a) ? b : a));
    const detector = await sharedDetector();
    const best = Math.max(...targetFaces.map((f) => detector.similarity(largest.embedding!, f.embedding!)));
    return toPercentSimilarity(best);
  }

  /**
   * Waits for the detections under way; the shared models stay loaded until the process ends.
   * Human keeps its loaded models in module-level caches that a new Human instance reuses, so
   * disposing them would leave every later detection in this process running on freed tensors
   * (it crashed the process from inside the WASM backend).
   */
  async close(): Promise<void> {
    await this.queue;
  }
}

export function createLocalFaceEngine(): FaceEngine {
  return new LocalFaceEngine();
}
