/**
 * Classification and fields of every type from the bench's OCR cache (tesseract; run bench/accuracy.ts
 * first): the tuned families (5 per type, clean and degraded), the dev sets (dev to dev33), per
 * set and type, without reading any image again. For checking a shared-module change on all 12 types in
 * seconds; documents not in the cache are counted apart. Never reads the blind sets.
 *
 *   npx tsx bench/tuning/cache-check.ts [--types A,B] [--misses]
 */
import { DocumentModel, classify, extractFields, type DocumentType, type ExtractionResult } from '#core/documents/index.ts';
import { cachedCorpus } from '../../test/fixtures/documents/generate.ts';
import { DEV_SETS } from './devSets.ts';
import { FIELD_MAP, same, type Cmp } from '../../test/fixtures/documents/score.ts';
import { cachedBlocks, cachedFirstReading } from '../ocrCache.ts';

const argv = process.argv.slice(2);
const ALL = ['INVOICE', 'DELIVERY_ORDER', 'PURCHASE_ORDER', 'IMEI_CLOSEUP_IMAGE', 'PAN', 'AADHAAR', 'GST_CERT', 'UDYAM_CERT', 'FSSAI_CERTIFICATE', 'SHOP_ACT_LICENSE', 'BANK_STATEMENT', 'EBILL'];
const TYPES = argv.includes('--types') ? argv[argv.indexOf('--types') + 1].split(',') : ALL;
type Tally = { docs: number; cls: number; fields: number; ok: number; uncached: number };
const tally = new Map<string, Tally>();
const get = (k: string) => tally.get(k) ?? (tally.set(k, { docs: 0, cls: 0, fields: 0, ok: 0, uncached: 0 }), tally.get(k)!);

async function extract(type: string, bytes: Buffer): Promise<{ r: ExtractionResult; cls: string } | undefined> {
  const blocks = await cachedFirstReading('tesseract', bytes);
  if (!blocks) return undefined;
  const model = new DocumentModel(blocks);
  const cls = classify(model).type;
  let r = extractFields(type as DocumentType, model, { fullAadhaar: true });
  if (type === 'IMEI_CLOSEUP_IMAGE') {
    const sparse = cachedBlocks('tesseract', bytes, 'sparse');
    if (sparse) {
      const s = extractFields(type, new DocumentModel(sparse));
      const n = (x: ExtractionResult) => (Array.isArray(x.data.imei_number?.value) ? x.data.imei_number.value.length : 0);
      const sc = (x: ExtractionResult) => Object.values(x.data).reduce((a, f) => a + f.confidence_score, 0);
      if (n(s) > n(r) || (n(s) === n(r) && sc(s) > sc(r))) r = s;
    }
  }
  return { r, cls };
}

async function score(set: string, id: string, type: string, truth: Record<string, unknown>, bytes: Buffer): Promise<void> {
  const t = get(`${set} ${type}`);
  const x = await extract(type, bytes);
  if (!x) {
    t.uncached++;
    return;
  }
  t.docs++;
  if (x.cls === type) t.cls++;
  else if (argv.includes('--misses')) console.log(`CLASS ${set} ${id} -> ${x.cls}`);
  const map = FIELD_MAP[type as keyof typeof FIELD_MAP];
  const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
  for (const [k, want] of Object.entries(truth)) {
    const m: [string, Cmp] | undefined = map[k] ?? (byField.has(k) ? [k, byField.get(k)!] : undefined);
    if (!m || want === '' || want === undefined) continue;
    t.fields++;
    const f = x.r.data[m[0]];
    if (same(m[1], f?.value, want)) t.ok++;
    else if (argv.includes('--misses')) console.log(`MISS ${set} ${id} ${m[0]}: ${JSON.stringify(f?.value)} (${f?.confidence_score}) want ${JSON.stringify(want)}`);
  }
}

for (const degraded of [false, true]) {
  for (const f of await cachedCorpus({ seed: 1, perType: 5, degraded, pdfs: false })) if (TYPES.includes(f.type)) await score('tuned', f.id, f.type, f.truth, f.bytes);
  for (const set of DEV_SETS) {
    for (const s of set.generate({ seed: 1, perLayout: 1, degraded })) if (TYPES.includes(s.type)) await score(set.name, s.id, s.type, s.truth, (await s.render()).bytes);
  }
}
const pct = (a: number, b: number) => (b ? `${a}/${b}` : '-');
for (const set of ['tuned', ...DEV_SETS.map((s) => s.name)]) {
  let sum: Tally = { docs: 0, cls: 0, fields: 0, ok: 0, uncached: 0 };
  for (const type of TYPES) {
    const t = tally.get(`${set} ${type}`);
    if (!t) continue;
    sum = { docs: sum.docs + t.docs, cls: sum.cls + t.cls, fields: sum.fields + t.fields, ok: sum.ok + t.ok, uncached: sum.uncached + t.uncached };
    console.log(`${set.padEnd(6)} ${type.padEnd(18)} class ${pct(t.cls, t.docs).padStart(6)}  fields ${pct(t.ok, t.fields).padStart(8)}${t.uncached ? `  (${t.uncached} not in the cache)` : ''}`);
  }
  console.log(`${set.padEnd(6)} ${'ALL'.padEnd(18)} class ${pct(sum.cls, sum.docs).padStart(6)}  fields ${pct(sum.ok, sum.fields).padStart(8)}${sum.uncached ? `  (${sum.uncached} not in the cache)` : ''}`);
}
