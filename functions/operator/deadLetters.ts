import { deleteDeadLetter, getDeadLetter, listDeadLetters } from '#adapters/store/callbacks.ts';
import { attemptDelivery } from '../app/callbacks.ts';
import { replayNotification } from '../app/onboarding/notificationDelivery.ts';
import { OperatorError } from './commands.ts';

export async function listDeadLettersCommand() {
  return (await listDeadLetters()).map((d) => ({
    eventId: d.eventId, clientId: d.owner.clientId, kind: d.owner.kind, id: d.owner.id, url: new URL(d.url).origin + new URL(d.url).pathname, reason: d.reason, deadAt: d.deadAt,
  }));
}

/** Delivers a dead-lettered event once more, with its original event id; removes it on success. */
export async function replayDeadLetterCommand(eventId: string) {
  const dead = await getDeadLetter(eventId);
  if (!dead) throw new OperatorError(`no dead-lettered callback ${eventId}`);
  const result = (await replayNotification(dead)) ?? (await attemptDelivery(dead)); // an onboarding notification replays its stored body
  if (result.ok) await deleteDeadLetter(eventId);
  return { eventId, delivered: result.ok, attempt: result.attempt, status: result.status, error: result.error };
}
