/** The shared table operations: update expressions, and batch writes and reads that retry what DynamoDB leaves. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchGetCommand, BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

const send = vi.fn();
vi.mock('#adapters/aws.ts', () => ({ ddb: () => ({ send }), tableName: () => 'T' }));
const { batchGetAll, batchWriteAll, inGsi1, inPartition, queryAll, updateExpression } = await import('#adapters/store/table.ts');

afterEach(() => send.mockReset());

describe('updateExpression', () => {
  it('sets, removes (undefined values too) and adds through placeholders', () => {
    expect(updateExpression({ set: { state: 'DONE', retentionDays: undefined }, remove: ['fileUrl'], add: { tokenGeneration: 1 } })).toEqual({
      UpdateExpression: 'SET #u0 = :u0 REMOVE #u1, #u2 ADD #u3 :u1',
      ExpressionAttributeNames: { '#u0': 'state', '#u1': 'retentionDays', '#u2': 'fileUrl', '#u3': 'tokenGeneration' },
      ExpressionAttributeValues: { ':u0': 'DONE', ':u1': 1 },
    });
  });

  it('leaves out values when there are none to send', () => {
    expect(updateExpression({ remove: ['a'] })).toEqual({ UpdateExpression: 'REMOVE #u0', ExpressionAttributeNames: { '#u0': 'a' } });
  });
});

describe('key conditions', () => {
  it('name the table keys and the gsi1 index', () => {
    expect(inPartition('P', { between: ['a', 'b'] }).KeyConditionExpression).toBe('pk = :pk AND sk BETWEEN :a AND :b');
    expect(inGsi1('OPEN', { before: 't' })).toEqual({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :gpk AND gsi1sk < :gsk', ExpressionAttributeValues: { ':gpk': 'OPEN', ':gsk': 't' } });
  });
});

describe('queryAll', () => {
  it('follows LastEvaluatedKey to the last page', async () => {
    send.mockResolvedValueOnce({ Items: [{ n: 1 }], LastEvaluatedKey: { pk: 'x' } }).mockResolvedValueOnce({ Items: [{ n: 2 }] });
    expect(await queryAll(inPartition('P'))).toEqual([{ n: 1 }, { n: 2 }]);
    expect((send.mock.calls[1][0] as QueryCommand).input.ExclusiveStartKey).toEqual({ pk: 'x' });
  });
});

describe('batchWriteAll', () => {
  it('writes in chunks of 25 and sends again what comes back unprocessed', async () => {
    const puts = Array.from({ length: 30 }, (_, i) => ({ PutRequest: { Item: { pk: `p${i}`, sk: 's' } } }));
    send
      .mockResolvedValueOnce({ UnprocessedItems: { T: puts.slice(3, 5) } })
      .mockResolvedValueOnce({ UnprocessedItems: {} })
      .mockResolvedValueOnce({});
    await batchWriteAll(puts);
    const sent = send.mock.calls.map(([c]) => (c as BatchWriteCommand).input.RequestItems!.T);
    expect(sent.map((r) => r.length)).toEqual([25, 2, 5]);
    expect(sent[1]).toEqual(puts.slice(3, 5));
  });
});

describe('batchGetAll', () => {
  it('asks again for unprocessed keys and returns every item', async () => {
    const keys = [{ pk: 'a', sk: 'RECORD' }, { pk: 'b', sk: 'RECORD' }];
    send.mockResolvedValueOnce({ Responses: { T: [{ pk: 'a' }] }, UnprocessedKeys: { T: { Keys: [keys[1]] } } }).mockResolvedValueOnce({ Responses: { T: [{ pk: 'b' }] } });
    expect(await batchGetAll(keys, { projection: 'pk', consistent: true })).toEqual([{ pk: 'a' }, { pk: 'b' }]);
    expect((send.mock.calls[0][0] as BatchGetCommand).input.RequestItems!.T).toEqual({ Keys: keys, ProjectionExpression: 'pk', ConsistentRead: true });
    expect((send.mock.calls[1][0] as BatchGetCommand).input.RequestItems!.T).toEqual({ Keys: [keys[1]] });
  });
});

describe('listDeadLetters', () => {
  it('reads every page of the index (it read only the first)', async () => {
    const { listDeadLetters } = await import('#adapters/store/callbacks.ts');
    send.mockResolvedValueOnce({ Items: [{ eventId: 'e1' }], LastEvaluatedKey: { pk: 'x' } }).mockResolvedValueOnce({ Items: [{ eventId: 'e2' }] });
    expect((await listDeadLetters()).map((d) => d.eventId)).toEqual(['e1', 'e2']);
    expect((send.mock.calls[0][0] as QueryCommand).input).toMatchObject({ IndexName: 'gsi1', ExpressionAttributeValues: { ':gpk': 'DEADLETTER' } });
  });
});
