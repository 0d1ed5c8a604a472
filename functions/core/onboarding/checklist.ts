/**
 * Onboarding state as read from stored files: which applicant a document belongs to, each file's
 * status, and each applicant's checklist. Pure: callers pass the records in.
 */
import { nameSimilarity, NAME_MATCH_THRESHOLD } from '../crossCheck/names.ts';
import type { Product } from '../products/catalogue.ts';

export type FileStatus = 'UPLOAD_SUCCESS' | 'PROCESSING' | 'PROCESSING_SUCCESS' | 'FAILED';
export type MasterStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';

export interface ApplicantRef {
  externalReferenceId: string;
  username: string;
  applicantType: 'primary' | 'coApplicant';
  userDocs?: readonly string[];
  deleted?: boolean;
}

/** A stored file as far as onboarding cares (the pipeline's FileRecord fits). */
export interface FileView {
  state: 'QUEUED' | 'DOWNLOADED' | 'DONE' | 'FAILED';
  documentType?: string;
  result?: { data: Record<string, unknown>; error_code: string; error_reason: string };
}

/** Fields that name the person a document belongs to, most telling first. */
const PERSON_NAME_FIELDS = ['name_as_per_pan', 'name', 'account_holder', 'consumer_name', 'customer_name', 'legal_name', 'buyer_name'];

export function personNameOf(data: Record<string, unknown> | undefined): string | undefined {
  for (const field of PERSON_NAME_FIELDS) {
    const v = (data?.[field] as { value?: unknown } | undefined)?.value;
    if (typeof v === 'string' && v.trim()) return v;
  }
  return undefined;
}

/**
 * Who a document belongs to: the applicant the upload named; else the live applicant whose name
 * best matches the name read from the document (at least NAME_MATCH_THRESHOLD, the cross-check's
 * "same person"); else the primary applicant. Until the name is read, that is the primary too.
 */
export function attribute(named: string | undefined, file: FileView, applicants: readonly ApplicantRef[]): string {
  if (named) return named;
  const live = applicants.filter((a) => !a.deleted);
  const primary = applicants.find((a) => a.applicantType === 'primary')?.externalReferenceId ?? '';
  const name = personNameOf(file.result?.data);
  if (!name) return primary;
  let best: { ref: string; score: number } | undefined;
  for (const a of live) {
    const score = nameSimilarity(name, a.username);
    if (score >= NAME_MATCH_THRESHOLD && (!best || score > best.score)) best = { ref: a.externalReferenceId, score };
  }
  return best?.ref ?? primary;
}

export const documentTypeOf = (f: FileView): string | undefined =>
  f.documentType ?? (typeof f.result?.data.document_type === 'string' ? f.result.data.document_type : undefined);

/** A file counts as a document only once processed with no per-document error. */
export const isUsable = (f: FileView) => f.state === 'DONE' && !f.result?.error_code;

export function fileStatus(f: FileView): FileStatus {
  if (f.state === 'QUEUED') return 'UPLOAD_SUCCESS';
  if (f.state === 'DOWNLOADED') return 'PROCESSING';
  return isUsable(f) ? 'PROCESSING_SUCCESS' : 'FAILED';
}

export function masterStatus(files: readonly FileView[]): MasterStatus {
  if (!files.length) return 'NOT_STARTED';
  const statuses = files.map(fileStatus);
  if (statuses.some((s) => s === 'UPLOAD_SUCCESS' || s === 'PROCESSING')) return 'IN_PROGRESS';
  return statuses.includes('PROCESSING_SUCCESS') ? 'SUCCESS' : 'FAILED';
}

/** The document types asked of an applicant: its own list, else the product's for its type. */
export const requiredDocuments = (product: Product, a: ApplicantRef): readonly string[] =>
  a.userDocs ?? (a.applicantType === 'primary' ? product.checklist.primary : product.checklist.coApplicant);

/** Document type -> true once a usable document of that type belongs to the applicant. */
export function checklist(required: readonly string[], files: readonly FileView[]): Record<string, boolean> {
  const have = new Set(files.filter(isUsable).map(documentTypeOf));
  return Object.fromEntries(required.map((t) => [t, have.has(t)]));
}
