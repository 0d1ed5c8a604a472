/**
 * Prints the OCR lines of SROIE tuning-half receipts as the bench's OCR cache holds them (run the
 * bench once first), with the INVOICE fields extracted from them: for reading misses.
 *
 *   npx tsx bench/tuning/sroie-lines.ts 016,096 [--engine tesseract|paddle] [--sroie DIR]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentModel, extractFields, classify } from '#core/documents/index.ts';
import { cachedBlocks } from '../ocrCache.ts';
import { SROIE_DIR, sroieHeldOut } from '../sroie.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const DIR = arg('--sroie', SROIE_DIR);
const ENGINE = arg('--engine', 'tesseract');

{
  for (const id of argv[0].split(',')) {
    if (sroieHeldOut(id)) throw new Error(`${id} is in the held-out half`);
    const blocks = cachedBlocks(ENGINE, readFileSync(join(DIR, 'img', `${id}.jpg`)));
    if (!blocks) {
      console.log(`${id}: not in the cache`);
      continue;
    }
    const model = new DocumentModel(blocks);
    console.log(`== ${id} (${classify(model).type}) key ${readFileSync(join(DIR, 'key', `${id}.json`), 'utf8').replace(/\s+/g, ' ')}`);
    for (const l of model.lines) console.log(`${String(l.index).padStart(3)} ${l.box.Left.toFixed(2)} ${l.box.Top.toFixed(3)} ${l.box.Width.toFixed(2)} c${Math.round(l.confidence)} | ${l.text}`);
    const d = extractFields('INVOICE', model).data;
    for (const k of ['dealership_name', 'dealer_address', 'invoice_date', 'total_invoice_amount']) console.log(`  -> ${k}: ${JSON.stringify(d[k].value)} (${d[k].confidence_score})`);
  }
}
