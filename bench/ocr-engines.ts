/**
 * OCR engine benchmark: how much ground truth is readable in each engine's text (an upper
 * bound for field extraction) and how fast, on the synthetic corpus (clean and degraded) and on
 * a sample of real receipts (SROIE 2019, when /work/shared/datasets is present).
 *
 *   npx tsx bench/ocr-engines.ts [--per-type N] [--receipts N] [--sroie DIR] [--sparse]
 *
 * Engines: tesseract.js PSM 3 (auto layout, default), PSM 6 (single block), PSM 11 (sparse
 * text, with --sparse), PaddleOCR (PP-OCRv4 on ONNX, @gutenye/ocr-node) and two combinations
 * of tesseract PSM 3 with a PaddleOCR second read (functions/adapters/ocr/hybrid.ts):
 * - hybrid/conf: Paddle re-reads pages whose tesseract word confidence is below the threshold,
 *   and its reading replaces tesseract's (what OCR_ENGINE=hybrid does);
 * - hybrid/fields: the core classifies and extracts from the tesseract reading; where a field is
 *   missing or weak (weakFields) Paddle reads the page again and both readings count (the text
 *   of both, the upper bound of mergeExtractions).
 * The combinations are computed from the same per-document readings and timings as the single
 * engines (no third OCR run): their seconds are tesseract's plus Paddle's where it ran.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block } from '#core/documents/blocks.ts';
import { DocumentModel, classify, extractFields } from '#core/documents/index.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import type { OcrEngine, PageSegmentation } from '#adapters/ocr/engine.ts';
import { DEFAULT_SECOND_READ_BELOW, readingConfidence, shouldReadAgain, weakFields } from '#adapters/ocr/hybrid.ts';
import { PaddleEngine } from '#adapters/ocr/paddle.ts';
import { PdfFile } from '#adapters/ocr/pdf.ts';
import { TesseractEngine } from '#adapters/ocr/tesseract.ts';
import { cachedCorpus, type Fixture } from '../test/fixtures/documents/generate.ts';
import { normaliseForMatch } from '../test/fixtures/documents/match.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const PER_TYPE = Number(arg('--per-type', '2'));
const RECEIPTS = Number(arg('--receipts', '10'));
const SPARSE = argv.includes('--sparse');
const SROIE = arg('--sroie', '/work/shared/datasets/sroie2019-zzzdavid');

interface Item { id: string; group: string; bytes: Buffer; expected: { field: string; value: string }[]; pages: number }

const text = (blocks: Block[]) => blocks.filter((b) => b.BlockType === 'LINE').map((b) => b.Text).join('\n');

function fromFixture(f: Fixture, group: string): Item {
  const expected = Object.entries(f.printed).flatMap(([field, v]) => (Array.isArray(v) ? v : [v]).map((value) => ({ field, value })));
  return { id: f.id, group, bytes: f.bytes, expected, pages: f.pages };
}

function sroieItems(dir: string, n: number): Item[] {
  if (!existsSync(join(dir, 'key'))) return [];
  const keys = readdirSync(join(dir, 'key')).filter((f) => f.endsWith('.json')).sort();
  // An even spread over the folder, not the first n: deterministic and less clustered.
  const step = keys.length / Math.min(n, keys.length);
  const picked = Array.from({ length: Math.min(n, keys.length) }, (_, i) => keys[Math.floor(i * step)]);
  return picked.map((k) => {
    const id = k.replace('.json', '');
    const key = JSON.parse(readFileSync(join(dir, 'key', k), 'utf8')) as Record<string, string>;
    const expected = ['company', 'date', 'address', 'total'].map((field) => ({
      field,
      value: field === 'total' ? String(key[field] ?? '').replace(/^RM\s*/i, '') : String(key[field] ?? ''),
    }));
    return { id: `sroie-${id}`, group: 'receipts (SROIE)', bytes: readFileSync(join(dir, 'img', `${id}.jpg`)), expected, pages: 1 };
  });
}

