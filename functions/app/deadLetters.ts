/** Callbacks and notifications given up on (dead letters): listed and replayed by the operator. */
import { deleteDeadLetter, getDeadLetter, listDeadLetters as listDeadLetterRecords } from '../adapters/store/callbacks.ts';
import { attemptDelivery } from './callbackAttempts.ts';
import { replayNotification } from './onboarding/notificationSender.ts';
import { NotFoundError } from './errors.ts';

export async function listDeadLetters() {
  return (await listDeadLetterRecords()).map((d) => ({
    eventId: d.eventId, clientId: d.flowOrBatch.clientId, kind: d.flowOrBatch.kind, id: d.flowOrBatch.id, url: new URL(d.url).origin + new URL(d.url).pathname, reason: d.reason, deadAt: d.deadAt,
  }));
}

/** Delivers a dead-lettered event once more, with its original event id; removes it on success. */
export async function replayDeadLetter(eventId: string) {
  const dead = await getDeadLetter(eventId);
  if (!dead) throw new NotFoundError(`no dead-lettered callback ${eventId}`);
  const result = (await replayNotification(dead)) ?? (await attemptDelivery(dead)); // an onboarding notification replays its stored body
  if (result.ok) await deleteDeadLetter(eventId);
  return { eventId, delivered: result.ok, attempt: result.attempt, status: result.status, error: result.error };
}
