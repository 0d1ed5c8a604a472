import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Human as HumanType, Config, FaceResult } from '@vladmandic/human';
import { packageFile, withFileOnlyFetch } from './localFiles.ts';
import type { RgbImage } from './decode.ts';

const require = createRequire(import.meta.url);

/**
 * Thresholds measured in TOOLCHAIN.md ("Faces, offline"): a face counts only when the
 * detector is fairly sure AND the face mesh confirms it; without the mesh check Human
 * "finds" faces in a cat and a circuit board.
 */
export const MIN_DETECTOR_SCORE = 0.5;
export const MIN_FACE_CONFIRMATION = 0.9;

export interface HumanFace {
  /** Box in pixels of the analysed image. */
  box: [number, number, number, number];
  /** Box normalised 0..1. */
  boxRaw: [number, number, number, number];
  detectorScore: number;
  confirmation: number;
  /** Human's own 1024-number face descriptor (faceres model). */
  embedding?: number[];
}

type HumanModule = { Human: new (config?: Partial<Config>) => HumanType };

/**
 * Human on the tfjs WebAssembly backend, with only the models face counting needs
 * (detector, mesh for confirmation, description for Human's descriptor). The package's
 * `exports` map exposes no node-wasm entry, so the bundle is loaded by path.
 */
export async function createHumanDetector(): Promise<HumanDetector> {
  const { Human } = require(packageFile('@vladmandic/human', 'dist', 'human.node-wasm.js')) as HumanModule;
  const modelBase = pathToFileURL(packageFile('@vladmandic/human', 'models')).href + '/';
  const wasmDir = packageFile('@tensorflow/tfjs-backend-wasm', 'dist') + '/';
  const human = new Human({
    backend: 'wasm',
    wasmPath: wasmDir,
    modelBasePath: modelBase,
    debug: false,
    cacheModels: false,
    async: true,
    // Never reuse results of a previous, similar-looking input (Human's video-frame cache).
    cacheSensitivity: 0,
    warmup: 'none',
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 30, minConfidence: 0.2, iouThreshold: 0.1, skipFrames: 0, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      description: { enabled: true, skipFrames: 0 },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  } as Partial<Config>);
  await withFileOnlyFetch(async () => {
    await human.load();
  });
  return new HumanDetector(human);
}

export class HumanDetector {
  constructor(private readonly human: HumanType) {}

  get tf(): HumanType['tf'] {
    return this.human.tf;
  }

  /** All faces Human reports, unfiltered; callers apply the thresholds. */
  async detect(image: RgbImage): Promise<HumanFace[]> {
    const tf = this.human.tf;
    const tensor = tf.tensor4d(image.data, [1, image.height, image.width, 3], 'int32');
    try {
      // skipFrames 0 and no video: every call is a fresh detection, no caching between images.
      const result = await this.human.detect(tensor);
      return result.face.map((f: FaceResult) => ({
        box: f.box,
        boxRaw: f.boxRaw,
        detectorScore: f.boxScore,
        confirmation: f.faceScore,
        embedding: f.embedding,
      }));
    } finally {
      tf.dispose(tensor);
    }
  }

  /** Cosine-style similarity 0..1 as Human computes it for its own descriptors. */
  similarity(a: number[], b: number[]): number {
    return this.human.match.similarity(a, b);
  }
}