function presence(expected: Item['expected'], ocr: string, fold = false): boolean[] {
  const f = (x: string) => (fold ? foldLookAlikes(normaliseForMatch(x)) : normaliseForMatch(x));
  const hay = ` ${f(ocr)} `;
  return expected.map((e) => hay.includes(` ${f(e.value)} `));
}

/** O/0, I/l/1, S/5, B/8, Z/2 read as one: what validators repairing by position can recover. */
function foldLookAlikes(s: string): string {
  return s.replace(/[o]/g, '0').replace(/[il|]/g, '1').replace(/s/g, '5').replace(/b/g, '8').replace(/z/g, '2');
}

interface ItemResult { item: Item; blocks: Block[]; text: string; strict: boolean[]; folded: boolean[]; seconds: number }
interface Run { results: Map<string, ItemResult>; wall: number; busy: number }

function score(item: Item, blocks: Block[], seconds: number): ItemResult {
  const ocr = text(blocks);
  return { item, blocks, text: ocr, strict: presence(item.expected, ocr), folded: presence(item.expected, ocr, true), seconds };
}

/** Runs items `parallel` at a time; per-item seconds are later scaled so they sum to wall time. */
async function run(engine: OcrEngine, items: Item[], segmentation: PageSegmentation | undefined, parallel: number): Promise<Run> {
  const queue = [...items];
  const results = new Map<string, ItemResult>();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: parallel }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const start = performance.now();
      const { blocks } = await recogniseDocument(engine, item.bytes, { segmentation, forceOcr: true });
      results.set(item.id, score(item, blocks, (performance.now() - start) / 1000));
    }
  }));
  const busy = [...results.values()].reduce((n, r) => n + r.seconds, 0);
  return { results, wall: (performance.now() - t0) / 1000, busy };
}

/** An item's share of its run's wall time (with 2 parallel jobs, half its own elapsed time). */
const wallShare = (r: Run, id: string) => (r.wall * r.results.get(id)!.seconds) / r.busy;

async function textLayerSpeed(fixtures: Fixture[]): Promise<number> {
  const pdfs = fixtures.filter((f) => f.degradation === 'pdf_text');
  let pages = 0;
  const t0 = performance.now();
  for (const f of pdfs) {
    const pdf = await PdfFile.open(f.bytes);
    for (let p = 1; p <= pdf.pageCount; p++, pages++) await pdf.textBlocks(p);
    await pdf.close();
  }
  return (performance.now() - t0) / 1000 / Math.max(1, pages);
}

const clean = await cachedCorpus({ seed: 2024, perType: PER_TYPE, degraded: false, pdfs: true });
const degraded = await cachedCorpus({ seed: 2024, perType: PER_TYPE, degraded: true, pdfs: false });
const items: Item[] = [
  ...clean.filter((f) => f.mime !== 'application/pdf').map((f) => fromFixture(f, 'synthetic clean')),
  ...degraded.map((f) => fromFixture(f, 'synthetic degraded')),
  ...clean.filter((f) => f.degradation === 'pdf_scan').map((f) => fromFixture(f, 'scanned PDF (rendered)')),
  ...sroieItems(SROIE, RECEIPTS),
];
const degradationOf = new Map(degraded.map((f) => [f.id, f.degradation]));
const typeOf = new Map([...clean, ...degraded].map((f) => [f.id, f.type]));

type Column = { key: string; label: string };
const tessModes: [PageSegmentation, string][] = [['auto', 'tesseract PSM 3'], ['block', 'tesseract PSM 6'], ...(SPARSE ? [['sparse', 'tesseract PSM 11'] as [PageSegmentation, string]] : [])];

const tesseract = new TesseractEngine({ workers: 2 });
let t = performance.now();
await tesseract.warmUp();
const tessStartup = (performance.now() - t) / 1000;
const runs: Record<string, Run> = {};
for (const [mode] of tessModes) {
  runs[mode] = await run(tesseract, items, mode, 2);
  console.error(`tesseract ${mode}: ${runs[mode].wall.toFixed(0)} s`);
}
await tesseract.close();

