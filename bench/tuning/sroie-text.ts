/**
 * SROIE receipts read from their ground-truth transcripts (box/NNN.csv) instead of OCR: the
 * same classify -> extractFields path as bench/accuracy.ts, so a miss here is an extraction
 * error, not an OCR one. Only the tuning half (file number % 16 != 8) is read; the held-out
 * half is never opened.
 *
 *   npx tsx bench/tuning/sroie-text.ts [--sroie DIR] [--misses] [--ids 000,016]
 *
 * Transcript boxes are line segments ("TOTAL:" and "9.00" apart); segments sharing a row are
 * joined into one LINE with their words, as tesseract gives them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, classify, extractFields, type Block } from '#core/documents/index.ts';
import { same } from '../../test/fixtures/documents/score.ts';
import { SROIE_DIR, SROIE_MAP, sroieHeldOut, sroieValue } from '../sroie.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const DIR = arg('--sroie', SROIE_DIR);
const IDS = argv.includes('--ids') ? arg('--ids', '').split(',') : undefined;


/** Blocks from a transcript file: segments joined into rows, words by character proportion. */
export function transcriptBlocks(csv: string): Block[] {
  const segs = csv
    .split(/\r?\n/)
    .filter((l) => l.trim())
    .map((l) => {
      const parts = l.split(',');
      const n = parts.slice(0, 8).map(Number);
      const xs = [n[0], n[2], n[4], n[6]];
      const ys = [n[1], n[3], n[5], n[7]];
      return { text: parts.slice(8).join(',').trim(), l: Math.min(...xs), r: Math.max(...xs), t: Math.min(...ys), b: Math.max(...ys) };
    })
    .filter((s) => s.text && s.r > s.l && s.b > s.t);
  const W = Math.max(...segs.map((s) => s.r)) * 1.05;
  const H = Math.max(...segs.map((s) => s.b)) * 1.02;
  segs.sort((a, b) => a.t - b.t);
  const rows: (typeof segs)[] = [];
  for (const s of segs) {
    const row = rows[rows.length - 1];
    const c = (s.t + s.b) / 2;
    if (row && c >= row[0].t && c <= row[0].b) row.push(s);
    else rows.push([s]);
  }
  const blocks: Block[] = [{ BlockType: 'PAGE', Id: 'p', Page: 1, Relationships: [{ Type: 'CHILD', Ids: [] }] }];
  rows.forEach((row, ri) => {
    row.sort((a, b) => a.l - b.l);
    const ids: string[] = [];
    let wi = 0;
    for (const s of row) {
      const cw = (s.r - s.l) / Math.max(1, s.text.length);
      for (const m of s.text.matchAll(/\S+/g)) {
        const id = `r${ri}w${wi++}`;
        ids.push(id);
        blocks.push({ BlockType: 'WORD', Id: id, Text: m[0], Confidence: 95, Page: 1, Geometry: { BoundingBox: { Left: (s.l + m.index * cw) / W, Top: s.t / H, Width: (m[0].length * cw) / W, Height: (s.b - s.t) / H } } });
      }
    }
    const l = Math.min(...row.map((s) => s.l));
    const t = Math.min(...row.map((s) => s.t));
    const r = Math.max(...row.map((s) => s.r));
    const b = Math.max(...row.map((s) => s.b));
    blocks.push({ BlockType: 'LINE', Id: `r${ri}`, Text: row.map((s) => s.text).join(' '), Confidence: 95, Page: 1, Geometry: { BoundingBox: { Left: l / W, Top: t / H, Width: (r - l) / W, Height: (b - t) / H } }, Relationships: [{ Type: 'CHILD', Ids: ids }] });
    blocks[0].Relationships![0].Ids.push(`r${ri}`);
  });
  return blocks;
}

const ids = (IDS ?? readdirSync(join(DIR, 'key')).map((f) => f.replace('.json', ''))).filter((id) => !sroieHeldOut(id)).sort();
const tally: Record<string, { keys: number; returned: number; right: number; confRight: number[]; confWrong: number[] }> = {};
let asInvoice = 0;
for (const id of ids) {
  const key = JSON.parse(readFileSync(join(DIR, 'key', `${id}.json`), 'utf8')) as Record<string, string>;
  const model = new DocumentModel(transcriptBlocks(readFileSync(join(DIR, 'box', `${id}.csv`), 'utf8')));
  const c = classify(model);
  if (c.type === 'INVOICE') asInvoice++;
  else if (argv.includes('--misses')) console.log(`CLASS ${id}: ${c.type} ${JSON.stringify(c.scores)}`);
  const data = extractFields('INVOICE', model).data;
  for (const [k, [field, cmp]] of Object.entries(SROIE_MAP)) {
    const raw = String(key[k] ?? '').trim();
    if (!raw) continue;
    const want = sroieValue(k, raw);
    if (want === undefined) continue;
    const t = (tally[k] ??= { keys: 0, returned: 0, right: 0, confRight: [], confWrong: [] });
    t.keys++;
    const got = data[field]?.value;
    const conf = data[field]?.confidence_score ?? 0;
    if (got !== '' && got !== null && got !== undefined) t.returned++;
    if (same(cmp, got, want)) {
      t.right++;
      t.confRight.push(conf);
    } else {
      if (got !== '' && got !== null) t.confWrong.push(conf);
      if (argv.includes('--misses')) console.log(`MISS ${id} ${k}: got ${JSON.stringify(got)} (${conf}) want ${JSON.stringify(want)}`);
    }
  }
}
const mean = (xs: number[]) => (xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : '-');
let tp = 0;
let ret = 0;
let keys = 0;
console.log(`\n${ids.length} receipts (tuning half, transcripts), classified INVOICE ${asInvoice}/${ids.length}`);
for (const [k, t] of Object.entries(tally)) {
  const p = t.returned ? t.right / t.returned : 0;
  const r = t.right / t.keys;
  tp += t.right;
  ret += t.returned;
  keys += t.keys;
  console.log(`${k.padEnd(8)} right ${t.right}/${t.keys}  P ${p.toFixed(2)} R ${r.toFixed(2)} F1 ${(p + r ? (2 * p * r) / (p + r) : 0).toFixed(2)}  conf right ${mean(t.confRight)} wrong ${mean(t.confWrong)}`);
}
const P = tp / ret;
const R = tp / keys;
console.log(`overall F1 ${((2 * P * R) / (P + R)).toFixed(2)}`);
