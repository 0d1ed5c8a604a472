/**
 * The onboarding notifications outbox: one item per event to a flow's chat_notification_url, in
 * the flow's partition (`OUTBOX#<natural key>`, so erasure and TTL take it with the flow). The
 * put is conditional on the key, so an event noticed by several readers at once is recorded once;
 * the item is the source of truth until it is delivered or dead. A pending item carries gsi1
 * keys (`OUTBOX`, `<next attempt>#…`): a sparse index the reconciler reads for due deliveries.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { OutboxEntry as OutboxItem, onboardingPartition } from './entities.ts';
import { inGsi1, inPartition, queryAll } from './table.ts';

export type OutboxState = 'PENDING' | 'DELIVERED' | 'DEAD';

export interface OutboxEntry {
  clientId: string;
  flowId: string;
  /** The event's natural id within the flow, e.g. `DOC#<file_uuid>#document.processed`. */
  key: string;
  eventId: string;
  kind: string;
  /** The JSON body, fixed when the event is recorded (signed and sent as is). */
  body: string;
  state: OutboxState;
  /** Delivery attempts made so far. */
  attempts: number;
  createdAt: string;
  /** Order of recording within one notice (events noticed together go out in this order). */
  ord: number;
  nextAttemptAt: string;
  /** Set while one deliverer holds the entry (a crashed deliverer's lease runs out). */
  leaseUntil?: string;
}

type EntryRef = Pick<OutboxEntry, 'clientId' | 'flowId' | 'key'>;
const keyOf = (e: EntryRef) => OutboxItem.key({ ...onboardingPartition(e.clientId, e.flowId), key: e.key });
/** The entry's place on the due index: its next attempt. */
const dueKey = (at: string, e: EntryRef) => OutboxItem.gsi1.key({ at, clientId: e.clientId, flowId: e.flowId, key: e.key });

/** Records an event unless its key is already in the outbox; true when this call recorded it. */
export async function recordNotification(entry: Omit<OutboxEntry, 'state' | 'attempts' | 'nextAttemptAt'>, retentionDays?: number): Promise<boolean> {
  const item = { ...entry, state: 'PENDING', attempts: 0, nextAttemptAt: entry.createdAt };
  return conditionally(new PutCommand({
    TableName: tableName(),
    Item: { ...keyOf(entry), ...item, ...dueKey(entry.createdAt, entry), expiresAt: OutboxItem.ttl({ retentionDays }) },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
}

export async function listOutbox(clientId: string, flowId: string): Promise<OutboxEntry[]> {
  const pk = OutboxItem.pk.format(onboardingPartition(clientId, flowId));
  return queryAll<OutboxEntry>({ ...inPartition(pk, { beginsWith: OutboxItem.sk.prefix }), ConsistentRead: true });
}

/**
 * Takes a due pending entry for one delivery attempt: a conditional write, so of two readers
 * noticing the same event only one sends it. False when it is not due, not pending or held.
 */
export async function claimNotification(e: OutboxEntry, now: Date, leaseMs: number): Promise<boolean> {
  return conditionally(new UpdateCommand({
    TableName: tableName(),
    Key: keyOf(e),
    UpdateExpression: 'SET leaseUntil = :until',
    ConditionExpression: '#state = :pending AND attempts = :attempts AND nextAttemptAt <= :now AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':pending': 'PENDING', ':attempts': e.attempts, ':now': now.toISOString(), ':until': new Date(now.getTime() + leaseMs).toISOString() },
  }));
}

/** Delivered or dead: out of the due index for good. */
export async function settleNotification(e: OutboxEntry, state: 'DELIVERED' | 'DEAD', attempts: number) {
  await ddb().send(new UpdateCommand({
    TableName: tableName(),
    Key: keyOf(e),
    UpdateExpression: 'SET #state = :state, attempts = :attempts, settledAt = :now REMOVE leaseUntil, gsi1pk, gsi1sk',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':state': state, ':attempts': attempts, ':now': new Date().toISOString() },
  }));
}

/** A failed attempt: pending again from `at`. */
export async function rescheduleNotification(e: OutboxEntry, attempts: number, at: Date) {
  await ddb().send(new UpdateCommand({
    TableName: tableName(),
    Key: keyOf(e),
    UpdateExpression: 'SET attempts = :attempts, nextAttemptAt = :at, gsi1sk = :due REMOVE leaseUntil',
    ExpressionAttributeValues: { ':attempts': attempts, ':at': at.toISOString(), ':due': dueKey(at.toISOString(), e).gsi1sk },
  }));
}

/** Flows with a pending notification due by `now` (the sparse index), oldest first. */
export async function listDueFlows(now: Date, limit = 100): Promise<{ clientId: string; flowId: string }[]> {
  // One page of at most `limit` entries: the rest wait for the next round.
  const due = inGsi1(OutboxItem.gsi1.pk.format({}), { upTo: `${now.toISOString()}#\uffff` });
  const out = await ddb().send(new QueryCommand({ TableName: tableName(), ...due, Limit: limit }));
  const flows = new Map<string, { clientId: string; flowId: string }>();
  for (const i of (out.Items ?? []) as OutboxEntry[]) flows.set(`${i.clientId}#${i.flowId}`, { clientId: i.clientId, flowId: i.flowId });
  return [...flows.values()];
}
