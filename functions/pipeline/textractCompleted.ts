/**
 * textractCompleted: subscribed to the SNS topic Textract reports job ends to; stores a finished
 * job's Blocks and answers the waiting RecogniseTextAsync state (app/files/textractJobs.ts). Not a
 * Task state: SNS invokes it asynchronously, so a thrown error is retried by Lambda (twice) and,
 * past that, the state's heartbeat timeout takes over.
 */
import type { SNSEvent } from 'aws-lambda';
import { task } from './task.ts';
import { completeTextractJobs } from '../app/files/textractJobs.ts';

export const handler = task((event: SNSEvent) => completeTextractJobs(event.Records.map((record) => record.Sns.Message)));
