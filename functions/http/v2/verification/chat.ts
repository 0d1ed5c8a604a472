import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { endpoint } from '../../routeTable/v2.ts';
import { unprocessable } from '../../middleware/errors.ts';
import { appendMessage } from '../../../adapters/store/chat.ts';
import { chatEngine } from '../../../adapters/chat/index.ts';
import { logger } from '../../../adapters/logger.ts';
import { chatContextOf, flowOf, readFlowState } from '../onboarding.ts';
import { notifyFlow } from '../notifications.ts';
import type { V2ChatBody } from '../../schemas/v2.ts';

/**
 * The user's message is stored first, then answered over the flow's state as it is now; the reply
 * is stored too. When the engine fails, the user's message stays in the history and the answer is 422.
 * Either way, events the state shows (a document read, a checklist complete) are notified.
 */
export const handler = endpoint<z.infer<typeof V2ChatBody>>('POST /v2/verification/chat', async ({ body, client }) => {
  const flow = await flowOf(client, body.flow_id);
  await appendMessage(client.clientId, flow.flowId, { messageId: randomUUID(), sender: 'user', message: body.message, createdAt: new Date().toISOString() }, flow.retentionDays);
  const engine = chatEngine();
  const state = await readFlowState(flow);
  let reply: string;
  try {
    reply = await engine.reply(body.message, chatContextOf(state));
  } catch (err) {
    // The message may hold personal data: only the engine and the error's name are logged.
    logger.warn('chat engine failed', { engine: engine.name, error: (err as Error).name });
    await notifyFlow(flow, state);
    throw unprocessable('The assistant could not process the message; try again');
  }
  const stored = await appendMessage(client.clientId, flow.flowId, { messageId: randomUUID(), sender: 'assistant', message: reply, createdAt: new Date().toISOString() }, flow.retentionDays);
  // What the state shows has happened goes to chat_notification_url (best effort, never fails the chat).
  await notifyFlow(flow, state);
  return { message: stored.message, message_id: stored.messageId, created_at: stored.createdAt };
});
