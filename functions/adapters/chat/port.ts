import type { ChatContext } from '../../core/onboarding/chatPolicy.ts';

/** The onboarding assistant's engine: a reply to one message over the flow's state. */
export interface ChatEngine {
  readonly name: string;
  /** Throws when the engine cannot answer (the route answers 422). */
  reply(message: string, context: ChatContext): Promise<string>;
}

export class ChatEngineError extends Error {
  name = 'ChatEngineError';
}
