/**
 * Engine choice per environment (OCR_ENGINE, FACE_ENGINE): Textract and Rekognition in AWS, the local
 * engines on the embedded default and LocalStack. Engines are created once per container and reused.
 */
import type { OcrEngine } from './ocr/engine.ts';
import type { FaceEngine } from './faces/port.ts';
import { envNames } from './tableSchema.ts';

let ocr: Promise<OcrEngine> | undefined;
let faces: Promise<FaceEngine> | undefined;

export function ocrEngine(): Promise<OcrEngine> {
  ocr ??= (async () => {
    const choice = process.env[envNames.ocrEngine] ?? 'textract';
    if (choice === 'textract') return (await import('./textract.ts')).textractEngine;
    // Local engines (measured in bench/results/ocr-engines.md, decision in docs/decisions-ocr.md):
    // tesseract (default): fastest and most accurate alone on our corpus; paddle: PaddleOCR, 4-5x
    // slower, better on receipts; hybrid: tesseract, and PaddleOCR again on weakly read pages.
    if (choice === 'paddle') return (await import('./ocr/paddle.ts')).createPaddleEngine();
    if (choice === 'hybrid') return (await import('./ocr/hybrid.ts')).createHybridEngine();
    if (choice !== 'tesseract') throw new Error(`unknown ${envNames.ocrEngine} '${choice}' (textract, tesseract, paddle, hybrid)`);
    const { createTesseractEngine } = await import('./ocr/tesseract.ts');
    return createTesseractEngine();
  })().catch((err) => {
    // A failed start must not stay cached for the container's life: the next file tries again.
    ocr = undefined;
    throw err;
  });
  return ocr;
}

let second: Promise<OcrEngine | undefined> | undefined;

/**
 * The engine whose characters a second reading keeps (pages whose fields read weakly, and till
 * slips: secondReading.ts), when OCR_SECOND_READING names one (only 'paddle'
 * today; unset or 'off': none). The local runtime sets it to 'paddle' (functions/local/index.ts); Lambda
 * packages carry no PaddleOCR. Measured on the SROIE tuning half: F1 0.67 -> 0.75, for PaddleOCR's and a
 * second tesseract reading's time on the receipts that need it (docs/decisions-documents.md).
 */
export function secondReadingEngine(): Promise<OcrEngine | undefined> {
  second ??= (async () => {
    const choice = process.env.OCR_SECOND_READING ?? '';
    if (!choice || choice === 'off') return undefined;
    if (choice !== 'paddle') throw new Error(`unknown OCR_SECOND_READING '${choice}' (paddle, off)`);
    return (await import('./ocr/paddle.ts')).createPaddleEngine();
  })().catch((err) => {
    second = undefined;
    throw err;
  });
  return second;
}

export function faceEngine(): Promise<FaceEngine> {
  faces ??= (async () => {
    if ((process.env[envNames.faceEngine] ?? 'rekognition') === 'rekognition') return (await import('./faces/rekognition.ts')).createRekognitionFaceEngine();
    return (await import('./faces/local.ts')).createLocalFaceEngine();
  })().catch((err) => {
    faces = undefined;
    throw err;
  });
  return faces;
}

/** Local runtime shutdown: end worker threads so the process can exit. */
export async function closeEngines() {
  const [o, f, s2] = [ocr, faces, second];
  ocr = faces = undefined;
  second = undefined;
  await Promise.allSettled([o?.then((e) => e.close()), f?.then((e) => e.close()), s2?.then((e) => e?.close())]);
}
