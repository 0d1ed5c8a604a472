/**
 * The Bedrock engine against the real SDK client, its transport replaced by aws-sdk-client-mock:
 * what one Converse request carries (and leaves out), and that a Bedrock error is the route's 422.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { chatEngine, chatEngineEnv } from '#adapters/chat/index.ts';
import { ChatEngineError } from '#adapters/chat/port.ts';
import type { ChatContext } from '#core/onboarding/chatPolicy.ts';
import { api, startService } from '../../../integration/harness.ts';
import type { LocalService } from '../../../../functions/local/index.ts';

const MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';
const bedrock = mockClient(BedrockRuntimeClient);

const ctx: ChatContext = {
  productType: 'MSME_LOAN',
  flowState: 'ACTIVE',
  applicants: [
    { externalReferenceId: 'CUST-1', username: 'Asha Verma', applicantType: 'primary', deleted: false, checklist: { PAN: true, BANK_STATEMENT: false } },
    { externalReferenceId: 'CO-1', username: 'Ravi Kumar', applicantType: 'coApplicant', deleted: false, checklist: { PAN: false } },
    { externalReferenceId: 'CO-2', username: 'Gone Person', applicantType: 'coApplicant', deleted: true, checklist: { PAN: false } },
  ],
  files: [
    { documentId: 'pan-1', externalReferenceId: 'CUST-1', status: 'PROCESSING_SUCCESS', documentType: 'PAN' },
    { documentId: 'stmt-1', externalReferenceId: 'CUST-1', status: 'FAILED', errorCode: 'UNRECOGNISED', errorReason: 'account 001234567890 unreadable' },
    { documentId: 'pan-gone', externalReferenceId: 'CO-2', status: 'PROCESSING_SUCCESS', documentType: 'PAN' },
  ],
};

const env = (vars: Record<string, string | undefined>) => {
  for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k]; else process.env[k] = v;
};

afterEach(() => {
  bedrock.reset();
  env({ [chatEngineEnv.engine]: undefined, [chatEngineEnv.modelId]: undefined });
});
afterAll(() => bedrock.restore());

describe('the Bedrock chat engine (Converse)', () => {
  it('is the engine when CHAT_ENGINE=bedrock, and sends the model id, the fixed system prompt and one user turn with the state', async () => {
    env({ [chatEngineEnv.engine]: 'bedrock', [chatEngineEnv.modelId]: MODEL });
    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [{ text: 'CO-1 still needs a PAN card.' }] } }, stopReason: 'end_turn' });
    const engine = chatEngine();
    expect(engine.name).toBe(`bedrock:${MODEL}`);
    expect(await engine.reply('What is missing for CO-1?', ctx)).toBe('CO-1 still needs a PAN card.');

    const calls = bedrock.commandCalls(ConverseCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0].args[0].input;
    expect(input.modelId).toBe(MODEL);
    expect(input.inferenceConfig).toEqual({ maxTokens: 400, temperature: 0 });
    const system = input.system!.map((s) => ('text' in s ? s.text : '')).join('');
    expect(system).toMatch(/onboarding assistant/);
    expect(input.messages).toHaveLength(1);
    expect(input.messages![0].role).toBe('user');
    const turn = input.messages![0].content!.map((c) => ('text' in c ? c.text : '')).join('');
    expect(turn).toMatch(/^FLOW STATE:\n\{.*\}\n\nQUESTION:\nWhat is missing for CO-1\?$/s);
    const state = JSON.parse(turn.split('\n')[1]);
    expect(state.applicants.map((a: { reference: string }) => a.reference)).toEqual(['CUST-1', 'CO-1']);
    expect(state.documents.map((d: { document_id: string }) => d.document_id)).toEqual(['pan-1', 'stmt-1']);
    // No names, no numbers read from documents, no error reasons (they may quote values), no deleted applicant.
    for (const text of [system, turn]) {
      expect(text).not.toMatch(/Asha|Verma|Ravi|Kumar|Gone Person|CO-2|pan-gone/);
      expect(text).not.toMatch(/\d{6,}/);
    }
  });

  it('turns a Bedrock error, an empty answer or a missing model id into a ChatEngineError', async () => {
    env({ [chatEngineEnv.engine]: 'bedrock', [chatEngineEnv.modelId]: MODEL });
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(chatEngine().reply('hi', ctx)).rejects.toThrow(ChatEngineError);
    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [] } }, stopReason: 'guardrail_intervened' });
    await expect(chatEngine().reply('hi', ctx)).rejects.toThrow(/no text \(guardrail_intervened\)/);
    env({ [chatEngineEnv.modelId]: undefined });
    await expect(chatEngine().reply('hi', ctx)).rejects.toThrow(/without BEDROCK_MODEL_ID/);
    expect(bedrock.commandCalls(ConverseCommand)).toHaveLength(2);
  });
});

describe('POST /v2/verification/chat with CHAT_ENGINE=bedrock (local server)', () => {
  let service: LocalService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.stop());

  it('answers the model\'s text, and 422 when Bedrock fails (the user\'s message stays in the history)', async () => {
    const a = api(service);
    const token = await a.token();
    const call = (method: string, path: string, json?: unknown) => a.call(method, path, { json, headers: { Token: token } });
    const init = await call('POST', '/v2/verification/flow/init', {
      product_type: 'MSME_LOAN', application_id: `APP-BR-${Date.now()}`, external_reference_id: 'CUST-1', username: 'Asha Verma', user_docs: ['PAN'],
    });
    expect(init.status).toBe(201);
    const flow = init.body.flow_id as string;
    env({ [chatEngineEnv.engine]: 'bedrock', [chatEngineEnv.modelId]: MODEL });

    bedrock.on(ConverseCommand).resolves({ output: { message: { role: 'assistant', content: [{ text: 'CUST-1 still needs a PAN card.' }] } }, stopReason: 'end_turn' });
    const ok = await call('POST', '/v2/verification/chat', { flow_id: flow, message: 'What is missing?' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('CUST-1 still needs a PAN card.');
    const sent = bedrock.commandCalls(ConverseCommand)[0].args[0].input;
    const turn = sent.messages![0].content!.map((c) => ('text' in c ? c.text : '')).join('');
    expect(JSON.parse(turn.split('\n')[1]).applicants).toEqual([{ reference: 'CUST-1', role: 'primary', checklist: { PAN: false } }]);
    expect(JSON.stringify(sent)).not.toContain('Asha');

    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('Model is not ready'), { name: 'ModelNotReadyException' }));
    const failed = await call('POST', '/v2/verification/chat', { flow_id: flow, message: 'Am I ready to submit?' });
    expect(failed).toEqual({ status: 422, body: { error: 'The assistant could not process the message; try again' } });
    const history = await call('GET', `/v2/verification/chat-history?flow_id=${flow}`);
    expect(history.body.data.map((m: { sender: string; message: string }) => `${m.sender}: ${m.message}`)).toEqual([
      'user: Am I ready to submit?', 'assistant: CUST-1 still needs a PAN card.', 'user: What is missing?',
    ]);
  });
});
