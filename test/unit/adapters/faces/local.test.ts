import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFaceEngine, toPercentSimilarity } from '#adapters/faces/local.ts';
import { SAME_PERSON_SIMILARITY } from '#adapters/faces/port.ts';

const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../../../fixtures/faces/${name}`, import.meta.url)));

describe('LocalFaceEngine (Human on WASM, models from the package)', () => {
  const engine = new LocalFaceEngine();
  const originalFetch = globalThis.fetch;
  const fetched: string[] = [];

  beforeAll(async () => {
    // Any network fetch during model loading or inference is recorded and refused.
    globalThis.fetch = (async (input: string | URL | Request) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      throw new Error('network disabled in this test');
    }) as typeof fetch;
    await engine.countFaces(fixture('scene-box-one.jpg')); // loads the models once for the file
  });

  afterAll(async () => {
    globalThis.fetch = originalFetch;
    await engine.close();
  });

  it('counts no face in a box scene with a cat and a coffee cup', async () => {
    const result = await engine.countFaces(fixture('scene-box-empty.jpg'));
    expect(result.count).toBe(0);
    expect(result.faces).toEqual([]);
  });

  it('counts one face in a single-person box scene, with a normalised box where the face was pasted', async () => {
    const result = await engine.countFaces(fixture('scene-box-one.jpg'));
    expect(result.count).toBe(1);
    const [face] = result.faces;
    // The portrait was pasted at x 60..360 of 960, y 150..510 of 720.
    expect(face.box.left).toBeGreaterThan(60 / 960);
    expect(face.box.left + face.box.width).toBeLessThan(360 / 960);
    expect(face.box.top).toBeGreaterThan(150 / 720);
    expect(face.box.top + face.box.height).toBeLessThan(510 / 720);
    expect(face.score).toBeGreaterThanOrEqual(0.5);
    expect(face.score).toBeLessThanOrEqual(1);
  });

  it('counts two or more faces in the two-person box scene and in a group photo', async () => {
    expect((await engine.countFaces(fixture('scene-box-two.jpg'))).count).toBeGreaterThanOrEqual(2);
    expect((await engine.countFaces(fixture('scene-group.jpg'))).count).toBeGreaterThanOrEqual(4);
  });

  it('scores the same person high and a different person low', async () => {
    const same = await engine.compareFaces(fixture('id-astronaut.jpg'), fixture('scene-box-one.jpg'));
    const sameOther = await engine.compareFaces(fixture('id-other.jpg'), fixture('scene-box-one-other.jpg'));
    const different = await engine.compareFaces(fixture('id-other.jpg'), fixture('scene-box-one.jpg'));
    const differentGroup = await engine.compareFaces(fixture('id-astronaut.jpg'), fixture('scene-group.jpg'));
    expect(same).toBeGreaterThanOrEqual(SAME_PERSON_SIMILARITY);
    expect(sameOther).toBeGreaterThanOrEqual(SAME_PERSON_SIMILARITY);
    expect(different).toBeLessThan(SAME_PERSON_SIMILARITY);
    expect(differentGroup).toBeLessThan(SAME_PERSON_SIMILARITY);
  });

  it('close waits for a detection under way, and a later detection still works (the models stay loaded)', async () => {
    const counting = engine.countFaces(fixture('scene-box-two.jpg'));
    await engine.close();
    expect((await counting).count).toBeGreaterThanOrEqual(2);
    expect((await engine.countFaces(fixture('scene-box-one.jpg'))).count).toBe(1);
    expect((await new LocalFaceEngine().countFaces(fixture('scene-box-two.jpg'))).count).toBeGreaterThanOrEqual(2);
  });

  it('returns undefined when either side has no face', async () => {
    expect(await engine.compareFaces(fixture('id-astronaut.jpg'), fixture('scene-box-empty.jpg'))).toBeUndefined();
    expect(await engine.compareFaces(fixture('scene-box-empty.jpg'), fixture('scene-box-one.jpg'))).toBeUndefined();
  });

  it('never fetched anything from the network', () => {
    expect(fetched).toEqual([]);
  });
});

describe('toPercentSimilarity', () => {
  it('maps the measured boundary to the shared same-person threshold and is monotonic', () => {
    expect(toPercentSimilarity(0.65)).toBe(SAME_PERSON_SIMILARITY);
    expect(toPercentSimilarity(0)).toBe(0);
    expect(toPercentSimilarity(1)).toBe(100);
    expect(toPercentSimilarity(0.3)).toBeLessThan(toPercentSimilarity(0.5));
    expect(toPercentSimilarity(0.8)).toBeLessThan(toPercentSimilarity(0.9));
  });
});
