/**
 * Textract jobs waiting for their SNS notification: JobId -> the Step Functions task token and the
 * file it reads. Keyed by JobId alone because the notification carries nothing else we could
 * trust (like DEADLETTER#, an internal record, not a tenant's); the flow or batch is inside the item.
 * Kept after completion (state DONE) so a duplicate SNS delivery is recognised, and expired by TTL.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';
import { TextractJob as TextractJobItem, readFlowOrBatch, storedFlowOrBatch } from './entities.ts';

export interface TextractJob {
  jobId: string;
  taskToken: string;
  flowOrBatch: FlowOrBatchRef & { productType: string };
  /** What the waiting state receives back (ResultPath $.file), as RecogniseText returns it. */
  file: { seq: number; mime?: string };
  fileUuid: string;
  state: 'WAITING' | 'DONE';
  startedAt: string;
}

const jobKey = (jobId: string) => TextractJobItem.key({ jobId });

/** Records (or, on a retried start that got the same JobId, replaces) the waiting token. */
export async function putTextractJob(job: Omit<TextractJob, 'state' | 'startedAt'>): Promise<void> {
  const item: TextractJob = { ...job, state: 'WAITING', startedAt: new Date().toISOString() };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...jobKey(job.jobId), ...storedFlowOrBatch(item), expiresAt: TextractJobItem.ttl() },
    }),
  );
}

export async function getTextractJob(jobId: string): Promise<TextractJob | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: jobKey(jobId), ConsistentRead: true }));
  return out.Item && readFlowOrBatch<TextractJob>(out.Item);
}

export async function markTextractJobDone(jobId: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: jobKey(jobId),
      UpdateExpression: 'SET #state = :done',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':done': 'DONE' },
    }),
  );
}
