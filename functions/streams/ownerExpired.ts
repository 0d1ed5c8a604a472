/**
 * ownerExpired: the table's stream delivers the TTL removal of a flow's or batch's OWNER item
 * (filtered in lib/lifecycle-expiry.ts to removals made by DynamoDB's TTL service), and everything
 * else of that owner goes with it: its file items, its objects in the bucket (which the bucket's
 * lifecycle would otherwise keep up to retentionDays after their own upload) and its callback
 * records. So a record's table items, objects and links expire together (docs/reliability.md).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eraseOwnerData } from '../app/erasure.ts';
import type { OwnerKind } from '#core/domain/flows.ts';
import { logger } from '#adapters/logger.ts';
import { task } from '#pipeline/task.ts';

const OWNER_PK = /^CLIENT#(.+)#(FLOW|BATCH|ONBOARDING)#(.+)$/;

export const handler = task(async (event: DynamoDBStreamEvent) => {
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys;
    const pk = keys?.pk?.S ?? '';
    const match = OWNER_PK.exec(pk);
    if (record.eventName !== 'REMOVE' || keys?.sk?.S !== 'OWNER' || !match) continue;
    const [, clientId, kind, id] = match;
    const round = Number(record.dynamodb?.OldImage?.filesTotal?.N ?? 0);
    const ref = { kind: kind.toLowerCase() as OwnerKind, clientId, id };
    const erased = await eraseOwnerData(ref, round);
    logger.info('expired owner erased', { owner: id, kind: ref.kind, ...erased });
  }
});
