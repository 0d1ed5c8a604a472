/**
 * Chat messages of an onboarding flow. Each message takes the next number from the flow item's
 * `chatSeq` (one atomic ADD) and is stored as `CHAT#<seq>` in the flow's partition, so page N of
 * the newest-first history is one key-range query and the total is the counter itself.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { expiresAt } from './owners.ts';
import { flowPartition } from './onboarding.ts';

/** The assistant's `sender` value beside the spec's `user` (docs/onboarding.md). */
export type Sender = 'user' | 'assistant';

export interface ChatMessage {
  seq: number;
  messageId: string;
  sender: Sender;
  message: string;
  createdAt: string;
}

const chatSk = (seq: number) => `CHAT#${String(seq).padStart(9, '0')}`;

export async function appendMessage(clientId: string, flowId: string, m: Omit<ChatMessage, 'seq'>, retentionDays?: number): Promise<ChatMessage> {
  const pk = flowPartition(clientId, flowId);
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk, sk: 'FLOW' },
      UpdateExpression: 'ADD chatSeq :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const message = { ...m, seq: out.Attributes!.chatSeq as number };
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { pk, sk: chatSk(message.seq), ...message, expiresAt: expiresAt(retentionDays) } }));
  return message;
}

/** Messages numbered within [from, to], newest first. */
export async function listMessages(clientId: string, flowId: string, from: number, to: number): Promise<ChatMessage[]> {
  if (to < from) return [];
  const out = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
      ExpressionAttributeValues: { ':pk': flowPartition(clientId, flowId), ':a': chatSk(from), ':b': chatSk(to) },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as ChatMessage[];
}
