/**
 * Delivery of outbox entries (adapters/store/outbox.ts) with the v3 callback machinery: the same
 * sender (token from auth_token_url, Standard Webhooks signature with the client's secret), the
 * same attempt records and dead letters (adapters/store/callbacks.ts). The schedule is the
 * outbox's own (the state machine's retries serve one callback per round): an entry is claimed for
 * one attempt, then settled, rescheduled with backoff, or dead-lettered.
 */
import { sendCallback, type DeliveryResult } from '../../adapters/callbackSender.ts';
import { loopbackAllowed } from '../../adapters/aws.ts';
import { getClient } from '../../adapters/store/clients.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { putDeadLetter, recordAttempt } from '../../adapters/store/callbacks.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import { getFlow } from '../../adapters/store/onboarding.ts';
import type { OnboardingFlow } from '#core/domain/onboarding.ts';
import { claimNotification, listDueFlows, listOutbox, rescheduleNotification, settleNotification, type OutboxEntry } from '../../adapters/store/outbox.ts';
import { logger } from '../../adapters/logger.ts';
import { pipelineFlowOf } from './flows.ts';

/** Attempts before an event becomes a dead letter (the operator can replay it). */
export const MAX_ATTEMPTS = 6;
/** Longer than one attempt can take (auth and callback, each bounded below). */
const LEASE_MS = 60_000;
/** Notifications are small: each request of an attempt gets 5 s, not the results callback's 15 s. */
const REQUEST_TIMEOUT_MS = 5_000;
/** A caller waits at most about this long before the rest is left to the reconciler. */
const BUDGET_MS = 8_000;

/** Base of the exponential backoff: 30 s, 1, 2, 4, 8 minutes (NOTIFICATION_RETRY_BASE_MS overrides, tests). */
const retryBaseMs = () => Number(process.env.NOTIFICATION_RETRY_BASE_MS) || 30_000;

const refusal = (client: ClientRecord | undefined) =>
  !client ? 'GONE: the client no longer exists'
    : client.disabled ? 'CLIENT_DISABLED: the client is disabled'
      : !client.webhookSecret ? 'NO_WEBHOOK_SECRET: set one with the operator CLI (client rotate-webhook-secret)' : undefined;

async function attempt(flow: OnboardingFlow, client: ClientRecord | undefined, entry: OutboxEntry): Promise<void> {
  const now = new Date();
  if (!(await claimNotification(entry, now, LEASE_MS))) return;
  const event: CallbackEvent = { eventId: entry.eventId, flowOrBatch: pipelineFlowOf(flow), url: flow.chatNotificationUrl!, ...(flow.authTokenUrl ? { authUrl: flow.authTokenUrl } : {}) };
  const refused = refusal(client);
  const result: DeliveryResult = refused
    ? { ok: false, error: refused, durationMs: 0, retryable: false }
    : await sendCallback({
      url: event.url, authUrl: event.authUrl, body: entry.body, secret: client!.webhookSecret!, eventId: entry.eventId,
      applicationId: flow.applicationId, allowLoopback: loopbackAllowed(), totalTimeoutMs: REQUEST_TIMEOUT_MS,
    });
  const attempts = entry.attempts + 1;
  await recordAttempt(event, { at: now.toISOString(), ok: result.ok, status: result.status, error: result.error, durationMs: result.durationMs });
  if (result.ok) return settleNotification(entry, 'DELIVERED', attempts);
  if (result.retryable === false || attempts >= MAX_ATTEMPTS) {
    await putDeadLetter({ ...event, reason: `attempt ${attempts}: ${result.error ?? `HTTP ${result.status}`}`.slice(0, 500), deadAt: new Date().toISOString() });
    logger.warn('notification dead-lettered', { eventId: entry.eventId, flowId: flow.flowId, kind: entry.kind });
    return settleNotification(entry, 'DEAD', attempts);
  }
  await rescheduleNotification(entry, attempts, new Date(Date.now() + retryBaseMs() * 2 ** (attempts - 1)));
}

/** Delivers the flow's due pending events, one at a time in the order recorded, within the budget. */
export async function deliverDue(flow: OnboardingFlow, budgetMs = BUDGET_MS): Promise<void> {
  if (!flow.chatNotificationUrl) return;
  const started = Date.now();
  const now = new Date().toISOString();
  const due = (await listOutbox(flow.clientId, flow.flowId))
    .filter((e) => e.state === 'PENDING' && e.nextAttemptAt <= now && !(e.leaseUntil && e.leaseUntil >= now))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.ord - b.ord);
  if (!due.length) return;
  const client = await getClient(flow.clientId);
  for (const entry of due) {
    if (Date.now() - started > budgetMs) break;
    await attempt(flow, client, entry);
  }
}

/** The reconciler's sweep: every flow with an event due (failed earlier, or never sent); never throws. */
export async function retryDueNotifications(now = new Date()): Promise<number> {
  let flows = 0;
  let due: Awaited<ReturnType<typeof listDueFlows>>;
  try {
    due = await listDueFlows(now);
  } catch (err) {
    logger.warn('notification retry failed', { error: (err as Error).name });
    return 0;
  }
  for (const { clientId, flowId } of due) {
    try {
      const flow = await getFlow(clientId, flowId);
      if (flow) await deliverDue(flow);
      flows++;
    } catch (err) {
      logger.warn('notification retry failed', { flowId, error: (err as Error).name });
    }
  }
  return flows;
}

/**
 * The operator's replay of a dead-lettered notification: its stored body once more, same event
 * id (the results callback's replay rebuilds another body). Undefined when the event is no
 * notification of an onboarding flow.
 */
export async function replayNotification(dead: CallbackEvent): Promise<(DeliveryResult & { attempt: number }) | undefined> {
  if (dead.flowOrBatch.kind !== 'onboarding') return undefined;
  const entry = (await listOutbox(dead.flowOrBatch.clientId, dead.flowOrBatch.id)).find((e) => e.eventId === dead.eventId);
  if (!entry) return undefined;
  const [flow, client] = await Promise.all([getFlow(dead.flowOrBatch.clientId, dead.flowOrBatch.id), getClient(dead.flowOrBatch.clientId)]);
  const refused = !flow ? 'GONE: the flow no longer exists' : refusal(client);
  const result: DeliveryResult = refused
    ? { ok: false, error: refused, durationMs: 0, retryable: false }
    : await sendCallback({
      url: dead.url, authUrl: dead.authUrl, body: entry.body, secret: client!.webhookSecret!, eventId: entry.eventId,
      applicationId: flow!.applicationId, allowLoopback: loopbackAllowed(), totalTimeoutMs: REQUEST_TIMEOUT_MS,
    });
  const attempt = await recordAttempt(dead, { at: new Date().toISOString(), ok: result.ok, status: result.status, error: result.error, durationMs: result.durationMs });
  if (result.ok) await settleNotification(entry, 'DELIVERED', entry.attempts + 1);
  return { ...result, attempt };
}
