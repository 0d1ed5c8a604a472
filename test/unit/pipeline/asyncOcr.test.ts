/**
 * The two halves of Textract's asynchronous path with every AWS call mocked (aws-sdk-client-mock):
 * the start function parks the task token and names the SNS channel; the completion function
 * pages through the results, stores the Blocks where RecogniseText does and answers the token.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendTaskFailureCommand, SendTaskHeartbeatCommand, SendTaskSuccessCommand, SFNClient } from '@aws-sdk/client-sfn';
import { GetDocumentTextDetectionCommand, StartDocumentTextDetectionCommand, TextractClient } from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import type { SNSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetClients } from '#adapters/aws.ts';
import { documentPrefix } from '#adapters/s3Documents.ts';
import { textractChannelEnv } from '#adapters/textractAsync.ts';
import { handler as start } from '#pipeline/recogniseTextAsync.ts';
import { handler as completed } from '#pipeline/textractCompleted.ts';
import { verdictOf } from '../../../functions/app/files/failures.ts';

const ddb = mockClient(DynamoDBDocumentClient);
const s3 = mockClient(S3Client);
const sfn = mockClient(SFNClient);
const textract = mockClient(TextractClient);

const flow = { kind: 'flow' as const, clientId: 'cli_a', id: 'flow-1', productType: 'CONSUMER_DURABLE_LOAN' };
const fileRecord = {
  seq: 3,
  fileUuid: 'f-uuid-3',
  documentId: 'statement',
  batchId: 'b1',
  state: 'DOWNLOADED',
  objectKey: `${documentPrefix(flow, 'f-uuid-3')}/original`,
  mime: 'application/pdf',
};
const taskToken = 'AQB4-token-of-the-waiting-state';
const jobKey = { pk: 'TEXTRACTJOB#job-1', sk: 'TEXTRACTJOB' };

const env = {
  TABLE_NAME: 'table',
  BUCKET_NAME: 'documents',
  AWS_REGION: 'ap-south-1',
  [textractChannelEnv.topicArn]: 'arn:aws:sns:ap-south-1:111122223333:textract-jobs',
  [textractChannelEnv.roleArn]: 'arn:aws:iam::111122223333:role/textract-publish',
};
const saved: Record<string, string | undefined> = {};

beforeEach(() => {
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  resetClients();
});

afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  for (const m of [ddb, s3, sfn, textract]) m.reset();
});

const textractError = (name: string) => Object.assign(new Error(`${name} from Textract`), { name });

describe('RecogniseTextAsync (start)', () => {
  // As the state machine hands it: the flow under the payload's key (adapters/pipelinePayload.ts).
  const input = { owner: flow, file: { seq: 3, mime: 'application/pdf' }, taskToken };

  it('starts text detection on the stored original with the SNS channel and stores the task token under the JobId', async () => {
    ddb.on(GetCommand).resolves({ Item: fileRecord });
    ddb.on(PutCommand).resolves({});
    textract.on(StartDocumentTextDetectionCommand).resolves({ JobId: 'job-1' });

    expect(await start(input)).toEqual({ jobId: 'job-1' });

    const [startCall] = textract.commandCalls(StartDocumentTextDetectionCommand);
    expect(startCall.args[0].input).toMatchObject({
      DocumentLocation: { S3Object: { Bucket: 'documents', Name: fileRecord.objectKey } },
      NotificationChannel: { SNSTopicArn: env[textractChannelEnv.topicArn], RoleArn: env[textractChannelEnv.roleArn] },
      // One job per task token: a Lambda retry of this attempt cannot start a second job.
      ClientRequestToken: createHash('sha256').update(taskToken).digest('hex'),
    });
    const puts = ddb.commandCalls(PutCommand);
    expect(puts).toHaveLength(1);
    expect(puts[0].args[0].input).toMatchObject({
      TableName: 'table',
      Item: {
        ...jobKey,
        jobId: 'job-1',
        taskToken,
        owner: flow, // the stored attribute's name (store/entities.ts)
        file: { seq: 3, mime: 'application/pdf' },
        fileUuid: 'f-uuid-3',
        state: 'WAITING',
        expiresAt: expect.any(Number),
      },
    });
  });

  it('throws throttling under a transient name the ASL retries, and stores no token', async () => {
    ddb.on(GetCommand).resolves({ Item: fileRecord });
    textract.on(StartDocumentTextDetectionCommand).rejects(textractError('ProvisionedThroughputExceededException'));
    await expect(start(input)).rejects.toMatchObject({ name: 'TransientError', message: expect.stringContaining('ProvisionedThroughputExceededException') });
    expect(ddb.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('turns a document Textract cannot read into the per-file verdict', async () => {
    ddb.on(GetCommand).resolves({ Item: fileRecord });
    textract.on(StartDocumentTextDetectionCommand).rejects(textractError('UnsupportedDocumentException'));
    await expect(start(input)).rejects.toMatchObject({ name: 'DocumentRejected.PROCESSING_FAILED' });
  });

  it('refuses to start without the SNS channel configured', async () => {
    ddb.on(GetCommand).resolves({ Item: fileRecord });
    delete process.env[textractChannelEnv.topicArn];
    await expect(start(input)).rejects.toThrow(/TEXTRACT_TOPIC_ARN/);
    expect(textract.commandCalls(StartDocumentTextDetectionCommand)).toHaveLength(0);
  });
});

describe('textractCompleted (SNS subscriber)', () => {
  const notification = (Status: string, API = 'StartDocumentTextDetection'): SNSEvent => ({
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:ap-south-1:111122223333:textract-jobs:sub',
        Sns: { Message: JSON.stringify({ JobId: 'job-1', Status, API, JobTag: 'file-3', Timestamp: 1 }) } as SNSEvent['Records'][0]['Sns'],
      },
    ],
  });
  const waitingJob = { ...jobKey, jobId: 'job-1', taskToken, owner: flow, file: { seq: 3, mime: 'application/pdf' }, fileUuid: 'f-uuid-3', state: 'WAITING' };
  const block = (Id: string, BlockType: 'PAGE' | 'LINE', Page: number, Text?: string) => ({ Id, BlockType, Page, ...(Text ? { Text } : {}) });

  it('reads every result page, stores the Blocks where RecogniseText does, sets ocrKey and sends task success', async () => {
    ddb.on(GetCommand).resolves({ Item: waitingJob });
    ddb.on(UpdateCommand).resolves({});
    s3.on(PutObjectCommand).resolves({});
    sfn.on(SendTaskHeartbeatCommand).resolves({});
    sfn.on(SendTaskSuccessCommand).resolves({});
    textract
      .on(GetDocumentTextDetectionCommand)
      .resolvesOnce({ JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 2 }, NextToken: 'page-2', Blocks: [block('p1', 'PAGE', 1), block('l1', 'LINE', 1, 'STATEMENT')] })
      .resolvesOnce({ JobStatus: 'SUCCEEDED', DocumentMetadata: { Pages: 2 }, Blocks: [block('p2', 'PAGE', 2), block('l2', 'LINE', 2, 'Closing balance')] });

    await completed(notification('SUCCEEDED'));

    const gets = textract.commandCalls(GetDocumentTextDetectionCommand).map((c) => c.args[0].input);
    expect(gets).toEqual([
      { JobId: 'job-1', MaxResults: 1000, NextToken: undefined },
      { JobId: 'job-1', MaxResults: 1000, NextToken: 'page-2' },
    ]);
    const ocrKey = `${documentPrefix(flow, 'f-uuid-3')}/blocks.json`;
    const [put] = s3.commandCalls(PutObjectCommand);
    expect(put.args[0].input).toMatchObject({ Bucket: 'documents', Key: ocrKey, ContentType: 'application/json' });
    expect(JSON.parse(String(put.args[0].input.Body)).map((b: { Id: string }) => b.Id)).toEqual(['p1', 'l1', 'p2', 'l2']);

    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    const fileUpdate = updates.find((u) => (u.Key as { sk: string }).sk === 'FILE#000003')!;
    // The file records where its Blocks are (placeholder names are the update builder's business).
    expect(Object.values(fileUpdate.ExpressionAttributeValues ?? {})).toContain(ocrKey);
    expect(updates.find((u) => (u.Key as { pk: string }).pk === jobKey.pk)?.ExpressionAttributeValues).toEqual({ ':done': 'DONE' });

    const [success] = sfn.commandCalls(SendTaskSuccessCommand);
    expect(success.args[0].input).toEqual({ taskToken, output: JSON.stringify({ seq: 3, mime: 'application/pdf' }) });
    // The heartbeat (Textract has reported) precedes the answer.
    expect(sfn.calls().map((c) => c.args[0].constructor.name)).toEqual(['SendTaskHeartbeatCommand', 'SendTaskSuccessCommand']);
    expect(sfn.commandCalls(SendTaskFailureCommand)).toHaveLength(0);
  });

  it('sends task failure under the name RecordFileFailure turns into the file verdict when the job FAILED', async () => {
    ddb.on(GetCommand).resolves({ Item: waitingJob });
    ddb.on(UpdateCommand).resolves({});
    sfn.on(SendTaskFailureCommand).resolves({});

    await completed(notification('FAILED'));

    expect(textract.commandCalls(GetDocumentTextDetectionCommand)).toHaveLength(0);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
    const [failure] = sfn.commandCalls(SendTaskFailureCommand);
    const { error, cause } = failure.args[0].input;
    expect(failure.args[0].input.taskToken).toBe(taskToken);
    // The ASL's Catch (States.ALL) hands { Error, Cause } to RecordFileFailure.
    expect(verdictOf({ Error: error, Cause: cause })).toEqual({ code: 'PROCESSING_FAILED', reason: 'the file could not be read as an image or PDF' });
    expect(sfn.commandCalls(SendTaskSuccessCommand)).toHaveLength(0);
  });

  it('throws when the token is not stored yet, so Lambda retries the notification', async () => {
    ddb.on(GetCommand).resolves({});
    await expect(completed(notification('SUCCEEDED'))).rejects.toMatchObject({ name: 'TextractJobNotFound' });
    expect(sfn.calls()).toHaveLength(0);
  });

  it('ignores a duplicate delivery of an answered job', async () => {
    ddb.on(GetCommand).resolves({ Item: { ...waitingJob, state: 'DONE' } });
    await completed(notification('SUCCEEDED'));
    expect(sfn.calls()).toHaveLength(0);
    expect(textract.calls()).toHaveLength(0);
  });

  it('finishes quietly when the waiting state already timed out', async () => {
    ddb.on(GetCommand).resolves({ Item: waitingJob });
    ddb.on(UpdateCommand).resolves({});
    s3.on(PutObjectCommand).resolves({});
    sfn.on(SendTaskHeartbeatCommand).rejects(Object.assign(new Error('gone'), { name: 'TaskTimedOut' }));
    sfn.on(SendTaskSuccessCommand).rejects(Object.assign(new Error('gone'), { name: 'TaskTimedOut' }));
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [block('p1', 'PAGE', 1)] });
    await expect(completed(notification('SUCCEEDED'))).resolves.toBeUndefined();
    expect(ddb.commandCalls(UpdateCommand).some((c) => (c.args[0].input.Key as { pk: string }).pk === jobKey.pk)).toBe(true);
  });

  it('lets other SFN errors fail the invocation (Lambda retries it)', async () => {
    ddb.on(GetCommand).resolves({ Item: waitingJob });
    ddb.on(UpdateCommand).resolves({});
    s3.on(PutObjectCommand).resolves({});
    sfn.on(SendTaskHeartbeatCommand).resolves({});
    sfn.on(SendTaskSuccessCommand).rejects(Object.assign(new Error('slow down'), { name: 'ThrottlingException' }));
    textract.on(GetDocumentTextDetectionCommand).resolves({ JobStatus: 'SUCCEEDED', Blocks: [block('p1', 'PAGE', 1)] });
    await expect(completed(notification('SUCCEEDED'))).rejects.toMatchObject({ name: 'TransientError', message: expect.stringContaining('ThrottlingException') });
    // Not marked DONE: the retried notification must answer again.
    expect(ddb.commandCalls(UpdateCommand).some((c) => (c.args[0].input.Key as { pk: string }).pk === jobKey.pk)).toBe(false);
  });
});
