import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields } from '#core/documents/index.ts';
import { mergeReadings, needsSecondReading } from '#core/documents/secondReading.ts';
import { fuseReadings } from '#core/documents/fuseReadings.ts';
import { same } from '../test/fixtures/documents/score.ts';
import { SROIE_DIR as DIR, SROIE_MAP as MAP, sroieTuningIds, sroieValue } from '../bench/sroie.ts';
import { cachedBlocks } from '../bench/ocrCache.ts';
import { transcriptBlocks } from '../bench/tuning/sroie-text.ts';
const only = process.argv[2] ?? 'address';
for (const id of sroieTuningIds(DIR)) {
  const img = readFileSync(join(DIR, 'img', `${id}.jpg`));
  const tb = cachedBlocks('tesseract', img); const pb = cachedBlocks('paddle', img); const bb = cachedBlocks('tesseract', img, 'block');
  if (!tb || !pb || !bb) continue;
  const a = extractFields('INVOICE', new DocumentModel(tb));
  const b = extractFields('INVOICE', new DocumentModel(fuseReadings(pb, bb)));
  const m = needsSecondReading('INVOICE', a, new DocumentModel(tb)) ? mergeReadings(a, b) : a;
  const tr = extractFields('INVOICE', new DocumentModel(transcriptBlocks(readFileSync(join(DIR, 'box', `${id}.csv`), 'utf8'))));
  const key = JSON.parse(readFileSync(join(DIR, 'key', `${id}.json`), 'utf8'));
  const [f, cmp] = MAP[only];
  const want = sroieValue(only, String(key[only] ?? ''));
  const v = m.data[f].value;
  if (!same(cmp, v, want)) console.log(`${id} ${same(cmp, tr.data[f].value, want) ? 'TR-OK ' : 'TR-BAD'} conf ${m.data[f].confidence_score}\n  got  ${JSON.stringify(v)}\n  want ${JSON.stringify(want)}\n  tess ${JSON.stringify(a.data[f].value)}\n  fuse ${JSON.stringify(b.data[f].value)}`);
}
