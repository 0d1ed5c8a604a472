/**
 * Confidence calibration from the bench's OCR cache (tesseract; run bench/accuracy.ts first, with
 * the same --types and --per-type): right and wrong values per set (tuned families clean and
 * degraded, dev, dev2, the SROIE tuning half for INVOICE), values scored ≥ 0.8 that are wrong,
 * reliability bins, and every wrong value
 * with the evidence kind it was found by (pair, labelled line, pattern, heuristic, structure,
 * checksum), traced through `fieldTrace`. Never reads the blind sets or the held-out receipts.
 *
 *   npx tsx bench/tuning/calibration.ts [--types T1,T2] [--per-type 5] [--sets tuned,dev,...,dev33,sroie] [--list]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, classify, extractFields, type DocumentType, type ExtractionResult } from '#core/documents/index.ts';
import { fieldTrace, type FieldValue } from '#core/documents/fields/common.ts';
import type { Evidence } from '#core/documents/confidence.ts';
import { cachedCorpus } from '../../test/fixtures/documents/generate.ts';
import { FIELD_MAP, same, type Cmp } from '../../test/fixtures/documents/score.ts';
import { cachedFirstReading } from '../ocrCache.ts';
import { DEV_SETS } from './devSets.ts';
import { SROIE_DIR, SROIE_MAP, sroieTuningIds, sroieValue } from '../sroie.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const TYPES = arg('--types', Object.keys(FIELD_MAP).join(',')).split(',');
const PER_TYPE = Number(arg('--per-type', '5'));
const SETS = arg('--sets', ['tuned', ...DEV_SETS.map((s) => s.name), 'sroie'].join(',')).split(',');

type Row = { set: string; id: string; field: string; ok: boolean; conf: number; got: unknown; how: string };
const rows: Row[] = [];
let uncached = 0;
/** Classification per set: [right, all], and the misreads. */
const classes = new Map<string, [number, number]>();
const misclassified: string[] = [];

const norm = (v: unknown) => String(Array.isArray(v) ? v.join(' ') : (v ?? '')).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
function kind(e: Evidence): string {
  if (e.kind === 'labelled') return e.via === 'pair' ? 'pair' : 'line';
  if (e.kind === 'heuristic') return e.agreed ? 'heuristic-agreed' : 'heuristic';
  if (e.kind === 'checksum' || e.kind === 'structure') return `${e.kind}${e.pass ? '' : '-fail'}${e.repairs ? '-repaired' : ''}`;
  return e.kind;
}

let currentSet = '';
let currentId = '';
async function extract(type: string, bytes: Buffer): Promise<{ r: ExtractionResult; trace: { value: FieldValue; how: string }[] } | undefined> {
  const blocks = await cachedFirstReading('tesseract', bytes);
  if (!blocks) {
    uncached++;
    return undefined;
  }
  const c = classify(new DocumentModel(blocks)).type;
  const k = classes.get(currentSet) ?? [0, 0];
  classes.set(currentSet, [k[0] + (c === type ? 1 : 0), k[1] + 1]);
  if (c !== type) misclassified.push(`${currentSet} ${currentId}: ${type} read as ${c}`);
  const trace: { value: FieldValue; how: string }[] = [];
  fieldTrace.on = (value, evidence) => trace.push({ value, how: kind(evidence) });
  try {
    return { r: extractFields(type as DocumentType, new DocumentModel(blocks), { fullAadhaar: true }), trace };
  } finally {
    fieldTrace.on = undefined;
  }
}

/** The evidence kind of a returned value: the last traced value equal to it (or containing it, after a mapper's cleaning). */
function howFound(value: unknown, trace: { value: FieldValue; how: string }[]): string {
  const v = norm(value);
  for (let i = trace.length - 1; i >= 0; i--) if (norm(trace[i].value) === v) return trace[i].how;
  for (let i = trace.length - 1; i >= 0; i--) {
    const t = norm(trace[i].value);
    if (t && v && (t.includes(v) || v.includes(t))) return `${trace[i].how}~`;
  }
  return '?';
}

function score(set: string, id: string, type: string, truth: Record<string, unknown>, x: NonNullable<Awaited<ReturnType<typeof extract>>>): void {
  const map = FIELD_MAP[type as keyof typeof FIELD_MAP];
  const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
  for (const [t, want] of Object.entries(truth)) {
    const m: [string, Cmp] | undefined = map[t] ?? (byField.has(t) ? [t, byField.get(t)!] : undefined);
    if (!m || want === '' || want === undefined) continue;
    const f = x.r.data[m[0]];
    if (!f || f.value === '' || f.value === null || (Array.isArray(f.value) && !f.value.length)) continue;
    rows.push({ set, id, field: `${type}.${m[0]}`, ok: same(m[1], f.value, want), conf: f.confidence_score, got: f.value, how: howFound(f.value, x.trace) });
  }
}

