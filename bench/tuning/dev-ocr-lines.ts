/**
 * The OCR lines of a dev set's layout as the bench's OCR cache holds them (run the bench once first),
 * segments and key-value pairs, and the extracted fields: `npx tsx bench/tuning/dev-ocr-lines.ts <family> [degradation] [--pairs]`.
 */
import { DocumentModel, extractFields, type DocumentType } from '#core/documents/index.ts';
import { cachedFirstReading } from '../ocrCache.ts';
import { devSetOf } from './devSets.ts';

const [family, degradation = 'clean'] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const spec = [false, true].flatMap((degraded) => devSetOf(family).generate({ seed: 1, perLayout: 1, degraded })).find((s) => s.family === family && s.degradation === degradation);
if (!spec) throw new Error('no such dev spec');
const { bytes } = await spec.render();
const blocks = await cachedFirstReading('tesseract', bytes);
if (!blocks) throw new Error('not in the OCR cache');
const model = new DocumentModel(blocks);
for (const l of model.lines) console.log(`${String(l.index).padStart(3)} ${l.box.Left.toFixed(3)} ${l.box.Top.toFixed(3)} ${(l.box.Left + l.box.Width).toFixed(3)} c${Math.round(l.confidence)} | ${model.layout.segments.filter((s) => s.line === l).map((s) => s.text).join(' ‖ ')}`);
if (process.argv.includes('--pairs')) for (const p of model.layout.pairs) console.log(`PAIR [${p.via}] ${p.key} => ${p.value}`);
const d = extractFields(spec.type as DocumentType, model).data;
for (const [k, v] of Object.entries(d)) console.log(`  -> ${k}: ${JSON.stringify(v.value)} (${v.confidence_score})  want ${JSON.stringify(spec.truth[k] ?? spec.truth[k === 'dealer_name' ? 'dealership_name' : k])}`);
