import {
  CompareFacesCommand,
  DetectFacesCommand,
  InvalidParameterException,
  RekognitionClient,
} from '@aws-sdk/client-rekognition';
import sharp from 'sharp';
import type { DetectedFace, FaceCount, FaceEngine } from './port.ts';
import { tracer } from '../tracer.ts';

/** Rekognition's limit for image bytes sent inline. */
const MAX_INLINE_BYTES = 5 * 1024 * 1024;

export interface RekognitionFaceEngineOptions {
  client?: RekognitionClient;
  /** DetectFaces confidence (0..100) below which a face is not counted. */
  minConfidence?: number;
}

/** Rekognition accepts JPEG/PNG up to 5 MB; anything else or bigger is re-encoded. */
async function toRekognitionBytes(image: Buffer): Promise<Uint8Array> {
  const { format } = await sharp(image).metadata();
  if ((format === 'jpeg' || format === 'png') && image.byteLength <= MAX_INLINE_BYTES) return image;
  return sharp(image).rotate().resize({ width: 2048, height: 2048, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 88 }).toBuffer();
}

const clamp01 = (v: number): number => Math.min(1, Math.max(0, v));

/** FaceEngine on AWS Rekognition (DetectFaces, CompareFaces). */
export class RekognitionFaceEngine implements FaceEngine {
  private readonly client: RekognitionClient;
  private readonly ownsClient: boolean;
  private readonly minConfidence: number;

  constructor(options: RekognitionFaceEngineOptions = {}) {
    this.ownsClient = !options.client;
    this.client = options.client ?? tracer.captureAWSv3Client(new RekognitionClient({}));
    // 90 keeps printed/pictured faces with low confidence (posters, box art) out of the count.
    this.minConfidence = options.minConfidence ?? 90;
  }

  async countFaces(image: Buffer): Promise<FaceCount> {
    const out = await this.client.send(new DetectFacesCommand({ Image: { Bytes: await toRekognitionBytes(image) }, Attributes: ['DEFAULT'] }));
    const faces: DetectedFace[] = (out.FaceDetails ?? [])
      .filter((f) => (f.Confidence ?? 0) >= this.minConfidence)
      .map((f) => {
        // Rekognition boxes may extend past the image edge (negative left/top).
        const left = clamp01(f.BoundingBox?.Left ?? 0);
        const top = clamp01(f.BoundingBox?.Top ?? 0);
        const right = clamp01((f.BoundingBox?.Left ?? 0) + (f.BoundingBox?.Width ?? 0));
        const bottom = clamp01((f.BoundingBox?.Top ?? 0) + (f.BoundingBox?.Height ?? 0));
        return { box: { left, top, width: right - left, height: bottom - top }, score: (f.Confidence ?? 0) / 100 };
      });
    return { count: faces.length, faces };
  }

  async compareFaces(source: Buffer, target: Buffer): Promise<number | undefined> {
    try {
      const out = await this.client.send(
        new CompareFacesCommand({
          SourceImage: { Bytes: await toRekognitionBytes(source) },
          TargetImage: { Bytes: await toRekognitionBytes(target) },
          // 0 returns every target face in FaceMatches, so "low similarity" is a number, not "no match".
          SimilarityThreshold: 0,
        }),
      );
      const scores = (out.FaceMatches ?? []).map((m) => m.Similarity ?? 0);
      return scores.length ? Math.max(...scores) : undefined;
    } catch (err) {
      // Rekognition's answer when the source image holds no face.
      if (err instanceof InvalidParameterException) return undefined;
      throw err;
    }
  }

  async close(): Promise<void> {
    if (this.ownsClient) this.client.destroy();
  }
}

export function createRekognitionFaceEngine(options?: RekognitionFaceEngineOptions): FaceEngine {
  return new RekognitionFaceEngine(options);
}
