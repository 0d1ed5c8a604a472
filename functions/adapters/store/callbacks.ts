/**
 * Callback events: every delivery attempt is recorded under its event, and an event that could
 * not be delivered becomes a dead letter that the operator lists and replays.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { CallbackAttempt, DeadLetter as DeadLetterItem, readFlowOrBatch, storedFlowOrBatch } from './entities.ts';
import { inGsi1, inPartition, queryAll } from './table.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import type { CallbackEvent, DeadLetter, DeliveryAttempt } from '#core/domain/callbacks.ts';

// re-export: callers move to #core/domain
export type { CallbackEvent, DeadLetter, DeliveryAttempt };

const attemptKey = (e: { flowOrBatch: FlowOrBatchRef; eventId: string }, attempt: number) =>
  CallbackAttempt.key({ clientId: e.flowOrBatch.clientId, eventId: e.eventId, attempt });

/** Appends an attempt; returns its number (1-based) from the attempts already recorded. */
export async function recordAttempt(event: CallbackEvent, attempt: Omit<DeliveryAttempt, 'attempt'>): Promise<number> {
  // A replay can race a state-machine retry: each attempt takes the next free number.
  for (let n = (await listAttempts(event)).length + 1; ; n++) {
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...attemptKey(event, n), attempt: n, ...attempt, expiresAt: CallbackAttempt.ttl() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return n;
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
}

export async function listAttempts(event: { flowOrBatch: FlowOrBatchRef; eventId: string }): Promise<DeliveryAttempt[]> {
  const pk = CallbackAttempt.pk.format({ clientId: event.flowOrBatch.clientId, eventId: event.eventId });
  return queryAll<DeliveryAttempt>({ ...inPartition(pk, { beginsWith: CallbackAttempt.sk.prefix }), ConsistentRead: true });
}

const deadKey = (eventId: string) => DeadLetterItem.key({ eventId });

/** Dead letters keep callback and auth URLs (which may carry tokens): they expire like results. */
export async function putDeadLetter(d: DeadLetter) {
  const item = { ...deadKey(d.eventId), ...DeadLetterItem.gsi1.key(d), ...storedFlowOrBatch(d), expiresAt: DeadLetterItem.ttl() };
  await ddb().send(new PutCommand({ TableName: tableName(), Item: item }));
}

export async function getDeadLetter(eventId: string): Promise<DeadLetter | undefined> {
  const item = (await ddb().send(new GetCommand({ TableName: tableName(), Key: deadKey(eventId) }))).Item;
  return item && readFlowOrBatch<DeadLetter>(item);
}

/** Every dead letter, oldest first (all pages: a long outage leaves many). */
export async function listDeadLetters(): Promise<DeadLetter[]> {
  return (await queryAll<Record<string, unknown>>(inGsi1(DeadLetterItem.gsi1.pk.format({})))).map((item) => readFlowOrBatch<DeadLetter>(item));
}

export async function deleteDeadLetter(eventId: string) {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: deadKey(eventId) }));
}
