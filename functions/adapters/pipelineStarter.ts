/**
 * Starts the document pipeline for newly stored files. In AWS (and on LocalStack) that is a Step
 * Functions execution; the embedded local runtime registers an in-process runner of the same ASL.
 */
import { StartExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions, requireEnv } from './aws.ts';
import { envNames } from './tableSchema.ts';
import type { OwnerRef } from './store/owners.ts';

export interface PipelineInput {
  owner: OwnerRef & { productType: string };
  files: { seq: number }[];
}

type Runner = (input: PipelineInput, executionName: string) => Promise<void>;
let localRunner: Runner | undefined;

export function useLocalPipeline(runner: Runner | undefined) {
  localRunner = runner;
}

export async function startPipeline(input: PipelineInput, executionName: string): Promise<void> {
  if (localRunner) return localRunner(input, executionName);
  await stepFunctions().send(
    new StartExecutionCommand({
      stateMachineArn: requireEnv(envNames.stateMachine),
      name: executionName,
      input: JSON.stringify(input),
    }),
  );
}
