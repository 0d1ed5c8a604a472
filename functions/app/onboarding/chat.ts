/** The assistant of an onboarding flow: a message answered over the flow's state, and the history. */
import { randomUUID } from 'node:crypto';
import type { ClientRecord } from '#core/domain/clients.ts';
import { appendMessage, listMessages } from '../../adapters/store/chat.ts';
import { chatEngine } from '../../adapters/chat/index.ts';
import { logger } from '../../adapters/logger.ts';
import { UnprocessableError } from '../errors.ts';
import { chatContextOf, flowOf, readFlowState } from './flows.ts';
import { notifyFlow } from './notifications.ts';

/**
 * The user's message is stored first, then answered over the flow's state as it is now; the reply
 * is stored too. When the engine fails, the user's message stays in the history and the answer is 422.
 * Either way, events the state shows (a document read, a checklist complete) are notified.
 */
export async function chat(client: ClientRecord, flowId: string, message: string) {
  const flow = await flowOf(client, flowId);
  await appendMessage(client.clientId, flow.flowId, { messageId: randomUUID(), sender: 'user', message, createdAt: new Date().toISOString() }, flow.retentionDays);
  const engine = chatEngine();
  const state = await readFlowState(flow);
  let reply: string;
  try {
    reply = await engine.reply(message, chatContextOf(state));
  } catch (err) {
    // The message may hold personal data: only the engine and the error's name are logged.
    logger.warn('chat engine failed', { engine: engine.name, error: (err as Error).name });
    await notifyFlow(flow, state);
    throw new UnprocessableError('The assistant could not process the message; try again');
  }
  const stored = await appendMessage(client.clientId, flow.flowId, { messageId: randomUUID(), sender: 'assistant', message: reply, createdAt: new Date().toISOString() }, flow.retentionDays);
  // What the state shows has happened goes to chat_notification_url (best effort, never fails the chat).
  await notifyFlow(flow, state);
  return { message: stored.message, message_id: stored.messageId, created_at: stored.createdAt };
}

/**
 * Newest first. Messages are numbered 1..total in the order stored, so page p is the number range
 * (total - p*per_page, total - (p-1)*per_page], read in one query.
 */
export async function chatHistory(client: ClientRecord, flowId: string, page: number, perPage: number) {
  const flow = await flowOf(client, flowId);
  const total = flow.chatSeq ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const to = total - (page - 1) * perPage;
  const messages = to < 1 ? [] : await listMessages(client.clientId, flow.flowId, Math.max(1, to - perPage + 1), to);
  return {
    data: messages.map((m) => ({ message: m.message, sender: m.sender, external_document_id: m.messageId, created_at: m.createdAt })),
    page,
    per_page: perPage,
    total_pages: totalPages,
    total_items: total,
    has_next: page < totalPages,
    has_prev: page > 1,
  };
}
