/**
 * Flows (v3) and batches (bulk, sandbox): what uploaded files belong to. A v2 (onboarding) flow has a
 * pipeline record of the same shape (kind `onboarding`; its own state: onboarding.ts). Together:
 * `FlowOrBatch`, discriminated on `kind`.
 */
import type { CrossCheckStatus, FileCounters } from '../flow/status.ts';

export type FlowOrBatchKind = 'flow' | 'batch' | 'onboarding';
export interface FlowOrBatchRef {
  kind: FlowOrBatchKind;
  clientId: string;
  id: string;
}

/** What every flow and batch records about its files and its rounds of processing. */
interface FlowOrBatchBase extends FileCounters {
  /**
   * Sequence numbers ever reserved (never decremented, so never reused). A round of processing
   * is named by it: cross-checks, the callback claim and its event id belong to one round.
   * `filesTotal` is this less the numbers released by uploads that could not start.
   */
  round: number;
  /** Names of the pipeline executions started for this flow's or batch's open round. */
  executions?: string[];
  /** Sequence numbers released by uploads that could not be stored or started. */
  released?: number[];
  /** The callback of round `callbackFor`: claimed (PENDING), DELIVERED or DEAD (dead-lettered). */
  callbackFor?: number;
  callbackState?: 'PENDING' | 'DELIVERED' | 'DEAD';
  clientId: string;
  id: string;
  productType: string;
  crossCheckStatus: CrossCheckStatus;
  crossChecks?: unknown[];
  /** filesTotal when the stored cross-checks were computed. */
  crossCheckedTotal?: number;
  /** The client's retention when the flow or batch was made (absent: the stage's). */
  retentionDays?: number;
  createdAt: string;
}

export interface Flow extends FlowOrBatchBase {
  kind: 'flow';
  applicationId?: string;
  authUrl?: string;
  callbackUrl?: string;
  flowParams?: Record<string, unknown>;
  channel?: 'v3';
}

export interface Batch extends FlowOrBatchBase {
  kind: 'batch';
  /** The interface that made it; only that interface reads it. */
  channel?: 'bulk' | 'sandbox';
  applicationId?: never;
  authUrl?: never;
  callbackUrl?: never;
  flowParams?: never;
}

/** A v2 flow's pipeline record: no cross-checks, no v3 callback. */
export interface OnboardingPipelineFlow extends FlowOrBatchBase {
  kind: 'onboarding';
  applicationId?: string;
  channel?: never;
  authUrl?: never;
  callbackUrl?: never;
  flowParams?: never;
}

/** Discriminated on `kind`. */
export type FlowOrBatch = Flow | Batch | OnboardingPipelineFlow;

export interface FileResult {
  data: Record<string, unknown>;
  error_code: string;
  error_reason: string;
}

/** The counters a file's final state is counted under (FileCounters less the total). */
export type FileCounter = Exclude<keyof FileCounters, 'filesTotal'>;

export interface FileRecord {
  seq: number;
  fileUuid: string;
  documentId: string;
  batchId: string;
  /** Removed once downloaded: pre-signed URLs carry credentials. */
  fileUrl?: string;
  state: 'QUEUED' | 'DOWNLOADED' | 'DONE' | 'FAILED';
  objectKey?: string;
  mime?: string;
  ocrKey?: string;
  documentType?: string;
  result?: FileResult;
  /** The counter this file's final state was counted under (see finishFile). */
  countedAs?: FileCounter;
}
