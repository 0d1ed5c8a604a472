/**
 * Amazon Bedrock (Converse API) as the assistant's engine. The model sees the state built by
 * core/onboarding/prompt.ts, nothing more. The one SDK call sits behind `ConverseSender` so the
 * engine's rules (no text is a failure, every error a ChatEngineError) test without the SDK.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { converseRequest } from '../../core/onboarding/prompt.ts';
import { ChatEngineError, type ChatEngine } from './port.ts';
import { tracer } from '../tracer.ts';

export type ConverseInput = ReturnType<typeof converseRequest> & { modelId: string };
export interface ConverseOutput {
  output?: { message?: { content?: { text?: string }[] } };
  stopReason?: string;
}
export type ConverseSender = (input: ConverseInput) => Promise<ConverseOutput>;

let client: BedrockRuntimeClient | undefined;

/** The real sender: one Converse call with the function's role, in the function's region. */
export const bedrockConverse: ConverseSender = async (input) => {
  // A chat is answered while the integrator waits: few SDK retries, and a bound on the whole call.
  client ??= tracer.captureAWSv3Client(new BedrockRuntimeClient({ maxAttempts: 2 }));
  return (await client.send(new ConverseCommand(input), { abortSignal: AbortSignal.timeout(20_000) })) as ConverseOutput;
};

export function bedrockChatEngine(modelId: string, send: ConverseSender = bedrockConverse): ChatEngine {
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
