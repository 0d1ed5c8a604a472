/**
 * The engine of this runtime: the local assistant unless CHAT_ENGINE=bedrock, which needs
 * BEDROCK_MODEL_ID and a Converse sender (not bundled yet: see bedrock.ts), and fails loudly
 * without them rather than answering from another engine.
 */
import { localChatEngine } from './local.ts';
import { ChatEngineError, type ChatEngine } from './port.ts';

let override: ChatEngine | undefined;

/** Tests replace the engine (for example with one that fails); undefined restores the default. */
export function setChatEngine(engine: ChatEngine | undefined) {
  override = engine;
}

export function chatEngine(): ChatEngine {
  if (override) return override;
  if (process.env.CHAT_ENGINE === 'bedrock') {
    return {
      name: 'bedrock (unavailable)',
      reply: async () => {
        throw new ChatEngineError('CHAT_ENGINE=bedrock but no Bedrock client is bundled (add @aws-sdk/client-bedrock-runtime)');
      },
    };
  }
  return localChatEngine;
}
