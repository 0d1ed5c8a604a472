/**
 * Onboarding notifications to `chat_notification_url`: notice what the flow's state shows has
 * happened (a document processed or failed, an applicant's checklist complete, the flow
 * submitted), record each event once in the outbox (adapters/store/outbox.ts), then deliver what
 * is due. Called by the v2 routes that write (chat, submit), by finalise at the end of every
 * pipeline execution, and by the reconciler for retries. Best effort everywhere: a failure here
 * never fails the caller, and the outbox keeps the event for the next notice or the reconciler.
 */
import { getFlow } from '../../adapters/store/onboarding.ts';
import type { OnboardingFlow } from '#core/domain/onboarding.ts';
import { listOutbox, recordNotification } from '../../adapters/store/outbox.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import { eventIdFor } from '../../core/callbacks/signature.ts';
import { documentTypeOf, fileStatus } from '../../core/onboarding/checklist.ts';
import { notificationsOf, type NoticedState } from '../../core/onboarding/notifications.ts';
import { logger } from '../../adapters/logger.ts';
import { deliverDue } from './notificationSender.ts';
import { checklistOf, readFlowState, type FlowState } from './flows.ts';

export function noticedState(state: FlowState): NoticedState {
  return {
    flowId: state.flow.flowId,
    flowState: state.flow.state,
    applicants: state.applicants.map((a) => ({ externalReferenceId: a.externalReferenceId, deleted: Boolean(a.deletedAt), checklist: checklistOf(state, a) })),
    documents: state.files.map(({ file, externalReferenceId }) => {
      const type = documentTypeOf(file);
      return {
        fileUuid: file.fileUuid, documentId: file.documentId, externalReferenceId, status: fileStatus(file),
        ...(type ? { documentType: type } : {}), ...(file.result?.error_code ? { errorCode: file.result.error_code } : {}),
      };
    }),
  };
}

/** Records the events the state shows and the outbox lacks; returns how many were new. */
export async function recordNotifications(state: FlowState): Promise<number> {
  const { flow } = state;
  const known = new Set((await listOutbox(flow.clientId, flow.flowId)).map((e) => e.key));
  const createdAt = new Date().toISOString();
  let recorded = 0;
  const fresh = notificationsOf(noticedState(state)).filter((n) => !known.has(n.key));
  for (const [ord, n] of fresh.entries()) {
    // The event id derives from the flow and the natural key: whoever records it names it the same.
    const eventId = eventIdFor(`${flow.clientId}:${flow.flowId}:notification:${n.key}`);
    const body = JSON.stringify({ ...n.body, event_id: eventId, created_at: createdAt });
    if (await recordNotification({ clientId: flow.clientId, flowId: flow.flowId, key: n.key, eventId, kind: n.kind, body, createdAt, ord }, flow.retentionDays)) recorded++;
  }
  return recorded;
}

/** Notice and deliver for one flow; never throws. `state` saves a read when the caller has it. */
export async function notifyFlow(flow: OnboardingFlow, state?: FlowState): Promise<void> {
  if (!flow.chatNotificationUrl) return;
  try {
    await recordNotifications(state ?? (await readFlowState(flow)));
    await deliverDue(flow);
  } catch (err) {
    logger.warn('onboarding notifications deferred', { flowId: flow.flowId, error: (err as Error).name });
  }
}

/** finalise's hook (one call per pipeline execution of a v2 flow); never throws. */
export async function notifyPipelineFlow(flowOrBatch: Pick<FlowOrBatchRef, 'kind' | 'clientId' | 'id'>): Promise<void> {
  if (flowOrBatch.kind !== 'onboarding') return;
  try {
    const flow = await getFlow(flowOrBatch.clientId, flowOrBatch.id);
    if (flow) await notifyFlow(flow);
  } catch (err) {
    logger.warn('onboarding notifications deferred', { flowId: flowOrBatch.id, error: (err as Error).name });
  }
}
