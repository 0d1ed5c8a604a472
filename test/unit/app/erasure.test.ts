/**
 * Erasure against AWS APIs (mocked): running executions are stopped by ARN, one already gone is not
 * an error; objects are deleted page by page under the folder of the flow or batch only, and a prefix
 * that is not such a folder is refused.
 */
import { ListObjectsV2Command, DeleteObjectsCommand, S3Client } from '@aws-sdk/client-s3';
import { SFNClient, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '#adapters/aws.ts';
import { envNames } from '#adapters/tableSchema.ts';
import { flowOrBatchPrefix, stopExecutions } from '../../../functions/app/erasure.ts';
import { deletePrefix } from '#adapters/objectEraser.ts';

const sfn = mockClient(SFNClient);
const s3 = mockClient(S3Client);
const MACHINE = 'arn:aws:states:ap-south-1:123456789012:stateMachine:Pipeline';

beforeEach(() => {
  resetClients();
  sfn.reset();
  s3.reset();
  process.env[envNames.bucket] = 'docs-bucket';
});
afterEach(() => {
  delete process.env[envNames.stateMachine];
  delete process.env[envNames.bucket];
});

describe('stopExecutions', () => {
  it('stops each named execution of the pipeline; one that no longer exists is skipped', async () => {
    process.env[envNames.stateMachine] = MACHINE;
    const gone = Object.assign(new Error('gone'), { name: 'ExecutionDoesNotExist' });
    sfn.on(StopExecutionCommand).resolves({});
    sfn.on(StopExecutionCommand, { executionArn: `${MACHINE.replace(':stateMachine:', ':execution:')}:b` }).rejects(gone);
    expect(await stopExecutions(['a', 'b'])).toBe(1);
    expect(sfn.commandCalls(StopExecutionCommand).map((c) => c.args[0].input.executionArn)).toEqual([
      'arn:aws:states:ap-south-1:123456789012:execution:Pipeline:a',
      'arn:aws:states:ap-south-1:123456789012:execution:Pipeline:b',
    ]);
  });

  it('fails the erasure on any other error (it is asked for again, or swept)', async () => {
    process.env[envNames.stateMachine] = MACHINE;
    sfn.on(StopExecutionCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    await expect(stopExecutions(['a'])).rejects.toThrow('denied');
  });

  it('does nothing without a state machine (the local runner)', async () => {
    expect(await stopExecutions(['a'])).toBe(0);
    expect(sfn.commandCalls(StopExecutionCommand)).toHaveLength(0);
  });
});

describe('deletePrefix', () => {
  const prefix = flowOrBatchPrefix({ kind: 'flow', clientId: 'cli_a', id: '11111111-1111-4111-8111-111111111111' });

  it('deletes every page under the folder of the flow or batch until the listing is empty', async () => {
    expect(prefix).toBe('clients/cli_a/flow/11111111-1111-4111-8111-111111111111/');
    const page = (n: number, from: number) => ({ Contents: Array.from({ length: n }, (_, i) => ({ Key: `${prefix}f${from + i}/original` })) });
    s3.on(ListObjectsV2Command).resolvesOnce(page(1000, 0)).resolvesOnce(page(3, 1000)).resolves({ Contents: [] });
    s3.on(DeleteObjectsCommand).resolves({});
    expect(await deletePrefix(prefix)).toBe(1003);
    for (const call of s3.commandCalls(ListObjectsV2Command)) expect(call.args[0].input).toMatchObject({ Bucket: 'docs-bucket', Prefix: prefix });
    expect(s3.commandCalls(DeleteObjectsCommand).map((c) => c.args[0].input.Delete!.Objects!.length)).toEqual([1000, 3]);
  });

  it('reports objects S3 would not delete', async () => {
    s3.on(ListObjectsV2Command).resolves({ Contents: [{ Key: `${prefix}x` }] });
    s3.on(DeleteObjectsCommand).resolves({ Errors: [{ Key: `${prefix}x`, Code: 'AccessDenied' }] });
    await expect(deletePrefix(prefix)).rejects.toThrow(/AccessDenied/);
  });

  it('refuses a prefix that is not the folder of a flow or batch', async () => {
    for (const bad of ['clients/cli_a/flow/abc', 'clients/', 'clients/cli_a/']) await expect(deletePrefix(bad), bad).rejects.toThrow(/flow or batch folder/);
    expect(s3.commandCalls(ListObjectsV2Command)).toHaveLength(0);
  });
});
