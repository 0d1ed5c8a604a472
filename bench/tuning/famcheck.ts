import { DocumentModel, classify, extractFields, type DocumentType } from '#core/documents/index.ts';
import { familiesOf } from '../../test/fixtures/documents/generate.ts';
import { pageBlocks } from '../../test/fixtures/documents/pageBlocks.ts';
import { createRng, subSeed } from '../../test/fixtures/documents/random.ts';
import { FIELD_MAP, same } from '../../test/fixtures/documents/score.ts';
const types = (process.argv[2] ?? 'INVOICE,DELIVERY_ORDER,PURCHASE_ORDER,IMEI_CLOSEUP_IMAGE').split(',');
const N = Number(process.argv[3] ?? 4);
let tot = 0, ok = 0;
for (const type of types) for (const [family, make] of familiesOf(type as any)) for (let k = 0; k < N; k++) {
  const layout = make(createRng(subSeed(9, type, family, k)), {});
  const model = new DocumentModel(layout.pages.flatMap((p, i) => pageBlocks(p, i + 1)));
  const c = classify(model).type;
  if (c !== type) console.log(`CLASS ${type} ${family} #${k}: ${c}`);
  const data = extractFields(type as DocumentType, model, { fullAadhaar: true }).data;
  for (const [t, [f, cmp]] of Object.entries(FIELD_MAP[type as keyof typeof FIELD_MAP])) {
    if (layout.truth[t] === undefined) continue;
    tot++;
    if (same(cmp, data[f]?.value, layout.truth[t])) ok++;
    else console.log(`MISS ${type} ${family} #${k} ${f}: ${JSON.stringify(data[f]?.value)} (${data[f]?.confidence_score}) want ${JSON.stringify(layout.truth[t])}`);
  }
}
console.log(`${ok}/${tot}`);