for (const degraded of [false, true]) {
  if (SETS.includes('tuned') && PER_TYPE > 0) {
    for (const f of await cachedCorpus({ seed: 1, perType: PER_TYPE, degraded, pdfs: false })) {
      if (!TYPES.includes(f.type)) continue;
      [currentSet, currentId] = ['tuned', f.id];
      const x = await extract(f.type, f.bytes);
      if (x) score('tuned', f.id, f.type, f.truth, x);
    }
  }
  for (const { name: set, generate } of DEV_SETS) {
    if (!SETS.includes(set)) continue;
    for (const spec of generate({ seed: 1, perLayout: 1, degraded })) {
      if (!TYPES.includes(spec.type)) continue;
      [currentSet, currentId] = [set, spec.id];
      const x = await extract(spec.type, (await spec.render()).bytes);
      if (x) score(set, spec.id, spec.type, spec.truth, x);
    }
  }
}

if (SETS.includes('sroie') && TYPES.includes('INVOICE')) {
  for (const id of sroieTuningIds()) {
    [currentSet, currentId] = ['sroie', id];
    const x = await extract('INVOICE', readFileSync(join(SROIE_DIR, 'img', `${id}.jpg`)));
    const key = JSON.parse(readFileSync(join(SROIE_DIR, 'key', `${id}.json`), 'utf8')) as Record<string, string>;
    if (x) score('sroie', id, 'INVOICE', Object.fromEntries(Object.entries(SROIE_MAP).map(([k, [field]]) => [field, sroieValue(k, String(key[k] ?? ''))])), x);
  }
}

const mean = (xs: number[]) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(3) : '–');
const BINS = [0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.01];
console.log(`uncached pages: ${uncached}`);
console.log(`classification: ${[...classes].map(([k, [r, n]]) => `${k} ${r}/${n}`).join(', ')}`);
for (const m of misclassified) console.log(`CLASS ${m}`);
for (const set of [...SETS, 'all']) {
  const rs = rows.filter((r) => set === 'all' || r.set === set);
  const right = rs.filter((r) => r.ok);
  const wrong = rs.filter((r) => !r.ok);
  const bins = BINS.slice(0, -1).map((lo, i) => {
    const b = rs.filter((r) => r.conf >= lo && r.conf < BINS[i + 1]);
    return `[${lo.toFixed(2)}) ${b.length ? `${b.filter((r) => r.ok).length}/${b.length}` : '–'}`;
  });
  console.log(`${set.padEnd(6)} right ${right.length} mean ${mean(right.map((r) => r.conf))}  wrong ${wrong.length} mean ${mean(wrong.map((r) => r.conf))}  wrong>=0.8: ${wrong.filter((r) => r.conf >= 0.8).length}  right<0.85: ${right.filter((r) => r.conf < 0.85).length}  | ${bins.join('  ')}`);
}
const byHow = new Map<string, Row[]>();
for (const r of rows) byHow.set(r.how.replace(/~$/, ''), [...(byHow.get(r.how.replace(/~$/, '')) ?? []), r]);
for (const [how, rs] of [...byHow].sort()) {
  const wrong = rs.filter((r) => !r.ok);
  console.log(`  by evidence ${how.padEnd(22)} values ${String(rs.length).padStart(4)}  right ${mean(rs.filter((r) => r.ok).map((r) => r.conf))}  wrong ${String(wrong.length).padStart(3)} ${mean(wrong.map((r) => r.conf))}`);
}
for (const r of rows.filter((x) => !x.ok).sort((a, b) => a.set.localeCompare(b.set) || b.conf - a.conf)) {
  console.log(`WRONG ${r.set.padEnd(5)} ${r.conf.toFixed(3)} ${r.how.padEnd(18)} ${r.field.padEnd(32)} ${r.id}  ${JSON.stringify(r.got).slice(0, 90)}`);
}
if (argv.includes('--list')) {
  for (const r of rows.filter((x) => x.ok && x.conf < 0.85)) console.log(`LOW-RIGHT ${r.set} ${r.conf.toFixed(3)} ${r.how.padEnd(18)} ${r.field} ${r.id}`);
}
