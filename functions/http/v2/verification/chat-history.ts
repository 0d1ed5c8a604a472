import { endpoint } from '../../routeTable/v2.ts';
import { chatHistory } from '../../../app/onboarding/chat.ts';

export const handler = endpoint('GET /v2/verification/chat-history', ({ query, client }) => chatHistory(client, query.flow_id, query.page, query.per_page));
