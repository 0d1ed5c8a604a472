import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DocumentModel } from '#core/documents/index.ts';
import { cachedCorpus } from '../test/fixtures/documents/generate.ts';
const [id, psm = 'auto'] = process.argv.slice(2);
const degraded = !/-clean$|pdf_/.test(id);
let bytes: Buffer | undefined;
if (id.startsWith('sroie-')) bytes = readFileSync(`/work/shared/datasets/sroie2019-zzzdavid/img/${id.slice(6)}.jpg`);
else bytes = (await cachedCorpus({ seed: 1, perType: 3, degraded, pdfs: !degraded })).find((f) => f.id === id)!.bytes;
const key = createHash('sha256').update(bytes).update(`|${psm}|v1`).digest('hex').slice(0, 24);
const file = join(tmpdir(), 'docstream-ocr-cache', `${key}.json`);
if (!existsSync(file)) { console.log('not cached'); process.exit(1); }
const m = new DocumentModel(JSON.parse(readFileSync(file, 'utf8')).blocks);
for (const l of m.lines) console.log(`${l.index}\tp${l.page} L${l.box.Left.toFixed(3)} T${l.box.Top.toFixed(3)} W${l.box.Width.toFixed(3)} H${l.box.Height.toFixed(3)} c${l.confidence.toFixed(0)}\t${l.text}`);
