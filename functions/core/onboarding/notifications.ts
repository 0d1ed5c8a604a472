/**
 * The events sent to an onboarding flow's chat_notification_url, derived from the flow's state
 * (docs/onboarding.md, "Notifications"). Each has a natural key within the flow, so noticing the
 * same state twice yields the same events and the outbox records each once.
 */
import type { FileStatus } from './checklist.ts';

export type NotificationKind = 'document.processed' | 'document.failed' | 'applicant.checklist_complete' | 'flow.submitted';

export interface NoticedState {
  flowId: string;
  flowState: 'ACTIVE' | 'COMPLETED';
  applicants: { externalReferenceId: string; deleted: boolean; checklist: Record<string, boolean> }[];
  documents: { fileUuid: string; documentId: string; externalReferenceId: string; status: FileStatus; documentType?: string; errorCode?: string }[];
}

export interface Notification {
  /** The event's natural id within the flow. */
  key: string;
  kind: NotificationKind;
  body: Record<string, unknown>;
}

/** Every event the state shows has happened, documents first, then checklists, then the submission. */
export function notificationsOf(state: NoticedState): Notification[] {
  const live = new Set(state.applicants.filter((a) => !a.deleted).map((a) => a.externalReferenceId));
  const out: Notification[] = [];
  for (const d of state.documents) {
    // A deleted applicant's documents leave the notifications as they leave the results.
    if (!live.has(d.externalReferenceId) || (d.status !== 'PROCESSING_SUCCESS' && d.status !== 'FAILED')) continue;
    const kind: NotificationKind = d.status === 'FAILED' ? 'document.failed' : 'document.processed';
    out.push({
      key: `DOC#${d.fileUuid}#${kind}`,
      kind,
      body: {
        event: kind, flow_id: state.flowId, external_reference_id: d.externalReferenceId, document_id: d.documentId, file_uuid: d.fileUuid,
        ...(d.documentType ? { document_type: d.documentType } : {}), ...(kind === 'document.failed' && d.errorCode ? { error_code: d.errorCode } : {}),
      },
    });
  }
  for (const a of state.applicants) {
    const types = Object.values(a.checklist);
    if (a.deleted || !types.length || !types.every(Boolean)) continue;
    out.push({
      key: `APPLICANT#${encodeURIComponent(a.externalReferenceId)}#applicant.checklist_complete`,
      kind: 'applicant.checklist_complete',
      body: { event: 'applicant.checklist_complete', flow_id: state.flowId, external_reference_id: a.externalReferenceId, checklist: a.checklist },
    });
  }
  if (state.flowState === 'COMPLETED') {
    out.push({ key: 'FLOW#flow.submitted', kind: 'flow.submitted', body: { event: 'flow.submitted', flow_id: state.flowId, flow_status: 'COMPLETED' } });
  }
  return out;
}
