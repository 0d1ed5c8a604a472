import { answer } from '../../core/onboarding/chatPolicy.ts';
import type { ChatEngine } from './port.ts';

/** The deterministic assistant of the embedded default and the tests (intents and templates). */
export const localChatEngine: ChatEngine = {
  name: 'local',
  reply: async (message, context) => answer(message, context).reply,
};
