/** One list of transient errors: every Task state retries all of it, and tasks throw under its names. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSIENT_ERRORS, asTransient, isTransient } from '#adapters/transientErrors.ts';
import { task } from '#pipeline/task.ts';

interface State { Type: string; Retry?: { ErrorEquals: string[] }[]; ItemProcessor?: { States: Record<string, State> } }

function taskStates(states: Record<string, State>): [string, State][] {
  return Object.entries(states).flatMap(([name, s]) => [
    ...(s.Type === 'Task' ? [[name, s] as [string, State]] : []),
    ...(s.ItemProcessor ? taskStates(s.ItemProcessor.States) : []),
  ]);
}

describe('transient errors', () => {
  const asl = JSON.parse(readFileSync(new URL('../../../statemachines/pipeline.asl.json', import.meta.url), 'utf8'));

  it.each(taskStates(asl.States))('%s retries every name of the list', (_name, state) => {
    const retried = new Set((state.Retry ?? []).flatMap((r) => r.ErrorEquals));
    const missing = retried.has('States.ALL') ? [] : TRANSIENT_ERRORS.filter((e) => !retried.has(e));
    expect(missing).toEqual([]);
  });

  it('includes the Lambda service errors', () => {
    expect(TRANSIENT_ERRORS).toEqual(expect.arrayContaining(['Lambda.ServiceException', 'Lambda.Unknown', 'Sandbox.Timedout', 'Lambda.TooManyRequestsException']));
  });

  it.each([
    ['S3 throttling', Object.assign(new Error('Please reduce your request rate.'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } })],
    ['S3 internal error', Object.assign(new Error('We encountered an internal error'), { name: 'InternalError', $metadata: { httpStatusCode: 500 } })],
    ['DynamoDB throughput', Object.assign(new Error('rate'), { name: 'ProvisionedThroughputExceededException' })],
    ['Textract throttling', Object.assign(new Error('slow down'), { name: 'ThrottlingException' })],
    ['any 5xx', Object.assign(new Error('bad gateway'), { name: 'SomethingNew', $metadata: { httpStatusCode: 502 } })],
  ])('a task rethrows %s under a listed name', async (_what, err) => {
    const failing = task(async () => {
      throw err;
    });
    const thrown = (await failing({}).catch((e: Error) => e)) as Error;
    expect(TRANSIENT_ERRORS).toContain(thrown.name);
    expect(thrown.message).toContain((err as Error).name);
  });

  it('leaves other errors as they are', async () => {
    const rejected = Object.assign(new Error('not a PNG'), { name: 'DocumentRejected.UNRECOGNISED' });
    expect(isTransient(rejected)).toBe(false);
    expect(asTransient(rejected)).toBe(rejected);
    const fetchError = Object.assign(new Error('timeout'), { name: 'TransientFetchError' });
    expect(asTransient(fetchError)).toBe(fetchError);
  });
});
