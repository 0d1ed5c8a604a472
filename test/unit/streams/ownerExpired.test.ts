/** TTL removes a batch's OWNER item: its files, objects and callback records go with it. */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { startEmbeddedServices, type EmbeddedServices } from '../../../functions/local/embedded.ts';
import { createOwner, listFiles, putFiles, reserveFiles } from '#adapters/store/owners.ts';
import { fileObjects, putObject } from '#adapters/s3Documents.ts';
import { objects, bucketName } from '#adapters/aws.ts';
import { handler } from '../../../functions/streams/ownerExpired.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

const keysUnder = async (prefix: string) =>
  ((await objects().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix }))).Contents ?? []).map((o) => o.Key);

const removal = (pk: string, sk: string, filesTotal: number, principalId = 'dynamodb.amazonaws.com'): DynamoDBStreamEvent => ({
  Records: [{
    eventName: 'REMOVE',
    userIdentity: { type: 'Service', principalId },
    dynamodb: { Keys: { pk: { S: pk }, sk: { S: sk } }, OldImage: { filesTotal: { N: String(filesTotal) } } },
  } as never],
});

describe('ownerExpired', () => {
  it('erases the file items and objects of the expired owner, and nobody else\'s', async () => {
    const gone = { kind: 'batch' as const, clientId: 'cli_e', id: 'BATCH-000001-EXPIRE-20260101000000' };
    const kept = { kind: 'batch' as const, clientId: 'cli_e', id: 'BATCH-000002-KEEPIT-20260101000000' };
    for (const o of [gone, kept]) {
      await createOwner({ ...o, productType: 'MSME_LOAN', channel: 'bulk' });
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
});
