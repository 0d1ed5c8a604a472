/**
 * Textract's asynchronous text detection, for multi-page PDFs. Start returns at once with a JobId;
 * Textract publishes the job's end to an SNS topic (it assumes the given role to publish), and the
 * subscriber reads the Blocks page by page. Nothing here polls: the SNS notification is the signal.
 */
import {
  GetDocumentTextDetectionCommand,
  StartDocumentTextDetectionCommand,
  TextractClient,
  type GetDocumentTextDetectionCommandOutput,
} from '@aws-sdk/client-textract';
import type { Block } from '../core/documents/blocks.ts';
import { tracer } from './tracer.ts';

/** Environment of the start function (lib/textract-async.ts sets both). */
export const textractChannelEnv = {
  topicArn: 'TEXTRACT_TOPIC_ARN',
  roleArn: 'TEXTRACT_PUBLISH_ROLE_ARN',
} as const;

let client: TextractClient | undefined;
const textract = () => (client ??= tracer.captureAWSv3Client(new TextractClient({})));

export interface StartTextDetection {
  bucket: string;
  key: string;
  /** Idempotency: the same token within 7 days returns the same JobId instead of a second job. */
  clientRequestToken: string;
  /** Shows up in the SNS notification; an id, never personal data. */
  jobTag?: string;
}

/** The SNS topic and publishing role from the environment; missing configuration fails loudly. */
export function notificationChannel(env: NodeJS.ProcessEnv = process.env) {
  const SNSTopicArn = env[textractChannelEnv.topicArn];
  const RoleArn = env[textractChannelEnv.roleArn];
  if (!SNSTopicArn || !RoleArn) {
    throw new Error(`${textractChannelEnv.topicArn} and ${textractChannelEnv.roleArn} must be set for Textract's async API`);
  }
  return { SNSTopicArn, RoleArn };
}

/** Starts text detection on an S3 object; returns the JobId. Throttling keeps Textract's error names. */
export async function startTextDetection(req: StartTextDetection): Promise<string> {
  const out = await textract().send(
    new StartDocumentTextDetectionCommand({
      DocumentLocation: { S3Object: { Bucket: req.bucket, Name: req.key } },
      NotificationChannel: notificationChannel(),
      ClientRequestToken: req.clientRequestToken,
      JobTag: req.jobTag,
    }),
  );
  if (!out.JobId) throw new Error('StartDocumentTextDetection returned no JobId');
  return out.JobId;
}

export type TextDetectionStatus = NonNullable<GetDocumentTextDetectionCommandOutput['JobStatus']>;

export interface TextDetectionResult {
  status: TextDetectionStatus;
  blocks: Block[];
  statusMessage?: string;
  pages?: number;
}

/**
 * Every result page of a finished job, in order (GetDocumentTextDetection with NextToken, up to
 * 1000 Blocks per call). Called once per SNS notification, never in a waiting loop.
 */
export async function getTextDetectionBlocks(jobId: string): Promise<TextDetectionResult> {
  const blocks: Block[] = [];
  let nextToken: string | undefined;
  let first: GetDocumentTextDetectionCommandOutput | undefined;
  do {
    const page = await textract().send(new GetDocumentTextDetectionCommand({ JobId: jobId, MaxResults: 1000, NextToken: nextToken }));
    first ??= page;
    // A job that is not SUCCEEDED/PARTIAL_SUCCESS has no Blocks worth paging through.
    if (page.JobStatus !== 'SUCCEEDED' && page.JobStatus !== 'PARTIAL_SUCCESS') break;
    blocks.push(...((page.Blocks ?? []) as Block[]));
    nextToken = page.NextToken;
  } while (nextToken);
  return {
    status: first.JobStatus ?? 'FAILED',
    blocks,
    statusMessage: first.StatusMessage,
    pages: first.DocumentMetadata?.Pages,
  };
}
