import { describe, expect, it, vi } from 'vitest';
import { evaluateCrossChecks, fieldCandidates } from '#core/crossCheck/evaluate.ts';
import { CONSUMER_DURABLE_LOAN_CROSS_CHECKS } from '#core/crossCheck/rules.ts';
import { findProduct } from '#core/products/catalogue.ts';
import type { CrossCheckDocument, CrossCheckItem, CrossCheckRule } from '#core/crossCheck/types.ts';

const f = (value: unknown, confidence_score = 0.9) => ({ value, confidence_score });

/** A full CONSUMER_DURABLE_LOAN flow (synthetic people only). */
function flowDocuments(): CrossCheckDocument[] {
  return [
    { document_type: 'INVOICE', data: {
      customer_name: f('R. K. Sharma'), dealer_address: f('Shop 12, MG Road, Pune 411001'),
      customer_mobile_number: f('+91 98765 43210'), total_invoice_amount: f(25999),
    } },
    { document_type: 'DELIVERY_ORDER', data: {
      customer_name: f('Rajesh Kumar Sharma'), dealer_address: f('12 M.G. Road, Pune'), customer_mobile_number: f('09876543210'),
    } },
    { document_type: 'AADHAAR', data: { name: f('Rajesh Kumar Sharma'), date_of_birth: f('01/01/1990') } },
    { document_type: 'PAN', data: { name_as_per_pan: f('SURESH SHARMA'), pan_number: f('ABCPS1234F') } },
    { document_type: 'ASSET_OPEN_BOX_IMAGE', data: { customer_present: f('yes'), number_of_faces_visible: f(1) } },
  ];
}

const SPEC_KEYS = ['name', 'similarity_score', 'source_doc', 'source_field_name', 'source_value', 'target_doc', 'target_field_name', 'target_value'];

