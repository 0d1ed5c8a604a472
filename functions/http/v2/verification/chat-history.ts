import { endpoint } from '../../routeTable/v2.ts';
import { listMessages } from '../../../adapters/store/chat.ts';
import { flowOf } from '../onboarding.ts';

/**
 * Newest first. Messages are numbered 1..total in the order stored, so page p is the number range
 * (total - p*per_page, total - (p-1)*per_page], read in one query.
 */
export const handler = endpoint<unknown, { flow_id: string; page: number; per_page: number }>('GET /v2/verification/chat-history', async ({ query, client }) => {
  const flow = await flowOf(client, query.flow_id);
  const total = flow.chatSeq ?? 0;
  const { page, per_page: perPage } = query;
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
});
