/**
 * Classification without the heading: every page of the named types (tuned families clean and
 * degraded, dev, dev2; from the bench's OCR cache, tesseract) classified as read and again with its
 * top lines removed (title, letterhead, form name), so a type must be recognised from the words such
 * documents always carry. Never reads the blind sets.
 *
 *   npx tsx bench/tuning/classify-robust.ts [--types T1,T2] [--drop 3]
 */
import { DocumentModel, classify, type Block } from '#core/documents/index.ts';
import { cachedCorpus } from '../../test/fixtures/documents/generate.ts';
import { cachedFirstReading } from '../ocrCache.ts';
import { DEV_SETS } from './devSets.ts';

const argv = process.argv.slice(2);
const arg = (flag: string, dflt: string) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : dflt);
const TYPES = arg('--types', 'GST_CERT,FSSAI_CERTIFICATE,SHOP_ACT_LICENSE,UDYAM_CERT,EBILL,BANK_STATEMENT,AADHAAR,PAN').split(',');
const DROP = Number(arg('--drop', '3'));

/** The page's blocks without its `n` topmost lines (and their words). */
function withoutTop(blocks: Block[], n: number): Block[] {
  const lines = blocks.filter((b) => b.BlockType === 'LINE').sort((a, b) => (a.Geometry?.BoundingBox.Top ?? 0) - (b.Geometry?.BoundingBox.Top ?? 0));
  const drop = new Set(lines.slice(0, n).flatMap((l) => [l.Id, ...(l.Relationships?.flatMap((r) => r.Ids) ?? [])]));
  return blocks.filter((b) => !drop.has(b.Id));
}

const tally = new Map<string, [number, number, number]>();
const misses: string[] = [];
async function check(set: string, id: string, type: string, bytes: Buffer): Promise<void> {
  const blocks = await cachedFirstReading('tesseract', bytes);
  if (!blocks) return;
  const full = classify(new DocumentModel(blocks));
  const cut = classify(new DocumentModel(withoutTop(blocks, DROP)));
  const t = tally.get(set) ?? [0, 0, 0];
  tally.set(set, [t[0] + (full.type === type ? 1 : 0), t[1] + (cut.type === type ? 1 : 0), t[2] + 1]);
  if (full.type !== type || cut.type !== type) misses.push(`${set} ${id}: ${type} -> ${full.type} (${full.confidence}) / headless ${cut.type} (${cut.confidence}) scores ${JSON.stringify(cut.scores)}`);
}

for (const degraded of [false, true]) {
  for (const f of await cachedCorpus({ seed: 1, perType: 5, degraded, pdfs: false })) if (TYPES.includes(f.type)) await check('tuned', f.id, f.type, f.bytes);
  for (const { name: set, generate } of DEV_SETS) {
    for (const spec of generate({ seed: 1, perLayout: 1, degraded })) if (TYPES.includes(spec.type)) await check(set, spec.id, spec.type, (await spec.render()).bytes);
  }
}
for (const [set, [a, b, n]] of tally) console.log(`${set.padEnd(6)} as read ${a}/${n}  without the top ${DROP} lines ${b}/${n}`);
for (const m of misses) console.log(m);
