/**
 * Confidence of right and wrong values for the commercial types, from the bench's OCR cache
 * (tesseract; run bench/accuracy.ts first): tuned families (clean and degraded), the dev layouts,
 * the second dev set, and the SROIE tuning half. Means, reliability bins, how each value was found
 * (its evidence kind: checksum, structure, pair, line, pattern, heuristic) and the worst cases.
 *
 *   npx tsx bench/confidence-check.ts [--list] [--kinds] [--types A,B]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields, type DocumentType, type ExtractionResult } from '#core/documents/index.ts';
import { fieldTrace, type FieldValue } from '#core/documents/fields/common.ts';
import type { Evidence } from '#core/documents/confidence.ts';
import { cachedCorpus } from '../test/fixtures/documents/generate.ts';
import { generateDevCorpus } from '../test/fixtures/documents/dev/index.ts';
import { generateDev2Corpus } from '../test/fixtures/documents/dev2/index.ts';
import { FIELD_MAP, same, type Cmp } from '../test/fixtures/documents/score.ts';
import { cachedBlocks } from './sroie-lines.ts';

const argv = process.argv.slice(2);
const TYPES = argv.includes('--types') ? argv[argv.indexOf('--types') + 1].split(',') : ['INVOICE', 'DELIVERY_ORDER', 'PURCHASE_ORDER', 'IMEI_CLOSEUP_IMAGE'];
const SROIE = '/work/shared/datasets/sroie2019-zzzdavid';
type Row = { set: string; id: string; field: string; ok: boolean; conf: number; got: unknown; kind: string };
const kinds = new WeakMap<ExtractionResult, Map<string, string>>();
const rows: Row[] = [];

/** Extraction with the evidence trace on: each field's evidence kind, matched by value (the last value found alike). */
function traced(type: string, model: DocumentModel): ExtractionResult {
  const log: { value: FieldValue; evidence: Evidence }[] = [];
  fieldTrace.on = (value, evidence) => log.push({ value, evidence });
  let r: ExtractionResult;
  try {
    r = extractFields(type as DocumentType, model, { fullAadhaar: true });
  } finally {
    fieldTrace.on = undefined;
  }
  const m = new Map<string, string>();
  for (const [name, f] of Object.entries(r.data)) {
    const e = [...log].reverse().find((x) => JSON.stringify(x.value) === JSON.stringify(f.value))?.evidence;
    m.set(name, !e ? 'derived' : e.kind === 'labelled' ? (e.via === 'pair' ? 'pair' : 'line') : e.kind === 'heuristic' && e.agreed ? 'heuristic-agreed' : e.kind);
  }
  kinds.set(r, m);
  return r;
}

function extract(type: string, bytes: Buffer): ExtractionResult | undefined {
  const blocks = cachedBlocks('tesseract', bytes);
  if (!blocks) return undefined;
  let r = traced(type, new DocumentModel(blocks));
  if (type === 'IMEI_CLOSEUP_IMAGE') {
    const sparse = cachedBlocks('tesseract', bytes, 'sparse');
    if (sparse) {
      const s = traced(type, new DocumentModel(sparse));
      const n = (x: ExtractionResult) => (Array.isArray(x.data.imei_number?.value) ? x.data.imei_number.value.length : 0);
      const sc = (x: ExtractionResult) => Object.values(x.data).reduce((a, f) => a + f.confidence_score, 0);
      if (n(s) > n(r) || (n(s) === n(r) && sc(s) > sc(r))) r = s;
    }
  }
  return r;
}

function score(set: string, id: string, type: string, truth: Record<string, unknown>, r: ExtractionResult): void {
  const map = FIELD_MAP[type as keyof typeof FIELD_MAP];
  const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
  for (const [t, want] of Object.entries(truth)) {
    const m: [string, Cmp] | undefined = map[t] ?? (byField.has(t) ? [t, byField.get(t)!] : undefined);
    if (!m || want === '' || want === undefined) continue;
    const f = r.data[m[0]];
    if (!f || f.value === '' || f.value === null || (Array.isArray(f.value) && !f.value.length)) continue; // missing: no confidence to judge
    rows.push({ set, id, field: `${type}.${m[0]}`, ok: same(m[1], f.value, want), conf: f.confidence_score, got: f.value, kind: kinds.get(r)?.get(m[0]) ?? '?' });
  }
}

