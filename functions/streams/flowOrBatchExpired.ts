/**
 * flowOrBatchExpired: the table's stream delivers the TTL removal of a flow's or batch's record
 * (filtered in lib/expiry.ts to removals made by DynamoDB's TTL service), and everything else of
 * that flow or batch goes with it: its file items, its objects in the bucket (which the bucket's
 * lifecycle would otherwise keep up to retentionDays after their own upload) and its callback
 * records. So a record's table items, objects and links expire together (docs/reliability.md).
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { eraseFlowOrBatchData } from '../app/erasure.ts';
import { flowOrBatchOfKey } from '#adapters/store/flowsAndBatches.ts';
import { logger } from '#adapters/logger.ts';
import { task } from '#pipeline/task.ts';

export const handler = task(async (event: DynamoDBStreamEvent) => {
  for (const record of event.Records) {
    const keys = record.dynamodb?.Keys;
    const ref = flowOrBatchOfKey({ pk: keys?.pk?.S ?? '', sk: keys?.sk?.S ?? '' });
    if (record.eventName !== 'REMOVE' || !ref) continue;
    const round = Number(record.dynamodb?.OldImage?.filesTotal?.N ?? 0);
    const erased = await eraseFlowOrBatchData(ref, round);
    logger.info('expired flow or batch erased', { flowOrBatch: ref.id, kind: ref.kind, ...erased });
  }
});
