/**
 * The dev layouts (test/fixtures/documents/dev: written apart from the extractor, used for
 * tuning) read without OCR: each page's drawn text as LINE/WORD blocks, classified and
 * extracted, misses printed. The OCR'd measurement is bench/accuracy.ts (its dev section).
 *
 *   npx tsx bench/tuning/devcheck.ts [TYPE,TYPE] [N per family] [--dev2|...|--dev33]   (another dev set than the first)
 */
import { DocumentModel, classify, extractFields, type DocumentType } from '#core/documents/index.ts';
import { pageBlocks } from '../../test/fixtures/documents/pageBlocks.ts';
import { FIELD_MAP, same, type Cmp } from '../../test/fixtures/documents/score.ts';
import { DEV_SETS } from './devSets.ts';

const set = DEV_SETS.find((s) => process.argv.includes(`--${s.name}`)) ?? DEV_SETS[0];
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const types = (args[0] ?? 'INVOICE,DELIVERY_ORDER,PURCHASE_ORDER,IMEI_CLOSEUP_IMAGE').split(',');
const N = Number(args[1] ?? 3);
let tot = 0;
let ok = 0;
for (const type of types) {
  const map = FIELD_MAP[type as keyof typeof FIELD_MAP];
  const byField = new Map(Object.values(map).map(([f, c]) => [f, c] as const));
  for (const family of Object.keys(set.families[type] ?? {})) {
    for (let i = 0; i < N; i++) {
      const layout = set.layout(1, family, i);
      const model = new DocumentModel(layout.pages.flatMap((p, k) => pageBlocks(p, k + 1)));
      const c = classify(model).type;
      if (c !== type) console.log(`CLASS ${family} #${i}: ${c}`);
      const data = extractFields(type as DocumentType, model, { fullAadhaar: true }).data;
      for (const [t, want] of Object.entries(layout.truth)) {
        const m: [string, Cmp] | undefined = map[t] ?? (byField.has(t) ? [t, byField.get(t)!] : undefined);
        if (!m || want === '' || want === undefined) continue;
        tot++;
        if (same(m[1], data[m[0]]?.value, want)) ok++;
        else console.log(`MISS ${family} #${i} ${m[0]}: ${JSON.stringify(data[m[0]]?.value)} (${data[m[0]]?.confidence_score}) want ${JSON.stringify(want)}`);
      }
    }
  }
}
console.log(`${ok}/${tot}`);