const paddle = new PaddleEngine();
t = performance.now();
await paddle.warmUp();
const paddleStartup = (performance.now() - t) / 1000;
// One page at a time: the engine serialises calls (onnxruntime already uses both cores).
runs.paddle = await run(paddle, items, undefined, 1);
console.error(`paddle: ${runs.paddle.wall.toFixed(0)} s`);
await paddle.close();
const textLayer = await textLayerSpeed(clean);

// Combinations from the same readings: tesseract PSM 3, then Paddle where the rule fires.
const readTwice: Record<string, Set<string>> = {};
function combine(key: string, fires: (r: ItemResult) => boolean, merge: (first: ItemResult, second: ItemResult) => Block[]): { fired: number } {
  const results = new Map<string, ItemResult>();
  let wall = 0;
  let fired = 0;
  for (const item of items) {
    const first = runs.auto.results.get(item.id)!;
    let seconds = wallShare(runs.auto, item.id);
    let blocks = first.blocks;
    if (fires(first)) {
      fired++;
      const second = runs.paddle.results.get(item.id)!;
      seconds += wallShare(runs.paddle, item.id);
      blocks = merge(first, second);
    }
    wall += seconds;
    results.set(item.id, score(item, blocks, seconds));
  }
  runs[key] = { results, wall, busy: wall };
  readTwice[key] = new Set(items.filter((i) => fires(runs.auto.results.get(i.id)!)).map((i) => i.id));
  return { fired };
}
const conf = combine('hybridConf', (r) => shouldReadAgain(r.blocks), (_, second) => second.blocks);
/** Unrecognised, refused, or any field missing/weak after extraction from the first reading. */
function extractionWeak(r: ItemResult): boolean {
  const model = new DocumentModel(r.blocks);
  const { type } = classify(model);
  if (type === 'UNKNOWN') return true;
  return weakFields(extractFields(type, model, {})).length > 0;
}
const fields = combine('hybridFields', extractionWeak, (first, second) => [...first.blocks, ...second.blocks]);

const COLUMNS: Column[] = [
  ...tessModes.map(([m, l]) => ({ key: m, label: l })),
  { key: 'paddle', label: 'PaddleOCR' },
  { key: 'hybridConf', label: `hybrid/conf (<${DEFAULT_SECOND_READ_BELOW})` },
  { key: 'hybridFields', label: 'hybrid/fields' },
];

interface Agg { present: number; folded: number; total: number; pages: number; seconds: number; docs: number }
function aggregate(key: string, by: (r: ItemResult) => string | undefined): Map<string, Agg> {
  const out = new Map<string, Agg>();
  const r0 = runs[key];
  for (const r of r0.results.values()) {
    const k = by(r);
    if (!k) continue;
    const a = out.get(k) ?? { present: 0, folded: 0, total: 0, pages: 0, seconds: 0, docs: 0 };
    a.present += r.strict.filter(Boolean).length;
    a.folded += r.folded.filter(Boolean).length;
    a.total += r.strict.length;
    a.pages += r.item.pages;
    a.seconds += (r0.wall * r.seconds) / r0.busy;
    a.docs++;
    out.set(k, a);
  }
  return out;
}
const fired = (key: string, group: string) => {
  if (!readTwice[key]) return '';
  const inGroup = items.filter((i) => i.group === group);
  const n = inGroup.filter((i) => readTwice[key].has(i.id)).length;
  return ` [${n}/${inGroup.length}]`;
};

