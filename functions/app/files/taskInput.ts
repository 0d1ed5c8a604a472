import type { FlowOrBatchRef } from '#core/domain/flows.ts';

/** What every Map iteration carries: ids only (state payloads are capped at 256 KB). */
export interface FileTaskInput {
  flowOrBatch: FlowOrBatchRef & { productType: string };
  file: { seq: number };
  failure?: { Error?: string; Cause?: string };
}

/** A document we will not process, with the per-document verdict integrators see. */
export class DocumentRejectedError extends Error {
  constructor(
    readonly code: 'UNRECOGNISED' | 'INVALID_DOC' | 'PROCESSING_FAILED',
    reason: string,
  ) {
    super(reason);
    this.name = `DocumentRejected.${code}`;
  }
}
