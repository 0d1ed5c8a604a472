/** The pipeline task wrapper: middy with Powertools context, tracing, the metrics flush and the transient names. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pipelineTask, task } from '../../../functions/pipeline/task.ts';
import { logger } from '../../../functions/adapters/logger.ts';
import { metrics } from '../../../functions/adapters/metrics.ts';
import { tracer } from '../../../functions/adapters/tracer.ts';
import { logLines } from '../http/middleware/fixtures.ts';
import type { Context } from 'aws-lambda';

afterEach(() => vi.restoreAllMocks());
const context = (awsRequestId: string) => ({ awsRequestId, functionName: 'docstream-ExtractFields' }) as Context;

describe('task', () => {
  it('returns what the task returns, its lines carrying the request id and the Lambda context', async () => {
    const handler = task(async (input: { n: number }) => (logger.info('working'), input.n * 2));
    let out: number | undefined;
    const lines = await logLines(async () => { out = await handler({ n: 21 }, context('t-1')); });
    expect(out).toBe(42);
    expect(lines.find((l) => l.message === 'working')).toMatchObject({ request_id: 't-1', function_name: 'docstream-ExtractFields', cold_start: expect.any(Boolean) });
  });

  it('rethrows a transient failure under a name the ASL retries, anything else as it is', async () => {
    const throttled = Object.assign(new Error('rate exceeded'), { name: 'ThrottlingException' });
    await expect(task(async () => { throw throttled; })({}, context('t-2'))).rejects.toMatchObject({ name: 'TransientError' });
    const verdict = Object.assign(new Error('not a document'), { name: 'UnreadableDocument' });
    await expect(task(async () => { throw verdict; })({}, context('t-3'))).rejects.toBe(verdict);
  });

  it('flushes the metrics the task added, success or failure', async () => {
    vi.spyOn(metrics, 'hasStoredMetrics').mockReturnValue(true);
    const publish = vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => metrics);
    await task(async () => 1)({}, context('t-4'));
    await task(async () => { throw new Error('x'); })({}, context('t-5')).catch(() => {});
    expect(publish).toHaveBeenCalledTimes(2);
  });

  it('traces the handler where tracing is on, recording errors but never the result', async () => {
    vi.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    vi.spyOn(tracer, 'getSegment').mockReturnValue(undefined);
    const annotate = vi.spyOn(tracer, 'annotateColdStart').mockImplementation(() => {});
    vi.spyOn(tracer, 'addServiceNameAnnotation').mockImplementation(() => {});
    const result = vi.spyOn(tracer, 'addResponseAsMetadata');
    await task(async () => ({ fields: 'personal' }))({}, context('t-6'));
    expect(annotate).toHaveBeenCalledTimes(1);
    expect(result).not.toHaveBeenCalled();
  });

  it('leaves running out of time to Lambda (Sandbox.Timedout, retried by the ASL), not to middy', async () => {
    const nearlyOut = { ...context('t-7'), getRemainingTimeInMillis: () => 6 } as Context;
    await expect(task(async () => { await new Promise((r) => setTimeout(r, 30)); return 'done'; })({}, nearlyOut)).resolves.toBe('done');
  });

  it('runs without a Lambda context (direct calls)', async () => {
    await expect(task(async () => 'ok')({})).resolves.toBe('ok');
  });
});

describe('pipelineTask', () => {
  it('hands the use case the flow or batch under its name, and returns the state machine\'s', async () => {
    const flow = { kind: 'flow', clientId: 'cli_a', id: 'f1' };
    let seen: unknown;
    const handler = pipelineTask(async (input: { flowOrBatch: typeof flow; callback: { flowOrBatch: typeof flow } }) => {
      seen = input;
      return { eventId: 'e1', flowOrBatch: input.flowOrBatch };
    });
    // Keyed as the ASL keys it (adapters/pipelinePayload.ts).
    const out = await handler({ owner: flow, callback: { eventId: 'e0', owner: flow } }, context('t-9'));
    expect(seen).toEqual({ flowOrBatch: flow, callback: { eventId: 'e0', flowOrBatch: flow } });
    expect(out).toEqual({ eventId: 'e1', owner: flow });
  });
});
