/**
 * Field extraction dispatched by document type. Every type returns its full declared field set
 * (docs/document-fields.md); a field not found is '' / null / [] with confidence_score 0.
 */
import type { DocumentModel } from './blocks.ts';
import type { DocumentType } from './typeNames.ts';
import { complete, repairStateNames, type ExtractOptions, type ExtractionResult, type FieldVocabulary } from './fields/common.ts';
import { REPAIR_PENALTY } from './confidence.ts';
import { declaration } from './registry.ts';
import { applyPlausibility } from './plausibility.ts';

const NO_LABELS: FieldVocabulary = { labels: [] };

/** Extract the type's fields. UNKNOWN yields empty data (the pipeline reports UNRECOGNISED). */
export function extractFields(type: DocumentType, model: DocumentModel, opts: ExtractOptions = {}): ExtractionResult {
  if (type === 'UNKNOWN') return { data: {} };
  const d = declaration(type);
  const { found, error, redactions } = d.extract(model, opts, (name) => d.vocabulary?.[name] ?? NO_LABELS);
  const result: ExtractionResult = { data: complete(d.fields, found) };
  if (error) result.error = error;
  if (redactions) result.redactions = redactions;
  for (const name of d.addressFields) {
    const f = result.data[name];
    if (typeof f?.value !== 'string') continue;
    const r = repairStateNames(f.value);
    if (r.repairs) result.data[name] = { ...f, value: r.value, confidence_score: Math.max(0, Math.round((f.confidence_score - REPAIR_PENALTY) * 1000) / 1000) };
  }
  applyPlausibility(result.data);
  return result;
}
