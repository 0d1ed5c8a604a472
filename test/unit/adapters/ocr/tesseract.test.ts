import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Block } from '#core/documents/blocks.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import { TesseractEngine } from '#adapters/ocr/tesseract.ts';
import { generateCorpus, type Fixture } from '../../../fixtures/documents/generate.ts';
import { fieldPresence } from '../../../fixtures/documents/match.ts';

const MUST_READ = new Set(['pan_number', 'dob', 'name_as_per_pan', 'aadhaar_number', 'date_of_birth', 'name', 'dealer_gst', 'total_invoice_amount', 'customer_mobile_number']);

function lineText(blocks: Block[]): string {
  return blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text).join('\n');
}

function expectWellFormed(blocks: Block[]): void {
  const byId = new Map(blocks.map((b) => [b.Id, b]));
  expect(byId.size).toBe(blocks.length);
  const page = blocks.find((b) => b.BlockType === 'PAGE')!;
  const lineIds = page.Relationships![0].Ids;
  expect(lineIds.length).toBeGreaterThan(3);
  for (const id of lineIds) {
    const line = byId.get(id)!;
    expect(line.BlockType).toBe('LINE');
    const words = line.Relationships![0].Ids.map((w) => byId.get(w)!);
    expect(words.every((w) => w.BlockType === 'WORD')).toBe(true);
    expect(line.Text).toBe(words.map((w) => w.Text).join(' '));
  }
  for (const b of blocks) {
    const { Left, Top, Width, Height } = b.Geometry!.BoundingBox;
    for (const v of [Left, Top, Width, Height]) expect(v >= 0 && v <= 1).toBe(true);
    expect(Left + Width).toBeLessThanOrEqual(1 + 1e-9);
    expect(Top + Height).toBeLessThanOrEqual(1 + 1e-9);
    expect(b.Geometry!.Polygon).toHaveLength(4);
    if (b.BlockType !== 'PAGE') expect(b.Confidence! >= 0 && b.Confidence! <= 100).toBe(true);
  }
}

describe('tesseract OCR engine (offline)', () => {
  const engine = new TesseractEngine({ workers: 2 });
  let clean: Fixture[];
  let rotated: Fixture;

  beforeAll(async () => {
    clean = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: ['PAN', 'AADHAAR', 'INVOICE'] });
    const degraded = await generateCorpus({ seed: 11, perType: 3, degraded: true, pdfs: false, types: ['PAN'] });
    rotated = degraded.find((f) => f.degradation === 'rotate_90')!;
    await engine.warmUp();
  });
  afterAll(() => engine.close());

  it('loads the English model from the installed package with no cache', () => {
    const opts = engine.workerOptions;
    expect(opts.cacheMethod).toBe('none');
    expect(opts.langPath).toContain(join('node_modules', '@tesseract.js-data', 'eng'));
    expect(existsSync(join(opts.langPath!, 'eng.traineddata.gz'))).toBe(true);
  });

  it('reads the ground truth of clean PAN, Aadhaar and invoice fixtures', async () => {
    const results = await Promise.all(clean.map((f) => engine.recognise(f.bytes)));
    results.forEach((blocks, i) => {
      const f = clean[i];
      expectWellFormed(blocks);
      const hits = fieldPresence(f.printed, lineText(blocks));
      // Identifiers and amounts must read exactly; free text may lose a look-alike character
      // (tesseract reads "SI/2025/…" as "S1/2025/…"), which extraction repairs.
      const missing = hits.filter((h) => !h.present).map((h) => h.field);
      expect(missing.filter((m) => MUST_READ.has(m)), f.id).toEqual([]);
      expect(missing.length / hits.length, `${f.id} missing ${missing}`).toBeLessThanOrEqual(0.15);
    });
  });

  it('puts the PAN number where it is printed, on an upright and a sideways card', async () => {
    const pan = clean.find((f) => f.type === 'PAN')!;
    const { blocks } = await recogniseDocument(engine, pan.bytes);
    const upright = blocks.find((b) => b.BlockType === 'WORD' && b.Text === pan.truth.pan_number)!;
    expect(upright.Page).toBe(1);
    // Drawn centred at y = 260 of 883 px, 54 px high.
    expect(upright.Geometry!.BoundingBox.Top).toBeGreaterThan(0.2);
    expect(upright.Geometry!.BoundingBox.Top).toBeLessThan(0.3);
    expect(upright.Geometry!.BoundingBox.Width).toBeGreaterThan(upright.Geometry!.BoundingBox.Height);

    const sideways = await engine.recognise(rotated.bytes);
    expect(fieldPresence(rotated.printed, lineText(sideways)).filter((h) => !h.present)).toEqual([]);
    const word = sideways.find((b) => b.BlockType === 'WORD' && b.Text === rotated.truth.pan_number)!;
    // Mapped back onto the sideways image as uploaded: the number runs vertically.
    expect(word.Geometry!.BoundingBox.Height).toBeGreaterThan(word.Geometry!.BoundingBox.Width);
  });
});
