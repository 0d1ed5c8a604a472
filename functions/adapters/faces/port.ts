/**
 * compareFaces similarity at or above which both engines call it the same person.
 * 80 is Rekognition's default SimilarityThreshold; the local engine is calibrated to it
 * (docs/decisions-faces.md).
 */
export const SAME_PERSON_SIMILARITY = 80;

/** A face box in coordinates normalised to the image size (0..1 on each axis). */
export interface NormalisedBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface DetectedFace {
  box: NormalisedBox;
  /** Detector confidence, 0..1. */
  score: number;
}

export interface FaceCount {
  count: number;
  faces: DetectedFace[];
}

/**
 * Face counting and comparison, implemented offline (local.ts) and on AWS Rekognition
 * (rekognition.ts). Images are encoded files (JPEG/PNG/WebP) as Buffers.
 */
export interface FaceEngine {
  countFaces(image: Buffer): Promise<FaceCount>;
  /**
   * Similarity 0..100 of the best-matching face in `target` to the largest face in
   * `source`; undefined when either image has no face.
   */
  compareFaces(source: Buffer, target: Buffer): Promise<number | undefined>;
  close(): Promise<void>;
}
