/**
 * Chat messages of an onboarding flow. Each message takes the next number from the flow item's
 * `chatSeq` (one atomic ADD) and is stored as `CHAT#<seq>` in the flow's partition, so page N of
 * the newest-first history is one key-range query and the total is the counter itself.
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { ChatMessage as ChatItem, OnboardingFlow, onboardingPartition } from './entities.ts';
import { inPartition, queryAll } from './table.ts';
import type { ChatMessage, Sender } from '#core/domain/onboarding.ts';

// re-export: callers move to #core/domain
export type { ChatMessage, Sender };

const chatKey = (clientId: string, flowId: string, seq: number) => ChatItem.key({ ...onboardingPartition(clientId, flowId), seq });

export async function appendMessage(clientId: string, flowId: string, m: Omit<ChatMessage, 'seq'>, retentionDays?: number): Promise<ChatMessage> {
  const out = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: OnboardingFlow.key(onboardingPartition(clientId, flowId)),
      UpdateExpression: 'ADD chatSeq :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const message = { ...m, seq: out.Attributes!.chatSeq as number };
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...chatKey(clientId, flowId, message.seq), ...message, expiresAt: ChatItem.ttl({ retentionDays }) } }));
  return message;
}

/** Messages numbered within [from, to], newest first. */
export async function listMessages(clientId: string, flowId: string, from: number, to: number): Promise<ChatMessage[]> {
  if (to < from) return [];
  const range: [string, string] = [chatKey(clientId, flowId, from).sk, chatKey(clientId, flowId, to).sk];
  return queryAll<ChatMessage>({ ...inPartition(chatKey(clientId, flowId, from).pk, { between: range }), ScanIndexForward: false, ConsistentRead: true });
}
