import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields } from '#core/documents/index.ts';
import { needsSecondReading } from '#core/documents/secondReading.ts';
import { receiptShape } from '#core/documents/types/invoice.ts';
import { cachedCorpus } from '../test/fixtures/documents/generate.ts';
import { DEV_SETS } from '../bench/tuning/devSets.ts';
import { cachedBlocks } from '../bench/ocrCache.ts';
import { SROIE_DIR, sroieTuningIds } from '../bench/sroie.ts';
async function row(set: string, id: string, bytes: Buffer) {
  const b = cachedBlocks('tesseract', bytes); if (!b) return;
  const m = new DocumentModel(b);
  const meta = await sharp(bytes).metadata();
  const r = extractFields('INVOICE', m);
  const cw = b.filter((x) => x.BlockType === 'WORD' && x.Text && x.Text.length >= 3 && x.Geometry).map((x) => x.Geometry!.BoundingBox.Width / x.Text!.length).sort((p, q) => p - q);
  const med = cw[Math.floor(cw.length / 2)] ?? 0;
  console.log(`${set.padEnd(6)} ${id.slice(0, 60).padEnd(60)} receipt=${+receiptShape(m.text)} weak=${+needsSecondReading('INVOICE', r)} aspect=${(meta.width! / meta.height!).toFixed(2)} perline=${(1 / med).toFixed(0)}`);
}
for (const degraded of [false, true]) {
  for (const f of await cachedCorpus({ seed: 1, perType: 5, degraded, pdfs: false })) if (f.type === 'INVOICE') await row('tuned', f.id, f.bytes);
  for (const set of DEV_SETS) for (const s of set.generate({ seed: 1, perLayout: 1, degraded })) if (s.type === 'INVOICE') await row(set.name, s.id, (await s.render()).bytes);
}
for (const id of sroieTuningIds()) await row('sroie', id, readFileSync(join(SROIE_DIR, 'img', `${id}.jpg`)));
