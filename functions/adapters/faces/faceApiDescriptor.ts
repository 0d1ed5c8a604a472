import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { compileFunction } from 'node:vm';
import { installChainedOps } from './chainedOps.ts';
import { packageFile } from './localFiles.ts';
import type { RgbImage } from './decode.ts';

const require = createRequire(import.meta.url);

/** face-api's published threshold: descriptors closer than this belong to the same person. */
export const SAME_PERSON_DISTANCE = 0.5;

interface Box { x: number; y: number; width: number; height: number }
interface FaceApiResult { detection: { box: Box; score: number }; descriptor: Float32Array }
interface FaceApiModule {
  nets: Record<'ssdMobilenetv1' | 'faceLandmark68Net' | 'faceRecognitionNet', { loadFromDisk(dir: string): Promise<void>; dispose(): void }>;
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
  detectAllFaces(input: unknown, options: unknown): { withFaceLandmarks(): { withFaceDescriptors(): Promise<FaceApiResult[]> } };
  euclideanDistance(a: Float32Array | number[], b: Float32Array | number[]): number;
}

export interface FaceApiFace {
  /** Box normalised 0..1. */
  box: { left: number; top: number; width: number; height: number };
  score: number;
  descriptor: Float32Array;
}

/**
 * Loads face-api's node-wasm bundle. The bundle `require`s the full `@tensorflow/tfjs`
 * (≈260 MB, not installed); everything it uses lives in tfjs-core + tfjs-converter, so
 * the bundle is evaluated with a `require` that answers `@tensorflow/tfjs` with those two
 * (the very instances Human uses, so both share one engine and one WASM backend).
 */
function loadFaceApiModule(): FaceApiModule {
  const filename = packageFile('@vladmandic/face-api', 'dist', 'face-api.node-wasm.js');
  const tfShim = { ...installChainedOps(), ...require('@tensorflow/tfjs-converter') };
  const localRequire = (id: string): unknown => (id === '@tensorflow/tfjs' ? tfShim : require(id));
  const module = { exports: {} as unknown };
  const body = compileFunction(readFileSync(filename, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname'], { filename });
  body(module.exports, localRequire, module, filename, packageFile('@vladmandic/face-api', 'dist'));
  return module.exports as FaceApiModule;
}

/**
 * face-api (SSD MobileNet v1 detector + 68-point landmarks + 128-number ResNet descriptor).
 * Requires the tfjs backend to be initialised already (Human does that).
 */
export async function createFaceApiDescriber(): Promise<FaceApiDescriber> {
  const api = loadFaceApiModule();
  const dir = packageFile('@vladmandic/face-api', 'model');
  // loadFromDisk reads the manifests and weights with fs: no fetch, no network.
  await api.nets.ssdMobilenetv1.loadFromDisk(dir);
  await api.nets.faceLandmark68Net.loadFromDisk(dir);
  await api.nets.faceRecognitionNet.loadFromDisk(dir);
  return new FaceApiDescriber(api);
}

type Tf = typeof import('@tensorflow/tfjs-core');

export class FaceApiDescriber {
  private readonly tf: Tf = require('@tensorflow/tfjs-core') as Tf;
  constructor(private readonly api: FaceApiModule) {}

  async describe(image: RgbImage, minConfidence = 0.5): Promise<FaceApiFace[]> {
    const tensor = this.tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
    try {
      const options = new this.api.SsdMobilenetv1Options({ minConfidence, maxResults: 30 });
      const results = await this.api.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
      return results.map((r) => ({
        box: {
          left: r.detection.box.x / image.width,
          top: r.detection.box.y / image.height,
          width: r.detection.box.width / image.width,
          height: r.detection.box.height / image.height,
        },
        score: r.detection.score,
        descriptor: r.descriptor,
      }));
    } finally {
      this.tf.dispose(tensor);
    }
  }

  distance(a: Float32Array, b: Float32Array): number {
    return this.api.euclideanDistance(a, b);
  }

  close(): void {
    for (const net of Object.values(this.api.nets)) net.dispose();
  }
}