const maskIds = (s: string) => s.replace(/\b(\d{4})\s?(\d{4})\s?(\d{4})\b/g, 'XXXX XXXX $3');
const misses = COLUMNS.flatMap(({ key }) => [...runs[key].results.values()].flatMap((r) =>
  r.item.expected.filter((_, i) => !r.strict[i]).map((e) => maskIds(`${key} ${r.item.id} ${e.field}: ${e.value}`))));

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
const cell = (a: Agg | undefined) => (a ? `${pct(a.present, a.total)} (${pct(a.folded, a.total)})` : '');
const groups = [...new Set(items.map((i) => i.group))];
const byGroup = Object.fromEntries(COLUMNS.map(({ key }) => [key, aggregate(key, (r) => r.item.group)]));
const byDeg = Object.fromEntries(COLUMNS.map(({ key }) => [key, aggregate(key, (r) => degradationOf.get(r.item.id))]));
const byType = Object.fromEntries(COLUMNS.map(({ key }) => [key, aggregate(key, (r) => typeOf.get(r.item.id))]));
const meanConf = (key: string, group: string) => {
  const rs = items.filter((i) => i.group === group).map((i) => readingConfidence(runs[key].results.get(i.id)!.blocks));
  return rs.reduce((a, b) => a + b, 0) / Math.max(1, rs.length);
};

const lines = [
  '# OCR engines',
  '',
  'Share of ground-truth values present in the OCR text (exact; in brackets with look-alike characters',
  'O/0, I/1, S/5, B/8, Z/2 folded), and seconds per page (wall time on the shared 2-core machine:',
  'tesseract with 2 workers, 2 pages at a time; PaddleOCR one page at a time, onnxruntime on both cores).',
  `Corpus seed 2024, ${PER_TYPE} per type, ${items.length} documents, ${new Date().toISOString().slice(0, 10)}.`,
  `Start-up not counted: tesseract workers ${tessStartup.toFixed(1)} s, PaddleOCR models ${paddleStartup.toFixed(1)} s.`,
  'hybrid columns: [documents read twice / documents]. Produced by `npx tsx bench/ocr-engines.ts`.',
  '',
  `| set | pages | values | ${COLUMNS.map((c) => `${c.label} | s/page`).join(' | ')} |`,
  `|---|---|---|${COLUMNS.map(() => '---|---|').join('')}`,
  ...groups.map((g) => {
    const a0 = byGroup.auto.get(g)!;
    return `| ${g} | ${a0.pages} | ${a0.total} | ${COLUMNS.map(({ key }) => {
      const a = byGroup[key].get(g)!;
      return `${cell(a)}${fired(key, g)} | ${(a.seconds / a.pages).toFixed(2)}`;
    }).join(' | ')} |`;
  }),
  `| PDF text layer (no OCR) | | | exact | ${textLayer.toFixed(3)} |${COLUMNS.slice(1).map(() => ' | |').join('')}`,
  '',
  `Mean reading confidence (character-weighted word confidence, 0..100): ${groups.map((g) => `${g}: tesseract ${meanConf('auto', g).toFixed(0)}, Paddle ${meanConf('paddle', g).toFixed(0)}`).join('; ')}.`,
  `Second reads: hybrid/conf ${conf.fired}/${items.length} documents, hybrid/fields ${fields.fired}/${items.length}.`,
  '',
  `| degradation | ${COLUMNS.map((c) => c.label).join(' | ')} |`,
  `|---|${COLUMNS.map(() => '---|').join('')}`,
  ...[...byDeg.auto.keys()].sort().map((d) => `| ${d} | ${COLUMNS.map(({ key }) => cell(byDeg[key].get(d))).join(' | ')} |`),
  '',
  `| type (clean + degraded) | ${COLUMNS.map((c) => c.label).join(' | ')} |`,
  `|---|${COLUMNS.map(() => '---|').join('')}`,
  ...[...byType.auto.keys()].sort().map((ty) => `| ${ty} | ${COLUMNS.map(({ key }) => cell(byType[key].get(ty))).join(' | ')} |`),
];
console.log(lines.join('\n'));
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/ocr-engines.md', lines.join('\n') + '\n');
mkdirSync('.bench-out', { recursive: true });
writeFileSync('.bench-out/ocr-engines-misses.txt', misses.join('\n') + '\n');
console.log(`\nmisses: .bench-out/ocr-engines-misses.txt (${misses.length})`);
