/** Prints the drawn lines of a dev set's layout (family, index) with positions: `npx tsx bench/tuning/devlines.ts <family> [i]`. */
import { DocumentModel } from '#core/documents/index.ts';
import { pageBlocks } from '../../test/fixtures/documents/pageBlocks.ts';
import { devSetOf } from './devSets.ts';

const layout = devSetOf(process.argv[2]).layout(1, process.argv[2], Number(process.argv[3] ?? 0));
const model = new DocumentModel(layout.pages.flatMap((p, k) => pageBlocks(p, k + 1)));
for (const l of model.lines) console.log(`${String(l.index).padStart(3)} ${l.box.Left.toFixed(3)} ${l.box.Top.toFixed(3)} ${(l.box.Left + l.box.Width).toFixed(3)} | ${l.text}`);
console.log(JSON.stringify(layout.truth));
if (process.argv.includes('--pairs')) for (const p of model.layout.pairs) console.log(`PAIR [${p.via}] ${p.key} => ${p.value}`);
