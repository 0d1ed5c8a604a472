import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CompareFacesCommand, DetectFacesCommand, InvalidParameterException, RekognitionClient } from '@aws-sdk/client-rekognition';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { RekognitionFaceEngine } from '#adapters/faces/rekognition.ts';

const rekognition = mockClient(RekognitionClient);
const image = readFileSync(fileURLToPath(new URL('../../../fixtures/faces/id-astronaut.jpg', import.meta.url)));
const engine = (): RekognitionFaceEngine => new RekognitionFaceEngine({ client: new RekognitionClient({ region: 'ap-south-1' }) });

afterEach(() => rekognition.reset());

describe('RekognitionFaceEngine.countFaces', () => {
  it('counts only faces at or above the confidence floor and clamps boxes into 0..1', async () => {
    rekognition.on(DetectFacesCommand).resolves({
      FaceDetails: [
        { Confidence: 99.9, BoundingBox: { Left: -0.05, Top: 0.1, Width: 0.3, Height: 0.4 } },
        { Confidence: 95, BoundingBox: { Left: 0.6, Top: 0.2, Width: 0.2, Height: 0.3 } },
        { Confidence: 62, BoundingBox: { Left: 0.4, Top: 0.4, Width: 0.05, Height: 0.05 } },
      ],
    });
    const result = await engine().countFaces(image);
    expect(result.count).toBe(2);
    expect(result.faces[0].box.left).toBe(0);
    expect(result.faces[0].box.width).toBeCloseTo(0.25);
    expect(result.faces[1]).toEqual({ box: { left: 0.6, top: 0.2, width: expect.closeTo(0.2), height: expect.closeTo(0.3) }, score: 0.95 });
    const call = rekognition.commandCalls(DetectFacesCommand)[0];
    expect(Buffer.from(call.args[0].input.Image!.Bytes!)).toEqual(image); // JPEG under 5 MB is sent as is
  });

  it('honours a custom confidence floor and returns zero on an empty answer', async () => {
    rekognition.on(DetectFacesCommand).resolves({ FaceDetails: [{ Confidence: 70, BoundingBox: { Left: 0.1, Top: 0.1, Width: 0.1, Height: 0.1 } }] });
    const lenient = new RekognitionFaceEngine({ client: new RekognitionClient({ region: 'ap-south-1' }), minConfidence: 50 });
    expect((await lenient.countFaces(image)).count).toBe(1);
    expect((await engine().countFaces(image)).count).toBe(0);
    rekognition.on(DetectFacesCommand).resolves({});
    expect(await engine().countFaces(image)).toEqual({ count: 0, faces: [] });
  });

  it('re-encodes formats Rekognition does not accept (WebP) as JPEG', async () => {
    rekognition.on(DetectFacesCommand).resolves({ FaceDetails: [] });
    const webp = await sharp(image).webp().toBuffer();
    await engine().countFaces(webp);
    const sent = rekognition.commandCalls(DetectFacesCommand)[0].args[0].input.Image!.Bytes!;
    expect((await sharp(Buffer.from(sent)).metadata()).format).toBe('jpeg');
  });
});

describe('RekognitionFaceEngine.compareFaces', () => {
  it('returns the best similarity among target faces, asking for all of them', async () => {
    rekognition.on(CompareFacesCommand).resolves({ FaceMatches: [{ Similarity: 12.5 }, { Similarity: 97.25 }], UnmatchedFaces: [] });
    expect(await engine().compareFaces(image, image)).toBe(97.25);
    expect(rekognition.commandCalls(CompareFacesCommand)[0].args[0].input.SimilarityThreshold).toBe(0);
  });

  it('returns undefined when the target has no face', async () => {
    rekognition.on(CompareFacesCommand).resolves({ FaceMatches: [], UnmatchedFaces: [] });
    expect(await engine().compareFaces(image, image)).toBeUndefined();
  });

  it('returns undefined when the source has no face (InvalidParameterException)', async () => {
    rekognition.on(CompareFacesCommand).rejects(new InvalidParameterException({ message: 'There are no faces in the image', $metadata: {} }));
    expect(await engine().compareFaces(image, image)).toBeUndefined();
  });

  it('propagates other errors', async () => {
    rekognition.on(CompareFacesCommand).rejects(new Error('throttled'));
    await expect(engine().compareFaces(image, image)).rejects.toThrow('throttled');
  });
});