describe('evaluateCrossChecks', () => {
  const addressSimilarity = vi.fn((a: string, b: string) => (a === b ? 100 : 83.6));
  const faceSimilarity = vi.fn((_s: number, _t: number): number | undefined => 91.2);

  it('produces one spec-shaped item per rule target, with integer scores', () => {
    const items = evaluateCrossChecks(CONSUMER_DURABLE_LOAN_CROSS_CHECKS, flowDocuments(), { addressSimilarity, faceSimilarity });
    expect(items.map((i) => `${i.name}:${i.source_doc}->${i.target_doc}`)).toEqual([
      'DEALER_ADDRESS:INVOICE->DELIVERY_ORDER',
      'CUSTOMER_NAME:INVOICE->DELIVERY_ORDER',
      'CUSTOMER_NAME:INVOICE->AADHAAR',
      'CUSTOMER_NAME:INVOICE->PAN',
      'CUSTOMER_MOBILE_NUMBER:DELIVERY_ORDER->INVOICE',
      'PHOTO_MATCH:AADHAAR->ASSET_OPEN_BOX_IMAGE',
    ]);
    for (const item of items) {
      // The spec's keys, plus confidence_score on text checks (PHOTO_MATCH compares images, not readings).
      expect(Object.keys(item).sort()).toEqual(item.name === 'PHOTO_MATCH' ? SPEC_KEYS : [...SPEC_KEYS, 'confidence_score'].sort());
      expect(Number.isInteger(item.similarity_score)).toBe(true);
      expect(item.similarity_score).toBeGreaterThanOrEqual(0);
      expect(item.similarity_score).toBeLessThanOrEqual(100);
      for (const key of ['source_value', 'target_value', 'name', 'source_doc', 'target_doc']) expect(typeof item[key as keyof CrossCheckItem]).toBe('string');
    }
    const byTarget = Object.fromEntries(items.map((i) => [`${i.name}:${i.target_doc}`, i]));
    expect(byTarget['DEALER_ADDRESS:DELIVERY_ORDER'].similarity_score).toBe(84); // 83.6 rounded
    expect(addressSimilarity).toHaveBeenCalledWith('Shop 12, MG Road, Pune 411001', '12 M.G. Road, Pune');
    expect(byTarget['CUSTOMER_NAME:AADHAAR']).toMatchObject({
      source_field_name: 'customer_name', source_value: 'R. K. Sharma', target_field_name: 'name', target_value: 'Rajesh Kumar Sharma',
    });
    expect(byTarget['CUSTOMER_NAME:AADHAAR'].similarity_score).toBeGreaterThanOrEqual(70);
    expect(byTarget['CUSTOMER_NAME:PAN'].similarity_score).toBeLessThan(70);
    expect(byTarget['CUSTOMER_MOBILE_NUMBER:INVOICE']).toMatchObject({
      source_value: '09876543210', target_value: '+91 98765 43210', similarity_score: 100,
    });
    expect(byTarget['PHOTO_MATCH:ASSET_OPEN_BOX_IMAGE']).toEqual({
      source_doc: 'AADHAAR', source_field_name: 'photo', source_value: 'AADHAAR photo',
      target_doc: 'ASSET_OPEN_BOX_IMAGE', target_field_name: 'faces', target_value: 'ASSET_OPEN_BOX_IMAGE faces',
      similarity_score: 91, name: 'PHOTO_MATCH',
    });
    expect(faceSimilarity).toHaveBeenCalledWith(2, 4); // indexes of AADHAAR and ASSET_OPEN_BOX_IMAGE
  });

  it('skips pairs whose document is missing from the flow', () => {
    const docs = flowDocuments().filter((d) => d.document_type !== 'PAN' && d.document_type !== 'DELIVERY_ORDER');
    const items = evaluateCrossChecks(CONSUMER_DURABLE_LOAN_CROSS_CHECKS, docs, { addressSimilarity, faceSimilarity });
    expect(items.map((i) => `${i.name}:${i.target_doc}`)).toEqual(['CUSTOMER_NAME:AADHAAR', 'PHOTO_MATCH:ASSET_OPEN_BOX_IMAGE']);
  });

  it('skips pairs whose value was not extracted (absent, empty, null)', () => {
    const docs = flowDocuments();
    delete docs[1].data.customer_name;
    docs[2].data.name = f('   ');
    docs[3].data.name_as_per_pan = f(null);
    docs[0].data.customer_mobile_number = f('');
    const items = evaluateCrossChecks(CONSUMER_DURABLE_LOAN_CROSS_CHECKS, docs, { addressSimilarity });
    expect(items.map((i) => i.name)).toEqual(['DEALER_ADDRESS']);
  });

  it('makes no PHOTO_MATCH item without a face comparer or a comparable face', () => {
    const none = evaluateCrossChecks(CONSUMER_DURABLE_LOAN_CROSS_CHECKS, flowDocuments(), { addressSimilarity });
    expect(none.some((i) => i.name === 'PHOTO_MATCH')).toBe(false);
    const noFace = evaluateCrossChecks(CONSUMER_DURABLE_LOAN_CROSS_CHECKS, flowDocuments(), { addressSimilarity, faceSimilarity: () => undefined });
    expect(noFace.some((i) => i.name === 'PHOTO_MATCH')).toBe(false);
  });

  it('uses the first document of a type that holds the field', () => {
    const docs: CrossCheckDocument[] = [
      { document_type: 'AADHAAR', data: { address: f('back side only') } },
      { document_type: 'AADHAAR', data: { name: f('Rajesh Sharma') } },
      { document_type: 'INVOICE', data: { customer_name: f('Rajesh Sharma') } },
    ];
    const rules: CrossCheckRule[] = [{ name: 'CUSTOMER_NAME', source: { doc: 'INVOICE', field: 'customer_name' }, targets: [{ doc: 'AADHAAR', field: 'name' }], compare: 'name' }];
    expect(evaluateCrossChecks(rules, docs, { addressSimilarity })).toMatchObject([{ target_value: 'Rajesh Sharma', similarity_score: 100 }]);
  });

  it('stringifies arrays and numbers and scores the best pair of array values', () => {
    const docs: CrossCheckDocument[] = [
      { document_type: 'DELIVERY_ORDER', data: { customer_mobile_number: f(['9123456780', '+91 98765 43210']) } },
      { document_type: 'INVOICE', data: { customer_mobile_number: f(9876543210) } },
    ];
    const rules: CrossCheckRule[] = [CONSUMER_DURABLE_LOAN_CROSS_CHECKS.find((r) => r.name === 'CUSTOMER_MOBILE_NUMBER')!];
    expect(evaluateCrossChecks(rules, docs, { addressSimilarity })).toEqual([{
      source_doc: 'DELIVERY_ORDER', source_field_name: 'customer_mobile_number', source_value: '9123456780, +91 98765 43210',
      target_doc: 'INVOICE', target_field_name: 'customer_mobile_number', target_value: '9876543210',
      similarity_score: 100, name: 'CUSTOMER_MOBILE_NUMBER', confidence_score: 0.9,
    }]);
  });

  it('carries the lower confidence of the two values compared, so an unreliable reading is not taken for a mismatch', () => {
    const rules: CrossCheckRule[] = [{ name: 'CUSTOMER_NAME', source: { doc: 'INVOICE', field: 'customer_name' }, targets: [{ doc: 'AADHAAR', field: 'name' }, { doc: 'PAN', field: 'name_as_per_pan' }], compare: 'name' }];
    const docs: CrossCheckDocument[] = [
      { document_type: 'INVOICE', data: { customer_name: f('d above has received the', 0.31) } },
      { document_type: 'AADHAAR', data: { name: f('Harish Mathew', 0.95) } },
      { document_type: 'PAN', data: { name_as_per_pan: { value: 'HARISH MATHEW' } as never } },
    ];
    const [aadhaar, pan] = evaluateCrossChecks(rules, docs, { addressSimilarity });
    expect(aadhaar.similarity_score).toBeLessThan(50);
    expect(aadhaar.confidence_score).toBe(0.31);
    expect(pan.confidence_score).toBe(0); // no confidence recorded on the target: none claimed
  });

  it('clamps comparer output that is fractional, out of range or not a number', () => {
    const rules: CrossCheckRule[] = [CONSUMER_DURABLE_LOAN_CROSS_CHECKS[0]];
    const score = (raw: number) => evaluateCrossChecks(rules, flowDocuments(), { addressSimilarity: () => raw })[0].similarity_score;
    expect(score(99.5)).toBe(100);
    expect(score(140)).toBe(100);
    expect(score(-3)).toBe(0);
    expect(score(Number.NaN)).toBe(0);
  });
});

describe('fieldCandidates', () => {
  it('keeps non-empty strings, finite numbers and array elements', () => {
    expect(fieldCandidates('  a  b ')).toEqual(['a b']);
    expect(fieldCandidates(12.5)).toEqual(['12.5']);
    expect(fieldCandidates(['x', '', 3, null])).toEqual(['x', '3']);
    expect(fieldCandidates({ nested: true })).toEqual([]);
    expect(fieldCandidates(Number.NaN)).toEqual([]);
  });
});

describe('product cross-checks', () => {
  it('declares the CONSUMER_DURABLE_LOAN checks as data', () => {
    expect(findProduct('CONSUMER_DURABLE_LOAN').crossChecks).toBe(CONSUMER_DURABLE_LOAN_CROSS_CHECKS);
    expect(CONSUMER_DURABLE_LOAN_CROSS_CHECKS.find((r) => r.name === 'CUSTOMER_NAME')!.targets).toEqual([
      { doc: 'DELIVERY_ORDER', field: 'customer_name' }, { doc: 'AADHAAR', field: 'name' }, { doc: 'PAN', field: 'name_as_per_pan' },
    ]);
    expect(findProduct('MSME_LOAN').crossChecks).toEqual([]);
  });
});
