/**
 * The state machine's payload keeps the name earlier versions gave the flow or batch, so executions
 * started by them (in flight during a deploy, redriven later) read the same: the execution input
 * is byte for byte what they sent, their task inputs and callback events read as the use cases'
 * names, and the ASL reads the key the code writes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromPayload, toPayload, type PipelineInput } from '#adapters/pipelinePayload.ts';
import { aslPath } from '../../../functions/local/stateMachine.ts';

const flow = { kind: 'flow' as const, clientId: 'cli_a', id: '00000000-0000-4000-8000-000000000001', productType: 'CONSUMER_DURABLE_LOAN' };

describe('the pipeline payload', () => {
  it('is the execution input earlier versions sent, byte for byte', () => {
    const input: PipelineInput = { flowOrBatch: flow, files: [{ seq: 1 }, { seq: 2 }] };
    expect(JSON.stringify(toPayload(input))).toBe(JSON.stringify({ owner: flow, files: [{ seq: 1 }, { seq: 2 }] }));
    const resumed: PipelineInput = { flowOrBatch: flow, files: [], resume: true };
    expect(JSON.stringify(toPayload(resumed))).toBe(JSON.stringify({ owner: flow, files: [], resume: true }));
  });

  it('reads what Task states hand their functions, from executions of earlier versions too', () => {
    // A Map iteration (DownloadFile, RecogniseText, ExtractFields, RecordFileFailure), RecogniseTextAsync's Payload.
    expect(fromPayload({ owner: flow, file: { seq: 3, mime: 'image/png' } })).toEqual({ flowOrBatch: flow, file: { seq: 3, mime: 'image/png' } });
    expect(fromPayload({ owner: flow, file: { seq: 3 }, taskToken: 't' })).toEqual({ flowOrBatch: flow, file: { seq: 3 }, taskToken: 't' });
    // DeliverCallback and DeadLetterCallback: the whole state, with Finalise's callback event.
    const callback = { eventId: 'e1', owner: { kind: 'flow', clientId: 'cli_a', id: flow.id }, round: 2, url: 'https://example.org/cb' };
    expect(fromPayload({ owner: flow, files: [], callback, callbackFailure: { Error: 'X' } })).toEqual({
      flowOrBatch: flow,
      files: [],
      callback: { eventId: 'e1', flowOrBatch: callback.owner, round: 2, url: 'https://example.org/cb' },
      callbackFailure: { Error: 'X' },
    });
    // Inputs without a flow or batch (and non-objects) pass as they are.
    expect(fromPayload({ Records: [] })).toEqual({ Records: [] });
    expect(fromPayload(undefined)).toBeUndefined();
  });

  it('gives Finalise\'s callback event back under the payload\'s names, as earlier versions returned it', () => {
    const event = { eventId: 'e1', flowOrBatch: { kind: 'batch', clientId: 'cli_a', id: 'b1' }, round: 1, url: 'https://example.org/cb' };
    expect(JSON.stringify(toPayload(event))).toBe(JSON.stringify({ eventId: 'e1', owner: event.flowOrBatch, round: 1, url: 'https://example.org/cb' }));
    expect(fromPayload({ callback: toPayload(event) })).toEqual({ callback: event });
    expect(toPayload({})).toEqual({});
  });

  it('is the key the ASL reads the flow or batch from', () => {
    const [key] = Object.keys(toPayload({ flowOrBatch: flow, files: [] }) as object);
    const asl = readFileSync(aslPath, 'utf8');
    expect(asl).toContain(`"${key}.$": "$.${key}"`);
    expect(asl).toContain(`"Variable": "$.${key}.kind"`);
    expect(asl).not.toContain('flowOrBatch');
  });
});
