import { endpoint } from '../../routeTable/v2.ts';
import { chat } from '../../../app/onboarding/chat.ts';

export const handler = endpoint('POST /v2/verification/chat', ({ body, client }) => chat(client, body.flow_id, body.message));
