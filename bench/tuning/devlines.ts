/** Prints the drawn lines of a dev, dev2 or dev4 layout (family, index) with positions: `npx tsx bench/tuning/devlines.ts <family> [i]`. */
import { DocumentModel } from '#core/documents/index.ts';
import { FAMILIES as DEV_FAMILIES, devLayout } from '../../test/fixtures/documents/dev/index.ts';
import { FAMILIES as DEV2_FAMILIES, dev2Layout } from '../../test/fixtures/documents/dev2/index.ts';
import { dev4Layout } from '../../test/fixtures/documents/dev4/index.ts';
import { pageBlocks } from '../../test/fixtures/documents/pageBlocks.ts';

const isDev = Object.values(DEV_FAMILIES).some((fs) => process.argv[2] in fs);
const isDev2 = Object.values(DEV2_FAMILIES).some((fs) => process.argv[2] in fs);
const layout = (isDev ? devLayout : isDev2 ? dev2Layout : dev4Layout)(1, process.argv[2], Number(process.argv[3] ?? 0));
const model = new DocumentModel(layout.pages.flatMap((p, k) => pageBlocks(p, k + 1)));
for (const l of model.lines) console.log(`${String(l.index).padStart(3)} ${l.box.Left.toFixed(3)} ${l.box.Top.toFixed(3)} ${(l.box.Left + l.box.Width).toFixed(3)} | ${l.text}`);
console.log(JSON.stringify(layout.truth));
if (process.argv.includes('--pairs')) for (const p of model.layout.pairs) console.log(`PAIR [${p.via}] ${p.key} => ${p.value}`);
