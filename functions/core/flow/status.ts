/**
 * Statuses of a flow or batch, derived from counters that the pipeline's tasks add to atomically.
 * Deriving on read keeps every transition a single conditional-free ADD, and the rules in one place
 * (docs/statuses.md explains them with a diagram).
 */
export type UploadStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';
export type ProcessingStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED' | 'PENDING';
export type CrossCheckStatus = 'NOT_STARTED' | 'PENDING' | 'COMPLETED';

export interface FileCounters {
  /** Files accepted by multiupload. */
  filesTotal: number;
  /** Files downloaded and stored. */
  downloaded: number;
  /** Files whose download failed (unreachable, refused address, not JPEG/PNG/PDF). */
  downloadFailed: number;
  /** Files with a result (fields, or a per-document INVALID_DOC / UNRECOGNISED verdict). */
  processed: number;
  /** Downloaded files whose processing failed (PROCESSING_FAILED). */
  processingFailed: number;
}

export interface Statuses {
  upload_status: UploadStatus;
  processing_status: ProcessingStatus;
  crossheck_status: CrossCheckStatus;
  master_status: UploadStatus;
}

export const emptyCounters = (): FileCounters => ({ filesTotal: 0, downloaded: 0, downloadFailed: 0, processed: 0, processingFailed: 0 });

export function uploadStatus(c: FileCounters): UploadStatus {
  if (c.filesTotal === 0) return 'NOT_STARTED';
  if (c.downloaded + c.downloadFailed < c.filesTotal) return 'IN_PROGRESS';
  return c.downloaded === 0 ? 'FAILED' : 'SUCCESS';
}

/** Every file has reached a final state (a result, or a download or processing failure). */
export const allFilesFinished = (c: FileCounters) =>
  c.filesTotal > 0 && c.processed + c.processingFailed + c.downloadFailed >= c.filesTotal;

export function processingStatus(c: FileCounters): ProcessingStatus {
  if (c.filesTotal === 0) return 'NOT_STARTED';
  if (allFilesFinished(c)) return c.processed === 0 ? 'FAILED' : 'SUCCESS';
  return c.downloaded > 0 ? 'IN_PROGRESS' : 'PENDING';
}

/**
 * master_status: FAILED when no uploaded file could be ingested or none could be processed;
 * SUCCESS once processing has finished and (for v3 flows) the cross-checks are completed;
 * per-document verdicts (INVALID_DOC, UNRECOGNISED, PROCESSING_FAILED of some files) do not fail it.
 */
export function deriveStatuses(c: FileCounters, crossCheck: CrossCheckStatus, opts: { crossChecks: boolean }): Statuses {
  const upload = uploadStatus(c);
  const processing = processingStatus(c);
  let master: UploadStatus;
  if (c.filesTotal === 0) master = 'NOT_STARTED';
  else if (upload === 'FAILED' || processing === 'FAILED') master = 'FAILED';
  else if (processing === 'SUCCESS' && (!opts.crossChecks || crossCheck === 'COMPLETED')) master = 'SUCCESS';
  else master = 'IN_PROGRESS';
  return { upload_status: upload, processing_status: processing, crossheck_status: crossCheck, master_status: master };
}
