import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { assessPanOriginality, classifyPanSignals, THRESHOLDS, type PanOriginality } from '#adapters/imageSignals/panOriginality.ts';
import { DEGRADATIONS } from '../../../fixtures/documents/generate.ts';
import { Page } from '../../../fixtures/documents/svg.ts';
import { corpusPan } from '../../../fixtures/pan/evaluate.ts';
import { deriveCapture, generatePanSet, type PanClass, type PanSample } from '../../../fixtures/pan/generate.ts';

// Seeds 1001+ are disjoint from the 1..10 set the thresholds were chosen on (and the 31..60 evaluation set).
let samples: PanSample[] = [];
let results: PanOriginality[] = [];

beforeAll(async () => {
  samples = await generatePanSet(5, 1001);
  results = await Promise.all(samples.map((s) => assessPanOriginality(s.image)));
}, 60_000);

describe('assessPanOriginality on held-out synthetic cards', () => {
  it('classifies clearly better than chance (1/3): at least 12 of 15 right', () => {
    const correct = results.filter((r, i) => r.document_quality_flag === samples[i].cls).length;
    expect(correct).toBeGreaterThanOrEqual(12);
  });

  it('is not constant: every class is predicted and scores spread', () => {
    expect(new Set(results.map((r) => r.document_quality_flag)).size).toBe(3);
    const scores = results.map((r) => r.score);
    expect(Math.max(...scores) - Math.min(...scores)).toBeGreaterThan(0.5);
  });

  it('gives originals a higher score than copies and screen captures', () => {
    const mean = (cls: string): number => {
      const xs = results.filter((_, i) => samples[i].cls === cls).map((r) => r.score);
      return xs.reduce((a, b) => a + b, 0) / xs.length;
    };
    expect(mean('original')).toBeGreaterThan(mean('xerox_copy') + 0.4);
    expect(mean('original')).toBeGreaterThan(mean('photo_of_photo') + 0.4);
  });

  it('keeps is_original consistent with the flag and reports the measured signals', () => {
    for (const r of results) {
      expect(r.is_original).toBe(r.document_quality_flag === 'original' ? 'yes' : 'no');
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(1);
      expect(Object.keys(r.signals)).toEqual(expect.arrayContaining(['chroma_mean', 'colour_ratio', 'moire_peak', 'texture']));
    }
  });

  it('calls a grey-scaled original a copy (the colour signal is real, not the file)', async () => {
    const original = samples.find((s) => s.cls === 'original')!;
    const grey = await sharp(original.image).grayscale().jpeg().toBuffer();
    const before = await assessPanOriginality(original.image);
    const after = await assessPanOriginality(grey);
    expect(before.document_quality_flag).toBe('original');
    expect(after.document_quality_flag).toBe('xerox_copy');
    expect(after.signals.chroma_mean).toBeLessThan(before.signals.chroma_mean);
  });
});

// Corpus PANs (test/fixtures/documents) of seed 3: not used to choose the thresholds (seed 1).
describe('assessPanOriginality on corpus PANs', () => {
  const originals: { degradation: string; r: PanOriginality }[] = [];
  const derived: { cls: PanClass; r: PanOriginality }[] = [];

  beforeAll(async () => {
    for (const d of DEGRADATIONS) originals.push({ degradation: d, r: await assessPanOriginality(await corpusPan(3, 0, d)) });
    for (const i of [0, 1]) {
      const clean = await corpusPan(3, i, 'clean');
      for (const cls of ['xerox_copy', 'photo_of_photo'] as const) derived.push({ cls, r: await assessPanOriginality(await deriveCapture(cls, clean, 3000 + i)) });
    }
  }, 60_000);

  it('calls the clean render and every degraded capture of a card an original', () => {
    for (const { degradation, r } of originals) expect(r.document_quality_flag, degradation).toBe('original');
    expect(Math.min(...originals.map((o) => o.r.score))).toBeGreaterThan(0.5);
  });

  it('flags photocopies and screen captures derived from corpus PANs', () => {
    for (const { cls, r } of derived) expect(r.document_quality_flag).toBe(cls);
    const screens = derived.filter((d) => d.cls === 'photo_of_photo').map((d) => d.r.signals.moire_peak);
    const clean = originals.find((o) => o.degradation === 'clean')!.r.signals.moire_peak;
    expect(Math.min(...screens)).toBeGreaterThan(clean + 1);
  });
});

describe('moire_peak is not fooled by digital renders', () => {
  const png = (page: Page) => sharp(Buffer.from(page.toSvg())).flatten({ background: '#ffffff' }).png().toBuffer();

  it('stays low on a page of regular text lines and rules (axis-aligned periodicity)', async () => {
    // Lines of varied words at a fixed 34 px pitch, plus vertical rules: strong axis peaks.
    // (Identical strings on every line would form a true 2-D lattice; see docs, limits.)
    const words = ['PERMANENT', 'ACCOUNT', 'NUMBER', 'INCOME', 'TAX', 'DEPARTMENT', 'GOVT', 'OF', 'INDIA', 'Name', "Father's", 'Date', 'Birth', '15/09/1979', 'RAHUL', 'IYER'];
    const page = new Page(1200, 1200, '#eef4fa');
    let k = 1;
    for (let y = 60; y < 1180; y += 34) page.text(40, y, Array.from({ length: 8 }, () => words[(k = (k * 7 + 3) % 97) % words.length]).join(' '), { size: 26, fill: '#1a2a5a' });
    for (let x = 10; x < 1200; x += 300) page.line(x, 0, x, 1200, '#7a9', 2);
    const r = await assessPanOriginality(await png(page));
    expect(r.signals.moire_peak).toBeLessThan(THRESHOLDS.moirePeak);
    expect(r.document_quality_flag).not.toBe('photo_of_photo');
  });

  it('stays bounded on a perfectly flat image (power floor), and rises once a screen grid is added', async () => {
    const flat = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 205, g: 225, b: 245 } } }).png().toBuffer();
    const a = await assessPanOriginality(flat);
    expect(a.signals.moire_peak).toBeLessThan(THRESHOLDS.moirePeak);
    const screen = await deriveCapture('photo_of_photo', flat, 5);
    const b = await assessPanOriginality(screen);
    expect(b.signals.moire_peak).toBeGreaterThan(THRESHOLDS.moirePeak);
    expect(b.document_quality_flag).toBe('photo_of_photo');
  });
});

describe('classifyPanSignals', () => {
  const base = { chroma_mean: 0.2, colour_fraction: 0.8, colour_ratio: 1.2, blue_bias: 0.1, texture: 0.05, contrast: 0.15, clipped_white: 0, clipped_black: 0, moire_peak: 1.5, moire_concentration: 0.4 };
  it('flags screen captures before grey copies', () => {
    expect(classifyPanSignals(base).document_quality_flag).toBe('original');
    expect(classifyPanSignals({ ...base, colour_ratio: 0.1 }).document_quality_flag).toBe('xerox_copy');
    expect(classifyPanSignals({ ...base, moire_peak: 3.5 }).document_quality_flag).toBe('photo_of_photo');
    expect(classifyPanSignals({ ...base, colour_ratio: 0.1, moire_peak: 3.5 }).document_quality_flag).toBe('photo_of_photo');
  });
  it('decides colour on colour_ratio, so a low-contrast colour capture stays an original', () => {
    expect(classifyPanSignals({ ...base, chroma_mean: 0.05, contrast: 0.06, colour_ratio: 0.62 }).document_quality_flag).toBe('original');
  });
});
