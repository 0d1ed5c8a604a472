import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { isBlurred, sharpenIfBlurred, sharpness } from '#adapters/ocr/deblur.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import type { OcrEngine } from '#adapters/ocr/engine.ts';
import { generateCorpus } from '../../../fixtures/documents/generate.ts';

describe('blurred images are read from a sharpened copy', async () => {
  const [page] = await generateCorpus({ seed: 3, perType: 1, types: ['INVOICE'], pdfs: false });
  const crisp = page.bytes;
  // the bench's own blur (render.ts: a Gaussian of 1.4 to 2.0 pixels), at both ends
  const blurred = await sharp(crisp).blur(1.4).png().toBuffer();
  const veryBlurred = await sharp(crisp).blur(2).png().toBuffer();

  it('tells a blurred page from a crisp one, a noisy one and a dim one', async () => {
    expect(isBlurred(await sharpness(crisp))).toBe(false);
    expect(isBlurred(await sharpness(blurred))).toBe(true);
    expect(isBlurred(await sharpness(veryBlurred))).toBe(true);
    const dim = await sharp(crisp).linear(0.35, 150).png().toBuffer();
    expect(isBlurred(await sharpness(dim))).toBe(false);
    const noisy = await sharp(crisp).jpeg({ quality: 40 }).toBuffer();
    expect(isBlurred(await sharpness(noisy))).toBe(false);
  });

  it('sharpens a blurred page and leaves a crisp one as it came', async () => {
    expect(await sharpenIfBlurred(crisp)).toBe(crisp);
    const sharpened = await sharpenIfBlurred(blurred);
    expect(sharpened).not.toBe(blurred);
    expect((await sharpness(sharpened)).edge).toBeGreaterThan((await sharpness(blurred)).edge + 0.05);
    const bytesNotAnImage = Buffer.from('not an image');
    expect(await sharpenIfBlurred(bytesNotAnImage)).toBe(bytesNotAnImage);
  });

  it('the sharpened copy of the strongest blur the bench draws is measured as sharp (a mask too mild leaves it blurred)', async () => {
    expect(isBlurred(await sharpness(await sharpenIfBlurred(veryBlurred)))).toBe(false);
    expect(isBlurred(await sharpness(await sharpenIfBlurred(blurred)))).toBe(false);
  });

  it('a blurred phone photo turned by its EXIF orientation is sharpened upright (the PNG keeps no orientation)', async () => {
    const meta = await sharp(crisp).metadata();
    const sideways = await sharp(veryBlurred).rotate(-90).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
    const out = await sharp(await sharpenIfBlurred(sideways)).metadata();
    expect([out.width, out.height, out.orientation]).toEqual([meta.width, meta.height, undefined]);
  });

  it('the local engines get the sharpened copy; Textract gets the upload as it came', async () => {
    const seen: Buffer[] = [];
    const engine = (name: string): OcrEngine => ({ name, recognise: async (image) => (seen.push(image), []), close: async () => {} });
    await recogniseDocument(engine('tesseract'), blurred);
    await recogniseDocument(engine('textract'), blurred);
    await recogniseDocument(engine('tesseract'), crisp);
    expect(seen[0]).not.toBe(blurred);
    expect(seen[1]).toBe(blurred);
    expect(seen[2]).toBe(crisp);
  });
});
