/**
 * Face engine benchmark on the committed fixtures: `npx tsx bench/faces.ts`.
 * Prints seconds per image for countFaces / compareFaces (local engine, models loaded once)
 * and accuracy against the expected counts and same/different-person labels.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LocalFaceEngine } from '#adapters/faces/local.ts';
import { SAME_PERSON_SIMILARITY } from '#adapters/faces/port.ts';

const fixture = (name: string): Buffer => readFileSync(fileURLToPath(new URL(`../test/fixtures/faces/${name}`, import.meta.url)));

/** Expected counts: [file, min, max]. The group photo has 5 people. */
const COUNTS: [string, number, number][] = [
  ['scene-box-empty.jpg', 0, 0],
  ['scene-box-one.jpg', 1, 1],
  ['scene-box-one-other.jpg', 1, 1],
  ['scene-box-two.jpg', 2, 3],
  ['scene-group.jpg', 4, 5],
];
/** [source, target, same person?] */
const PAIRS: [string, string, boolean][] = [
  ['id-astronaut.jpg', 'scene-box-one.jpg', true],
  ['id-other.jpg', 'scene-box-one-other.jpg', true],
  ['id-other.jpg', 'scene-box-one.jpg', false],
  ['id-astronaut.jpg', 'scene-box-one-other.jpg', false],
  ['id-astronaut.jpg', 'scene-group.jpg', false],
  ['id-other.jpg', 'scene-box-two.jpg', false],
];

const engine = new LocalFaceEngine();
const t0 = performance.now();
await engine.countFaces(fixture('scene-box-one.jpg'));
const loadSeconds = (performance.now() - t0) / 1000;

const rows: string[][] = [];
let countOk = 0;
let countTime = 0;
for (const [file, min, max] of COUNTS) {
  const t = performance.now();
  const { count } = await engine.countFaces(fixture(file));
  const dt = (performance.now() - t) / 1000;
  countTime += dt;
  const ok = count >= min && count <= max;
  if (ok) countOk++;
  rows.push(['countFaces', file, String(count), min === max ? String(min) : `${min}-${max}`, dt.toFixed(3), ok ? 'ok' : 'WRONG']);
}
let pairOk = 0;
let pairTime = 0;
for (const [source, target, same] of PAIRS) {
  const t = performance.now();
  const sim = await engine.compareFaces(fixture(source), fixture(target));
  const dt = (performance.now() - t) / 1000;
  pairTime += dt;
  const ok = sim !== undefined && (sim >= SAME_PERSON_SIMILARITY) === same;
  if (ok) pairOk++;
  rows.push(['compareFaces', `${source} vs ${target}`, sim === undefined ? '-' : sim.toFixed(1), same ? 'same' : 'different', dt.toFixed(3), ok ? 'ok' : 'WRONG']);
}
await engine.close();

const header = ['operation', 'input', 'result', 'expected', 'seconds', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (r: string[]): string => r.map((c, i) => c.padEnd(widths[i])).join('  ');
console.log(`model load + first image: ${loadSeconds.toFixed(2)} s`);
console.log(line(header));
for (const r of rows) console.log(line(r));
console.log(`countFaces:   ${(countTime / COUNTS.length).toFixed(3)} s/image, ${countOk}/${COUNTS.length} correct`);
console.log(`compareFaces: ${(pairTime / PAIRS.length).toFixed(3)} s/pair (two images), ${pairOk}/${PAIRS.length} correct at threshold ${SAME_PERSON_SIMILARITY}`);
