import sharp from 'sharp';
/**
 * Experiment: the second reading of SROIE tuning-half receipts, from the bench's OCR cache (run
 * bench/accuracy.ts with --engines tesseract and --engines paddle first; the tesseract run's
 * default --psm auto,block caches the PSM 6 reading). Per field: tesseract alone, paddle alone,
 * the fused reading (paddle's characters, tesseract PSM 6's word boundaries), the service's merge
 * (`merged`: the fused reading where needsSecondReading says so), and how often the first and the
 * fused readings agree and are right when they agree.
 *
 *   npx tsx bench/tuning/second-reading.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields } from '#core/documents/index.ts';
import { mergeReadings, needsSecondReading, sameReading } from '#core/documents/secondReading.ts';
import { fuseReadings } from '#core/documents/fuseReadings.ts';
import { same } from '../test/fixtures/documents/score.ts';
import { SROIE_DIR as DIR, SROIE_MAP as MAP, sroieTuningIds, sroieValue } from '../bench/sroie.ts';
import { cachedBlocks } from '../bench/ocrCache.ts';

const t: Record<string, Record<string, number>> = {};
const conf: Record<string, { right: number[]; wrong: number[] }> = { tess: { right: [], wrong: [] }, merged: { right: [], wrong: [] } };
for (const id of sroieTuningIds(DIR)) {
  const img = readFileSync(join(DIR, 'img', `${id}.jpg`));
  const tb = cachedBlocks('tesseract', img);
  const pb = cachedBlocks('paddle', img);
  const bb = cachedBlocks('tesseract', img, 'block');
  if (!tb || !pb || !bb) continue;
  const a = extractFields('INVOICE', new DocumentModel(tb));
  const p = extractFields('INVOICE', new DocumentModel(pb));
  const b = extractFields('INVOICE', new DocumentModel(fuseReadings(pb, bb)));
  const meta = await sharp(img).metadata(); const narrow = meta.width! / meta.height! < 0.65; const m = (narrow || needsSecondReading('INVOICE', a)) ? mergeReadings(a, b) : a;
  const key = JSON.parse(readFileSync(join(DIR, 'key', `${id}.json`), 'utf8')) as Record<string, string>;
  for (const [k, [f, cmp]] of Object.entries(MAP)) {
    const raw = String(key[k] ?? '').trim();
    const want = sroieValue(k, raw);
    const row = (t[k] ??= { tess: 0, paddle: 0, fused: 0, merged: 0, agree: 0, agreeRight: 0, returned: 0 });
    const ok = (v: unknown) => same(cmp, v, want);
    row.tess += +ok(a.data[f].value);
    row.paddle += +ok(p.data[f].value);
    row.fused += +ok(b.data[f].value);
    row.merged += +ok(m.data[f].value);
    if (m.data[f].value !== '' && m.data[f].value !== null) row.returned++;
    if (sameReading(a.data[f].value, b.data[f].value)) {
      row.agree++;
      row.agreeRight += +ok(a.data[f].value);
    }
    for (const [name, r] of [['tess', a], ['merged', m]] as const) if (r.data[f].value !== '' && r.data[f].value !== null) conf[name][ok(r.data[f].value) ? 'right' : 'wrong'].push(r.data[f].confidence_score);
  }
}
console.table(t);
const mean = (xs: number[]) => (xs.reduce((x, y) => x + y, 0) / Math.max(1, xs.length)).toFixed(2);
for (const [n, c] of Object.entries(conf)) console.log(`${n}: right ${c.right.length} mean ${mean(c.right)}, wrong ${c.wrong.length} mean ${mean(c.wrong)}`);
for (const [name, col] of [['tesseract', 'tess'], ['merged', 'merged']] as const) {
  let tp = 0;
  let keys = 0;
  const parts: string[] = [];
  for (const [k, row] of Object.entries(t)) {
    const ret = name === 'merged' ? row.returned : NaN;
    keys += 40;
    tp += row[col];
    if (name === 'merged') parts.push(`${k} F1 ${((2 * row[col]) / (ret + 40)).toFixed(2)}`);
  }
  if (name === 'merged') console.log(`merged per field: ${parts.join(', ')}; all ${((2 * tp) / (Object.values(t).reduce((a, r) => a + r.returned, 0) + keys)).toFixed(2)}`);
}
