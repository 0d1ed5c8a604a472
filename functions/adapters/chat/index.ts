/**
 * The engine of this runtime: Amazon Bedrock when CHAT_ENGINE=bedrock (the AWS stages set it with
 * BEDROCK_MODEL_ID on the chat route's function, lib/api.ts), else the local assistant. A missing
 * model id fails every chat (422) rather than answering from another engine.
 */
import { bedrockChatEngine } from './bedrock.ts';
import { localChatEngine } from './local.ts';
import { ChatEngineError, type ChatEngine } from './port.ts';

/** The environment of the chat route's function in AWS. */
export const chatEngineEnv = { engine: 'CHAT_ENGINE', modelId: 'BEDROCK_MODEL_ID' } as const;

let override: ChatEngine | undefined;

/** Tests replace the engine (for example with one that fails); undefined restores the default. */
export function setChatEngine(engine: ChatEngine | undefined) {
  override = engine;
}

export function chatEngine(): ChatEngine {
  if (override) return override;
  if (process.env[chatEngineEnv.engine] === 'bedrock') {
    const modelId = process.env[chatEngineEnv.modelId];
    if (modelId) return bedrockChatEngine(modelId);
    return {
      name: 'bedrock (no model id)',
      reply: async () => {
        throw new ChatEngineError(`CHAT_ENGINE=bedrock without ${chatEngineEnv.modelId}`);
      },
    };
  }
  return localChatEngine;
}
