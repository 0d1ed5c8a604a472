/**
 * OCR engine benchmark: how much ground truth is readable in each engine's text (an upper
 * bound for field extraction) and how fast, on the synthetic corpus (clean and degraded) and on
 * a sample of real receipts (SROIE 2019, when /work/shared/datasets is present).
 *
 *   npx tsx bench/ocr-engines.ts [--per-type N] [--receipts N] [--sroie DIR]
 *
 * Engines: tesseract.js PSM 3 (auto layout, default), PSM 6 (single block) and PSM 11 (sparse
 * text). PaddleOCR is not
 * installed in this project and is not evaluated.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block } from '#core/documents/blocks.ts';
import { recogniseDocument } from '#adapters/ocr/document.ts';
import type { PageSegmentation } from '#adapters/ocr/engine.ts';
import { PdfFile } from '#adapters/ocr/pdf.ts';
import { TesseractEngine } from '#adapters/ocr/tesseract.ts';
import { cachedCorpus, type Fixture } from '../test/fixtures/documents/generate.ts';
import { fieldPresence, normaliseForMatch } from '../test/fixtures/documents/match.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const PER_TYPE = Number(arg('--per-type', '3'));
const RECEIPTS = Number(arg('--receipts', '20'));
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

interface ItemResult { item: Item; strict: boolean[]; folded: boolean[]; seconds: number }

/** Runs items two at a time (one per worker); seconds per page = wall time / pages. */
async function run(engine: TesseractEngine, items: Item[], segmentation: PageSegmentation): Promise<{ results: ItemResult[]; wall: number }> {
  const queue = [...items];
  const results: ItemResult[] = [];
  const t0 = performance.now();
  await Promise.all([0, 1].map(async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const start = performance.now();
      const { blocks } = await recogniseDocument(engine, item.bytes, { segmentation, forceOcr: true });
      const ocr = text(blocks);
      results.push({ item, strict: presence(item.expected, ocr), folded: presence(item.expected, ocr, true), seconds: (performance.now() - start) / 1000 });
    }
  }));
  return { results, wall: (performance.now() - t0) / 1000 };
}

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

const MODES = [['auto', 'PSM 3'], ['block', 'PSM 6'], ['sparse', 'PSM 11']] as const;
const engine = new TesseractEngine({ workers: 2 });
const startup = performance.now();
await engine.warmUp();
const startupSeconds = (performance.now() - startup) / 1000;
const runs: Record<string, { results: ItemResult[]; wall: number }> = {};
for (const [mode] of MODES) runs[mode] = await run(engine, items, mode);
await engine.close();
const textLayer = await textLayerSpeed(clean);

interface Agg { present: number; folded: number; total: number; pages: number; busy: number }
function aggregate(results: ItemResult[], key: (r: ItemResult) => string | undefined): Map<string, Agg> {
  const out = new Map<string, Agg>();
  for (const r of results) {
    const k = key(r);
    if (!k) continue;
    const a = out.get(k) ?? { present: 0, folded: 0, total: 0, pages: 0, busy: 0 };
    a.present += r.strict.filter(Boolean).length;
    a.folded += r.folded.filter(Boolean).length;
    a.total += r.strict.length;
    a.pages += r.item.pages;
    a.busy += r.seconds;
    out.set(k, a);
  }
  return out;
}
const misses = MODES.flatMap(([mode]) => runs[mode].results.flatMap((r) =>
  r.item.expected.filter((_, i) => !r.strict[i]).map((e) => `${mode} ${r.item.id} ${e.field}: ${e.value}`)));

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');
const groups = [...new Set(items.map((i) => i.group))];
const byGroup = Object.fromEntries(MODES.map(([m]) => [m, aggregate(runs[m].results, (r) => r.item.group)]));
// Seconds per page with both workers busy: the run's wall time shared out by busy time.
const secs = (m: string, a: Agg) => {
  const busy = runs[m].results.reduce((n, r) => n + r.seconds, 0);
  return ((runs[m].wall * a.busy) / busy / a.pages).toFixed(2);
};
const byDeg = Object.fromEntries(MODES.map(([m]) => [m, aggregate(runs[m].results, (r) => degradationOf.get(r.item.id))]));
const byType = Object.fromEntries(MODES.map(([m]) => [m, aggregate(runs[m].results, (r) => typeOf.get(r.item.id))]));
const lines = [
  'OCR engines: share of ground-truth values present in the OCR text (exact; in brackets with look-alike',
  'characters O/0, I/1, S/5, B/8, Z/2 folded), and seconds per page (wall time, 2 workers on 2 cores).',
  `Corpus seed 2024, ${PER_TYPE} per type; worker start-up ${startupSeconds.toFixed(1)} s not counted. PaddleOCR: not installed, not evaluated.`,
  '',
  `| set | pages | values | ${MODES.map(([, l]) => `tesseract ${l} | s/page`).join(' | ')} |`,
  `|---|---|---|${MODES.map(() => '---|---|').join('')}`,
  ...groups.map((g) => {
    const a0 = byGroup.auto.get(g)!;
    return `| ${g} | ${a0.pages} | ${a0.total} | ${MODES.map(([m]) => {
      const a = byGroup[m].get(g)!;
      return `${pct(a.present, a.total)} (${pct(a.folded, a.total)}) | ${secs(m, a)}`;
    }).join(' | ')} |`;
  }),
  `| PDF text layer (no OCR) | | | exact | ${textLayer.toFixed(3)} | | | | |`,
  '',
  `| degradation | ${MODES.map(([, l]) => l).join(' | ')} |`,
  `|---|${MODES.map(() => '---|').join('')}`,
  ...[...byDeg.auto.keys()].sort().map((d) => `| ${d} | ${MODES.map(([m]) => { const a = byDeg[m].get(d)!; return `${pct(a.present, a.total)} (${pct(a.folded, a.total)})`; }).join(' | ')} |`),
  '',
  `| type (clean + degraded) | ${MODES.map(([, l]) => l).join(' | ')} |`,
  `|---|${MODES.map(() => '---|').join('')}`,
  ...[...byType.auto.keys()].sort().map((t) => `| ${t} | ${MODES.map(([m]) => { const a = byType[m].get(t)!; return `${pct(a.present, a.total)} (${pct(a.folded, a.total)})`; }).join(' | ')} |`),
];
console.log(lines.join('\n'));
mkdirSync('.bench-out', { recursive: true });
writeFileSync('.bench-out/ocr-engines.md', lines.join('\n') + '\n');
writeFileSync('.bench-out/ocr-engines-misses.txt', misses.join('\n') + '\n');
console.log(`\nmisses: .bench-out/ocr-engines-misses.txt (${misses.length})`);
