/** TTL removes a flow's or batch's record: its files, objects and callback records go with it. */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { startEmbeddedServices, type EmbeddedServices } from '../../../functions/local/embedded.ts';
import { createFlowOrBatch, listFiles, putFiles, reserveFiles } from '#adapters/store/flowsAndBatches.ts';
import { fileObjects, putObject } from '#adapters/s3Documents.ts';
import { objects, bucketName } from '#adapters/aws.ts';
import { handler } from '../../../functions/streams/flowOrBatchExpired.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

const keysUnder = async (prefix: string) =>
  ((await objects().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

const removal = (pk: string, sk: string, filesTotal: number, principalId = 'dynamodb.amazonaws.com', eventName = 'REMOVE'): DynamoDBStreamEvent => ({
  Records: [{
    eventName,
    userIdentity: { type: 'Service', principalId },
    dynamodb: { Keys: { pk: { S: pk }, sk: { S: sk } }, OldImage: { filesTotal: { N: String(filesTotal) } } },
  } as never],
});

describe('flowOrBatchExpired', () => {
  it('erases the file items and objects of the expired batch, and nobody else\'s', async () => {
    const gone = { kind: 'batch' as const, clientId: 'cli_e', id: 'BATCH-000001-EXPIRE-20260101000000' };
    const kept = { kind: 'batch' as const, clientId: 'cli_e', id: 'BATCH-000002-KEEPIT-20260101000000' };
    for (const o of [gone, kept]) {
      await createFlowOrBatch({ ...o, productType: 'MSME_LOAN', channel: 'bulk' });
      await reserveFiles(o, 1, `upload-${o.id}`);
      await putFiles(o, [{ seq: 1, fileUuid: 'f1', documentId: 'd1', batchId: o.id, state: 'QUEUED' }]);
      await putObject(fileObjects(o, 'f1').original, 'bytes', 'image/png');
    }
    await handler(removal(`CLIENT#cli_e#BATCH#${gone.id}`, 'OWNER', 1));
    expect(await listFiles(gone)).toEqual([]);
    expect(await keysUnder(`clients/cli_e/batch/${gone.id}/`)).toEqual([]);
    expect(await listFiles(kept)).toHaveLength(1);
    expect(await keysUnder(`clients/cli_e/batch/${kept.id}/`)).toHaveLength(1);
    // Other removals are none of its business.
    await handler(removal(`CLIENT#cli_e#BATCH#${kept.id}`, 'FILE#000001', 1));
    expect(await listFiles(kept)).toHaveLength(1);
  });

  it('reads v3 and v2 flows from the record\'s key as well, and acts only on removals of records', async () => {
    const flow = { kind: 'flow' as const, clientId: 'cli_e', id: '00000000-0000-4000-8000-0000000000e1' };
    const v2 = { kind: 'onboarding' as const, clientId: 'cli_e', id: '00000000-0000-4000-8000-0000000000e2' };
    for (const o of [flow, v2]) {
      await createFlowOrBatch({ ...o, productType: 'MSME_LOAN' });
      await reserveFiles(o, 1, `upload-${o.id}`);
      await putFiles(o, [{ seq: 1, fileUuid: 'f1', documentId: 'd1', batchId: 'b', state: 'QUEUED' }]);
    }
    // A change that is not a removal, and a removal of another item in the partition: nothing goes.
    await handler(removal(`CLIENT#cli_e#FLOW#${flow.id}`, 'OWNER', 1, 'dynamodb.amazonaws.com', 'MODIFY'));
    await handler(removal(`CLIENT#cli_e#ONBOARDING#${v2.id}`, 'FLOW', 1));
    expect(await listFiles(flow)).toHaveLength(1);
    expect(await listFiles(v2)).toHaveLength(1);
    await handler(removal(`CLIENT#cli_e#FLOW#${flow.id}`, 'OWNER', 1));
    await handler(removal(`CLIENT#cli_e#ONBOARDING#${v2.id}`, 'OWNER', 1));
    expect(await listFiles(flow)).toEqual([]);
    expect(await listFiles(v2)).toEqual([]);
  });
});
