/** Callbacks: the event a flow's or batch's round reports, its delivery attempts and dead letters. */
import type { FlowOrBatchRef } from './flows.ts';

export interface CallbackEvent {
  eventId: string;
  flowOrBatch: FlowOrBatchRef;
  url: string;
  authUrl?: string;
  /** The round of the flow or batch the event reports (absent on events recorded before rounds existed). */
  round?: number;
}

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  ok: boolean;
  status?: number;
  error?: string;
  durationMs: number;
}

export interface DeadLetter extends CallbackEvent {
  reason: string;
  deadAt: string;
}
