import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields } from '#core/documents/index.ts';
import { fuseReadings } from '#core/documents/fuseReadings.ts';
import { SROIE_DIR as DIR } from '../bench/sroie.ts';
import { cachedBlocks } from '../bench/ocrCache.ts';
for (const id of process.argv[2].split(',')) {
  const img = readFileSync(join(DIR, 'img', `${id}.jpg`));
  const m = new DocumentModel(fuseReadings(cachedBlocks('paddle', img)!, cachedBlocks('tesseract', img, 'block')!));
  console.log(`== ${id}`);
  m.lines.slice(0, 14).forEach((l, i) => console.log(`${String(i).padStart(3)} ${l.box.Left.toFixed(2)} ${l.box.Top.toFixed(3)} w${l.box.Width.toFixed(2)} c${Math.round(l.confidence)} | ${l.text}`));
  const d = extractFields('INVOICE', m).data;
  console.log(' ->', d.dealership_name.value, '|', d.dealer_address.value);
}
