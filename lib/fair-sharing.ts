/**
 * The stage-wide bound on the pipeline's Textract calls (issue 12 item 8): every function that calls Textract
 * gets `fairSharing.textractConcurrency` reserved executions, so however many executions run, Textract sees
 * at most that many calls at once. Invocations beyond it are throttled and retried by Step Functions (every
 * Task retries Lambda.TooManyRequestsException) or, for the SNS-invoked completion function, by Lambda.
 * Admission at the upload routes (files in flight per client and per stage) keeps that backlog short.
 */
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { taskAccess, type Pipeline } from './pipeline.ts';
import type { StageConfig } from './stage-config.ts';

export function textractCallers(pipeline: Pipeline) {
  return [
    ...Object.entries(pipeline.functions).filter(([state]) => taskAccess[state]?.textract?.length).map(([, fn]) => fn),
    pipeline.textractCompleted,
  ];
}

export function boundTextractConcurrency(pipeline: Pipeline, stageConfig: StageConfig): void {
  for (const fn of textractCallers(pipeline)) {
    (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = stageConfig.fairSharing.textractConcurrency;
  }
}
