/**
 * Engine choice per environment (OCR_ENGINE, FACE_ENGINE): Textract and Rekognition in AWS, the local
 * engines on the embedded default and LocalStack. Engines are created once per container and reused.
 */
import type { OcrEngine } from '../adapters/ocr/engine.ts';
import type { FaceEngine } from '../adapters/faces/port.ts';
import { envNames } from '../adapters/tableSchema.ts';

let ocr: Promise<OcrEngine> | undefined;
let faces: Promise<FaceEngine> | undefined;

export function ocrEngine(): Promise<OcrEngine> {
  ocr ??= (async () => {
    if ((process.env[envNames.ocrEngine] ?? 'textract') === 'textract') return (await import('../adapters/textract.ts')).textractEngine;
    const { createTesseractEngine } = await import('../adapters/ocr/tesseract.ts');
    return createTesseractEngine();
  })();
  return ocr;
}

export function faceEngine(): Promise<FaceEngine> {
  faces ??= (async () => {
    if ((process.env[envNames.faceEngine] ?? 'rekognition') === 'rekognition') return (await import('../adapters/faces/rekognition.ts')).createRekognitionFaceEngine();
    return (await import('../adapters/faces/local.ts')).createLocalFaceEngine();
  })();
  return faces;
}

/** Local runtime shutdown: end worker threads so the process can exit. */
export async function closeEngines() {
  const [o, f] = [ocr, faces];
  ocr = faces = undefined;
  await Promise.allSettled([o?.then((e) => e.close()), f?.then((e) => e.close())]);
}
