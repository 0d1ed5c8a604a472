/**
 * Amazon Bedrock (Converse API) as the assistant's engine. @aws-sdk/client-bedrock-runtime is not
 * a dependency yet, so this adapter is written against the one call it needs (`ConverseSender`):
 * `new BedrockRuntimeClient({}).send(new ConverseCommand(input))` fits it once the package is added
 * (docs/onboarding.md). The model sees the state built by core/onboarding/prompt.ts, nothing more.
 */
import { converseRequest } from '../../core/onboarding/prompt.ts';
import { ChatEngineError, type ChatEngine } from './port.ts';

export type ConverseInput = ReturnType<typeof converseRequest> & { modelId: string };
export interface ConverseOutput {
  output?: { message?: { content?: { text?: string }[] } };
  stopReason?: string;
}
export type ConverseSender = (input: ConverseInput) => Promise<ConverseOutput>;

export function bedrockChatEngine(modelId: string, send: ConverseSender): ChatEngine {
  return {
    name: `bedrock:${modelId}`,
    async reply(message, context) {
      let out: ConverseOutput;
      try {
        out = await send({ modelId, ...converseRequest(message, context) });
      } catch (err) {
        throw new ChatEngineError(`Bedrock Converse failed: ${(err as Error).name}`);
      }
      const text = (out.output?.message?.content ?? []).map((c) => c.text ?? '').join('').trim();
      if (!text) throw new ChatEngineError(`Bedrock Converse returned no text (${out.stopReason ?? 'no stop reason'})`);
      return text;
    },
  };
}
