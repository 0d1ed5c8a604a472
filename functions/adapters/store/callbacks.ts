/**
 * Callback events: every delivery attempt is recorded under its event, and an event that could
 * not be delivered becomes a dead letter that the operator lists and replays.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { expiresAt, type OwnerRef } from './owners.ts';

export interface CallbackEvent {
  eventId: string;
  owner: OwnerRef;
  url: string;
  authUrl?: string;
  /** The owner's round the event reports (absent on events recorded before rounds existed). */
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

const eventPk = (e: { owner: OwnerRef; eventId: string }) => `CLIENT#${e.owner.clientId}#EVENT#${e.eventId}`;

/** Appends an attempt; returns its number (1-based) from the attempts already recorded. */
export async function recordAttempt(event: CallbackEvent, attempt: Omit<DeliveryAttempt, 'attempt'>): Promise<number> {
  // A replay can race a state-machine retry: each attempt takes the next free number.
  for (let n = (await listAttempts(event)).length + 1; ; n++) {
    try {
      await ddb().send(
        new PutCommand({
          TableName: tableName(),
          Item: { pk: eventPk(event), sk: `ATTEMPT#${String(n).padStart(3, '0')}`, attempt: n, ...attempt, expiresAt: expiresAt() },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return n;
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
  }
}

export async function listAttempts(event: { owner: OwnerRef; eventId: string }): Promise<DeliveryAttempt[]> {
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :a)',
      ExpressionAttributeValues: { ':pk': eventPk(event), ':a': 'ATTEMPT#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as DeliveryAttempt[];
}

const deadKey = (eventId: string) => ({ pk: `DEADLETTER#${eventId}`, sk: 'DEADLETTER' });

/** Dead letters keep callback and auth URLs (which may carry tokens): they expire like results. */
export async function putDeadLetter(d: DeadLetter) {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...deadKey(d.eventId), gsi1pk: 'DEADLETTER', gsi1sk: `${d.deadAt}#${d.eventId}`, ...d, expiresAt: expiresAt() } }));
}

export async function getDeadLetter(eventId: string): Promise<DeadLetter | undefined> {
  return (await ddb().send(new GetCommand({ TableName: tableName(), Key: deadKey(eventId) }))).Item as DeadLetter | undefined;
}

export async function listDeadLetters(): Promise<DeadLetter[]> {
  const out = await ddb().send(
    new QueryCommand({ TableName: tableName(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :d', ExpressionAttributeValues: { ':d': 'DEADLETTER' } }),
  );
  return (out.Items ?? []) as DeadLetter[];
}

export async function deleteDeadLetter(eventId: string) {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: deadKey(eventId) }));
}
