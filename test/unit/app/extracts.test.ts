/** Extracts responses with and without `evidence=true`: the stored evidence is shown only when asked for. */
import { describe, expect, it } from 'vitest';
import { fileData, ocrItem } from '../../../functions/app/extracts.ts';
import type { FileRecord } from '#core/domain/flows.ts';
import { FlowExtractsQuery } from '#http/schemas/v3.ts';
import { BatchExtractsQuery } from '#http/schemas/batch.ts';
import { describeIssues } from '#http/middleware/validation.ts';

const reader = { clientId: 'cli_x', fullAadhaar: false };
const box = (left: number, top: number) => ({ page: 1, bounding_box: { left, top, width: 0.2, height: 0.03 } });

/** A stored Aadhaar result as the pipeline writes it: masked number with its sealed full one, evidence on fields read from text. */
const stored = {
  document_type: 'AADHAAR',
  name: { value: 'Swati Iyer', confidence_score: 0.91, evidence: box(0.3, 0.2) },
  aadhaar_number: { value: 'XXXX XXXX 1234', confidence_score: 0.95, evidence: box(0.3, 0.6), sealed: 'sealed-ciphertext' },
  address: { value: '12 MG Road, Pune 411001', confidence_score: 0.8, evidence: box(0.1, 0.4), formatted_address: { city: 'Pune' } },
  gender: { value: '', confidence_score: 0 },
};
/** The same result as stored before evidence existed: what today's responses are made from. */
const storedBefore = JSON.parse(JSON.stringify(stored, (k, v) => (k === 'evidence' ? undefined : v)));

const file = (data: Record<string, unknown>): FileRecord => ({
  seq: 1, fileUuid: 'f-1', documentId: 'doc-1', batchId: 'B', state: 'DONE', result: { data, error_code: '', error_reason: '' },
});

describe('extracts response shaping', () => {
  it('without the flag (or with false) is byte for byte the response made from a result without evidence', async () => {
    const before = JSON.stringify(await ocrItem(file(storedBefore), reader));
    expect(JSON.stringify(await ocrItem(file(stored), reader))).toBe(before);
    expect(JSON.stringify(await ocrItem(file(stored), reader, { evidence: false }))).toBe(before);
    expect(before).not.toContain('evidence');
    expect(JSON.stringify(await fileData(file(stored), reader))).toBe(JSON.stringify(await fileData(file(storedBefore), reader)));
  });

  it('with the flag gives each field read from text its evidence, and nothing else changes', async () => {
    const item = await ocrItem(file(stored), reader, { evidence: true });
    const data = item.data as Record<string, any>;
    expect(data.name.evidence).toEqual(box(0.3, 0.2));
    expect(data.address.evidence).toEqual(box(0.1, 0.4));
    expect(data.gender).toEqual({ value: '', confidence_score: 0 });
    // The masked number stays masked; the sealed one never leaves.
    expect(data.aadhaar_number).toEqual({ value: 'XXXX XXXX 1234', confidence_score: 0.95, evidence: box(0.3, 0.6) });
    const withoutEvidence = JSON.parse(JSON.stringify(item, (k, v) => (k === 'evidence' ? undefined : v)));
    expect(withoutEvidence).toEqual(await ocrItem(file(storedBefore), reader));
  });

  it('bulk and sandbox file_data carry it the same way', async () => {
    const data = (await fileData(file(stored), reader, { evidence: true })) as Record<string, any>;
    expect(data.name.evidence).toEqual(box(0.3, 0.2));
  });
});

describe('the evidence query parameter', () => {
  it("reads 'true' and 'false', and defaults to false", () => {
    expect(FlowExtractsQuery.parse({ flow_uuid: 'x', evidence: 'true' }).evidence).toBe(true);
    expect(FlowExtractsQuery.parse({ flow_uuid: 'x', evidence: 'false' }).evidence).toBe(false);
    expect(FlowExtractsQuery.parse({ flow_uuid: 'x' }).evidence).toBe(false);
    expect(BatchExtractsQuery.parse({ batch_id: 'b', evidence: 'true' }).evidence).toBe(true);
  });

  it('refuses anything else, naming the parameter', () => {
    for (const bad of ['yes', '1', 'TRUE', '']) {
      const r = FlowExtractsQuery.safeParse({ flow_uuid: 'x', evidence: bad }, { reportInput: true });
      expect(r.success, bad).toBe(false);
      expect(describeIssues(r.error!)).toMatch(/^Invalid parameters: evidence \(/);
    }
  });
});