for (const degraded of [false, true]) {
  for (const f of await cachedCorpus({ seed: 1, perType: 5, degraded, pdfs: false })) {
    if (!TYPES.includes(f.type)) continue;
    const r = extract(f.type, f.bytes);
    if (r) score('tuned', f.id, f.type, f.truth, r);
  }
  for (const spec of generateDevCorpus({ seed: 1, perLayout: 1, degraded })) {
    if (!TYPES.includes(spec.type)) continue;
    const r = extract(spec.type, (await spec.render()).bytes);
    if (r) score('dev', spec.id, spec.type, spec.truth, r);
  }
  for (const spec of generateDev2Corpus({ seed: 1, perLayout: 1, degraded })) {
    if (!TYPES.includes(spec.type)) continue;
    const r = extract(spec.type, (await spec.render()).bytes);
    if (r) score('dev2', spec.id, spec.type, spec.truth, r);
  }
}
const nd = (s: string) => {
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(s.trim());
  if (m) return `${m[1].padStart(2, '0')}/${m[2].padStart(2, '0')}/${m[3].length === 2 ? '20' + m[3] : m[3]}`;
  m = /^(\d{1,2})\s*([A-Za-z]{3})[A-Za-z]*\s*(\d{2}|\d{4})$/.exec(s.trim());
  const MON = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  if (m && MON.includes(m[2].toLowerCase())) return `${m[1].padStart(2, '0')}/${String(MON.indexOf(m[2].toLowerCase()) + 1).padStart(2, '0')}/${m[3].length === 2 ? '20' + m[3] : m[3]}`;
  return undefined;
};
for (let i = 0; TYPES.includes('INVOICE') && !argv.includes('--no-sroie') && i <= 624; i += 16) {
  const id = String(i).padStart(3, '0');
  const r = extract('INVOICE', readFileSync(join(SROIE, 'img', `${id}.jpg`)));
  if (!r) continue;
  const key = JSON.parse(readFileSync(join(SROIE, 'key', `${id}.json`), 'utf8')) as Record<string, string>;
  score('sroie', id, 'INVOICE', { dealership_name: key.company, dealer_address: key.address, invoice_date: nd(key.date ?? ''), total_invoice_amount: Number(String(key.total).replace(/^(?:RM|\$)\s*/i, '').replace(/,/g, '')) }, r);
}
const mean = (xs: number[]) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : '–');
const BINS = [0, 0.3, 0.5, 0.7, 0.85, 0.95, 1.01];
for (const set of ['tuned', 'dev', 'dev2', 'sroie', 'all']) {
  const rs = rows.filter((r) => set === 'all' || r.set === set);
  const right = rs.filter((r) => r.ok);
  const wrong = rs.filter((r) => !r.ok);
  console.log(`${set.padEnd(6)} right ${right.length} mean ${mean(right.map((r) => r.conf))}  wrong ${wrong.length} mean ${mean(wrong.map((r) => r.conf))}  wrong>=0.8: ${wrong.filter((r) => r.conf >= 0.8).length}`);
  if (!argv.includes('--bins')) continue;
  const bins = BINS.slice(0, -1).map((lo, i) => {
    const b = rs.filter((r) => r.conf >= lo && r.conf < BINS[i + 1]);
    return `[${lo.toFixed(2)},${Math.min(1, BINS[i + 1]).toFixed(2)}) ${b.length ? `${b.filter((r) => r.ok).length}/${b.length}` : '-'}`;
  });
  console.log(`       bins ${bins.join('  ')}`);
}
if (argv.includes('--kinds')) {
  for (const set of ['tuned', 'dev', 'dev2', 'sroie']) {
    for (const kind of [...new Set(rows.map((r) => r.kind))].sort()) {
      const rs = rows.filter((r) => r.set === set && r.kind === kind);
      if (!rs.length) continue;
      const right = rs.filter((r) => r.ok);
      const wrong = rs.filter((r) => !r.ok);
      console.log(`KIND ${set.padEnd(6)} ${kind.padEnd(17)} right ${String(right.length).padStart(3)} ${mean(right.map((r) => r.conf))}  wrong ${String(wrong.length).padStart(3)} ${mean(wrong.map((r) => r.conf))}`);
    }
  }
}
if (process.argv.includes('--list')) {
  const byField = new Map<string, Row[]>();
  for (const r of rows) byField.set(`${r.set} ${r.field}`, [...(byField.get(`${r.set} ${r.field}`) ?? []), r]);
  for (const [k, rs] of [...byField].sort()) {
    const right = rs.filter((r) => r.ok);
    const wrong = rs.filter((r) => !r.ok);
    console.log(`${k.padEnd(50)} right ${String(right.length).padStart(3)} ${mean(right.map((r) => r.conf))}  wrong ${String(wrong.length).padStart(3)} ${mean(wrong.map((r) => r.conf))}`);
  }
  if (argv.includes('--low-right')) for (const r of rows.filter((x) => x.ok && x.conf < 0.7 && (x.set !== 'sroie' || argv.includes('--sroie-too')))) console.log(`LOW-RIGHT ${r.set} ${r.id} ${r.field} ${r.kind} ${r.conf} ${JSON.stringify(r.got)}`);
for (const r of rows.filter((x) => !x.ok && (x.conf >= 0.6 || argv.includes('--all-wrong')))) console.log(`WRONG ${r.set} ${r.id} ${r.field} ${r.kind} ${r.conf} ${JSON.stringify(r.got)}`);
}
