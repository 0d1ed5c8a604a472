/**
 * Evaluates declared cross-checks over the documents of one flow and returns the
 * spec's cross-check items. Pure: the address and face comparers are injected.
 */
import { mobileSimilarity } from './mobile.ts';
import { nameSimilarity } from './names.ts';
import type { CrossCheckDocument, CrossCheckItem, CrossCheckOptions, CrossCheckRule } from './types.ts';

/** Text values of an extracted field: arrays give one candidate per element; '' or absent gives none. */
export function fieldCandidates(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    if (typeof item === 'string' && item.trim()) out.push(item.trim().replace(/\s+/g, ' '));
    else if (typeof item === 'number' && Number.isFinite(item)) out.push(String(item));
    else if (typeof item === 'bigint' || typeof item === 'boolean') out.push(String(item));
  }
  return out;
}

/** First document of the type (upload order) holding a usable value for the field. */
function findField(documents: CrossCheckDocument[], doc: string, field: string): { index: number; values: string[]; confidence: number } | undefined {
  for (let index = 0; index < documents.length; index++) {
    if (documents[index].document_type !== doc) continue;
    const extracted = documents[index].data?.[field];
    const values = fieldCandidates(extracted?.value);
    if (values.length > 0) return { index, values, confidence: confidenceOf(extracted?.confidence_score) };
  }
  return undefined;
}

function findDocument(documents: CrossCheckDocument[], doc: string): number | undefined {
  const index = documents.findIndex((d) => d.document_type === doc);
  return index < 0 ? undefined : index;
}

/** A field's confidence_score as 0..1; a missing or malformed one counts as no confidence. */
function confidenceOf(raw: unknown): number {
  return typeof raw === 'number' && Number.isFinite(raw) ? Math.max(0, Math.min(1, raw)) : 0;
}

/** Integer 0..100 as the spec requires; NaN and out-of-range comparer output are clamped. */
export function toScore(raw: number): number {
  if (!Number.isFinite(raw)) return 0;
  return Math.max(0, Math.min(100, Math.round(raw)));
}

/** Best score over all candidate pairs (a field may hold several values, e.g. two numbers). */
function bestOf(sources: string[], targets: string[], compare: (a: string, b: string) => number): number {
  let best = 0;
  for (const s of sources) for (const t of targets) best = Math.max(best, toScore(compare(s, t)));
  return best;
}

function textComparer(rule: CrossCheckRule, opts: CrossCheckOptions): ((a: string, b: string) => number) | undefined {
  switch (rule.compare) {
    case 'name': return nameSimilarity;
    case 'mobile': return mobileSimilarity;
    case 'address': return (a, b) => opts.addressSimilarity(a, b);
    default: return undefined;
  }
}

/**
 * PHOTO_MATCH compares images, not extracted text, so its item carries descriptors
 * ("AADHAAR photo", "ASSET_OPEN_BOX_IMAGE faces") instead of values: stable, readable,
 * and free of document ids or image links.
 */
function faceItems(rule: CrossCheckRule, documents: CrossCheckDocument[], opts: CrossCheckOptions): CrossCheckItem[] {
  const sourceIndex = findDocument(documents, rule.source.doc);
  if (sourceIndex === undefined || !opts.faceSimilarity) return [];
  const items: CrossCheckItem[] = [];
  for (const target of rule.targets) {
    const targetIndex = findDocument(documents, target.doc);
    if (targetIndex === undefined) continue;
    const score = opts.faceSimilarity(sourceIndex, targetIndex);
    if (score === undefined || !Number.isFinite(score)) continue; // no face to compare: no item
    items.push({
      source_doc: rule.source.doc,
      source_field_name: rule.source.field,
      source_value: `${rule.source.doc} ${rule.source.field}`,
      target_doc: target.doc,
      target_field_name: target.field,
      target_value: `${target.doc} ${target.field}`,
      similarity_score: toScore(score),
      name: rule.name,
    });
  }
  return items;
}

/**
 * One item per (rule, target) whose source and target documents are both in the flow
 * with the field extracted; pairs with a missing document or value are skipped.
 */
export function evaluateCrossChecks(
  rules: readonly CrossCheckRule[],
  documents: CrossCheckDocument[],
  opts: CrossCheckOptions,
): CrossCheckItem[] {
  const items: CrossCheckItem[] = [];
  for (const rule of rules) {
    if (rule.compare === 'face') {
      items.push(...faceItems(rule, documents, opts));
      continue;
    }
    const compare = textComparer(rule, opts);
    const source = findField(documents, rule.source.doc, rule.source.field);
    if (!compare || !source) continue;
    for (const target of rule.targets) {
      const found = findField(documents, target.doc, target.field);
      if (!found) continue;
      items.push({
        source_doc: rule.source.doc,
        source_field_name: rule.source.field,
        source_value: source.values.join(', '),
        target_doc: target.doc,
        target_field_name: target.field,
        target_value: found.values.join(', '),
        similarity_score: bestOf(source.values, found.values, compare),
        name: rule.name,
        // A score is only as sure as the weaker reading behind it: a low score built on an unreliable
        // reading must not pass for a mismatch (docs/confidence.md).
        confidence_score: Math.min(source.confidence, found.confidence),
      });
    }
  }
  return items;
}
