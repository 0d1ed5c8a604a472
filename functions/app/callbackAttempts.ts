/**
 * One delivery attempt of a callback event: the payload is rebuilt from the stored results (so a
 * replay sends what the extracts endpoint shows now), signed with the client's webhook secret, and
 * the attempt recorded. Retrying and dead-lettering belong to the state machine and the operator.
 */
import { sendCallback, type DeliveryResult } from '../adapters/callbackSender.ts';
import { getFlowOrBatch } from '../adapters/store/flowsAndBatches.ts';
import { getClient } from '../adapters/store/clients.ts';
import { recordAttempt } from '../adapters/store/callbacks.ts';
import type { CallbackEvent } from '#core/domain/callbacks.ts';
import { loopbackAllowed } from '../adapters/aws.ts';
import { callbackPayload } from './extracts.ts';

export async function attemptDelivery(event: CallbackEvent): Promise<DeliveryResult & { attempt: number }> {
  const [flowOrBatch, client] = await Promise.all([getFlowOrBatch(event.flowOrBatch), getClient(event.flowOrBatch.clientId)]);
  // Never send a callback that cannot be trusted or should not go: such an event is dead-lettered.
  const refusal = !flowOrBatch || !client
    ? 'GONE: the flow, batch or client no longer exists'
    : client.disabled
      ? 'CLIENT_DISABLED: the client is disabled'
      : !client.webhookSecret
        ? 'NO_WEBHOOK_SECRET: set one with the operator CLI (client rotate-webhook-secret)'
        : undefined;
  if (refusal || !flowOrBatch || !client) {
    const result = { ok: false, error: refusal, durationMs: 0, retryable: false };
    return { ...result, attempt: await recordAttempt(event, { at: new Date().toISOString(), ...result }) };
  }
  const result = await sendCallback({
    url: event.url,
    authUrl: event.authUrl,
    body: JSON.stringify(await callbackPayload(flowOrBatch, client)),
    secret: client.webhookSecret!,
    eventId: event.eventId,
    applicationId: flowOrBatch.applicationId,
    allowLoopback: loopbackAllowed(),
  });
  const attempt = await recordAttempt(event, { at: new Date().toISOString(), ok: result.ok, status: result.status, error: result.error, durationMs: result.durationMs });
  return { ...result, attempt };
}
