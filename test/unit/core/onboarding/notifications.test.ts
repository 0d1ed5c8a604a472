import { describe, expect, it } from 'vitest';
import { notificationsOf, type NoticedState } from '#core/onboarding/notifications.ts';

const state = (over: Partial<NoticedState> = {}): NoticedState => ({
  flowId: 'f-1',
  flowState: 'ACTIVE',
  applicants: [
    { externalReferenceId: 'CUST-1', deleted: false, checklist: { PAN: true, EBILL: true } },
    { externalReferenceId: 'CO#1', deleted: false, checklist: { PAN: false } },
    { externalReferenceId: 'CO-2', deleted: true, checklist: { PAN: true } },
  ],
  documents: [
    { fileUuid: 'u1', documentId: 'pan-1', externalReferenceId: 'CUST-1', status: 'PROCESSING_SUCCESS', documentType: 'PAN' },
    { fileUuid: 'u2', documentId: 'bad-1', externalReferenceId: 'CO#1', status: 'FAILED', errorCode: 'UNRECOGNISED' },
    { fileUuid: 'u3', documentId: 'wait-1', externalReferenceId: 'CUST-1', status: 'PROCESSING' },
    { fileUuid: 'u4', documentId: 'gone-1', externalReferenceId: 'CO-2', status: 'PROCESSING_SUCCESS', documentType: 'PAN' },
  ],
  ...over,
});

describe('onboarding notifications from the flow\'s state', () => {
  it('has one event per finished document of a live applicant and per complete checklist, each with a natural key', () => {
    const events = notificationsOf(state());
    expect(events.map((e) => e.key)).toEqual(['DOC#u1#document.processed', 'DOC#u2#document.failed', 'APPLICANT#CUST-1#applicant.checklist_complete']);
    expect(events[0].body).toEqual({ event: 'document.processed', flow_id: 'f-1', external_reference_id: 'CUST-1', document_id: 'pan-1', file_uuid: 'u1', document_type: 'PAN' });
    expect(events[1].body).toEqual({ event: 'document.failed', flow_id: 'f-1', external_reference_id: 'CO#1', document_id: 'bad-1', file_uuid: 'u2', error_code: 'UNRECOGNISED' });
    expect(events[2].body).toEqual({ event: 'applicant.checklist_complete', flow_id: 'f-1', external_reference_id: 'CUST-1', checklist: { PAN: true, EBILL: true } });
  });

  it('is the same for the same state (so the outbox records each once), and adds flow.submitted once the flow is completed', () => {
    expect(notificationsOf(state())).toEqual(notificationsOf(state()));
    const done = notificationsOf(state({ flowState: 'COMPLETED' }));
    expect(done.at(-1)).toEqual({ key: 'FLOW#flow.submitted', kind: 'flow.submitted', body: { event: 'flow.submitted', flow_id: 'f-1', flow_status: 'COMPLETED' } });
    // A reference with '#' cannot make two applicants' keys one.
    const co = notificationsOf(state({ applicants: [{ externalReferenceId: 'CO#1', deleted: false, checklist: { PAN: true } }] }));
    expect(co.map((e) => e.key)).toContain('APPLICANT#CO%231#applicant.checklist_complete');
  });

  it('never calls an empty checklist complete', () => {
    expect(notificationsOf(state({ applicants: [{ externalReferenceId: 'CUST-1', deleted: false, checklist: {} }], documents: [] }))).toEqual([]);
  });
});
