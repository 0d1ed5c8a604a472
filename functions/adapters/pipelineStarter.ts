/**
 * Starts the document pipeline for newly stored files, and tells whether executions still run.
 * In AWS (and on LocalStack) that is Step Functions; the embedded local runtime registers an
 * in-process runner of the same ASL.
 */
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { stepFunctions, requireEnv } from './aws.ts';
import { envNames } from './tableSchema.ts';
import { toPayload, type PipelineInput, type PipelinePayload } from './pipelinePayload.ts';

export interface PipelineRunner {
  run(payload: PipelinePayload, executionName: string): Promise<void>;
  isRunning(executionName: string): boolean;
}

let localRunner: PipelineRunner | undefined;

export function useLocalPipeline(runner: PipelineRunner | undefined) {
  localRunner = runner;
}

export async function startPipeline(input: PipelineInput, executionName: string): Promise<void> {
  const payload = toPayload(input);
  if (localRunner) return localRunner.run(payload, executionName);
  await stepFunctions().send(
    new StartExecutionCommand({
      stateMachineArn: requireEnv(envNames.stateMachine),
      name: executionName,
      input: JSON.stringify(payload),
    }),
  );
}

/** An execution's ARN from the state machine's and the execution's name. */
export const executionArn = (stateMachineArn: string, name: string) =>
  `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;

/** Whether any of the named executions is still running (one never started is not). */
export async function anyRunning(executionNames: string[]): Promise<boolean> {
  if (localRunner) return executionNames.some((name) => localRunner!.isRunning(name));
  const machine = requireEnv(envNames.stateMachine);
  for (const name of executionNames) {
    try {
      const out = await stepFunctions().send(new DescribeExecutionCommand({ executionArn: executionArn(machine, name) }));
      if (out.status === 'RUNNING' || out.status === 'PENDING_REDRIVE') return true;
    } catch (err) {
      if ((err as Error).name !== 'ExecutionDoesNotExist') throw err;
    }
  }
  return false;
}
