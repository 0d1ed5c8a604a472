/**
 * How stored files read to integrators: the extracts responses of v3, bulk and sandbox, and the
 * callback payloads, which carry the same shape.
 */
import type { FileRecord, FlowOrBatch } from '#core/domain/flows.ts';
import { listFiles } from '../adapters/store/flowsAndBatches.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { presignGet, REDACT_URL_SECONDS } from '../adapters/presignedLinks.ts';
import { openAadhaar } from '../adapters/aadhaarVault.ts';
// Static although the two modules import each other: both only declare functions, and a dynamic import
// made esbuild inline results.ts whole, with every DynamoDB command (59 KB on each route: bench/results/bundles.md).
import { onboardingCallbackPayload } from './onboarding/results.ts';

/** Who the results are for: decides whether a sealed Aadhaar number is opened. */
export type Reader = Pick<ClientRecord, 'fullAadhaar' | 'clientId'>;

/**
 * What the reader asked for beyond the spec's shape. `evidence`: each field's page and box
 * (stored with every field, shown only on the GET extracts routes when asked for: callbacks and
 * v2 results never carry it, so a body without the flag stays the spec's).
 */
export interface Presentation {
  evidence?: boolean;
}

/**
 * A stored field as the reader sees it: a redacted copy's key becomes a fresh pre-signed
 * `redact_url`; a sealed full Aadhaar number replaces the masked value only for a client enabled
 * for it, and never leaves sealed.
 */
async function presentData(data: Record<string, unknown>, reader: Reader, expiresAt?: number, fileUuid = '', shown: Presentation = {}): Promise<Record<string, unknown>> {
  // A link never outlives the record it belongs to (retention: docs/decisions.md).
  const linkSeconds = Math.max(1, Math.min(REDACT_URL_SECONDS, (expiresAt ?? Infinity) - Math.floor(Date.now() / 1000)));
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(data)) {
    if (!field || typeof field !== 'object' || Array.isArray(field)) {
      out[name] = field;
      continue;
    }
    const { redact_key, sealed, evidence, ...rest } = field as { redact_key?: string; sealed?: string; evidence?: unknown; value?: unknown };
    out[name] = {
      ...rest,
      ...(shown.evidence && evidence ? { evidence } : {}),
      ...(sealed && reader.fullAadhaar ? { value: await openAadhaar(sealed, { clientId: reader.clientId, fileUuid }, reader.clientId) } : {}),
      ...(redact_key ? { redact_url: await presignGet(redact_key, linkSeconds) } : {}),
    };
  }
  return out;
}

/** v3 `ocr_data` item; a file still in the pipeline has empty data and no error yet. */
export async function ocrItem(file: FileRecord, reader: Reader, shown: Presentation = {}) {
  const result = file.result ?? { data: {}, error_code: '', error_reason: '' };
  return {
    data: await presentData(result.data, reader, (file as { expiresAt?: number }).expiresAt, file.fileUuid, shown),
    document_id: file.documentId ?? '',
    error_code: result.error_code,
    error_reason: result.error_reason,
  };
}

/** bulk/sandbox `file_data`: the document fields, or the per-document error beside an empty type. */
export async function fileData(file: FileRecord, reader: Reader, shown: Presentation = {}) {
  const item = await ocrItem(file, reader, shown);
  return item.error_code ? { ...item.data, error_code: item.error_code, error_reason: item.error_reason } : item.data;
}

/** One page of a batch in upload order: page N is the key range of its sequence numbers. */
export async function extractsPage(flowOrBatch: FlowOrBatch, page: number, perPage: number, reader: Reader, shown: Presentation = {}) {
  // Pages are ranges of sequence numbers; numbers released by an upload that could not start are
  // gaps, so such a page holds fewer items (docs/decisions.md).
  const last = flowOrBatch.round;
  const totalPages = Math.max(1, Math.ceil(last / perPage));
  const from = (page - 1) * perPage + 1;
  const files = from > last ? [] : await listFiles(flowOrBatch, from, Math.min(last, from + perPage - 1));
  return {
    data: await Promise.all(files.map(async (f) => ({ document_id: f.documentId, file_data: await fileData(f, reader, shown) }))),
    page,
    per_page: perPage,
    total_pages: totalPages,
    total_items: flowOrBatch.filesTotal,
    has_next: page < totalPages,
    has_prev: page > 1,
  };
}

/** The v3 extracts body: one ocr_data item per uploaded document, and the flow's cross-checks. */
export async function flowExtracts(flow: FlowOrBatch, reader: Reader, shown: Presentation = {}) {
  const files = await listFiles(flow);
  return { ocr_data: await Promise.all(files.map((f) => ocrItem(f, reader, shown))), cross_checks: flow.crossChecks ?? [] };
}

/** Callback body: the extracts of the flow (with its application_id), or the whole batch as one page; never with evidence. */
export async function callbackPayload(flowOrBatch: FlowOrBatch, reader: Reader) {
  if (flowOrBatch.kind === 'flow') return { application_id: flowOrBatch.applicationId, flow_uuid: flowOrBatch.id, ...(await flowExtracts(flowOrBatch, reader)) };
  // Onboarding (v2) results have their own shape; imported on use, as that module reads extracts too.
  if (flowOrBatch.kind === 'onboarding') return onboardingCallbackPayload(flowOrBatch, reader);
  return { batch_id: flowOrBatch.id, ...(await extractsPage(flowOrBatch, 1, Math.max(1, flowOrBatch.round), reader)) };
}
