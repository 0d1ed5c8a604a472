/**
 * Runs statemachines/pipeline.asl.json in-process with aws-local-stepfunctions, resolving each
 * Task state by name to the same Lambda handler module that CDK deploys (functions/pipeline/tasks.ts),
 * or to its `localHandler` where the AWS half of a callback (Textract async, SNS) does not exist here.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { StateMachine, type StateMachineDefinition } from 'aws-local-stepfunctions';
import type { Context } from 'aws-lambda';
import { pipelineTasks, arnPlaceholder } from '#pipeline/tasks.ts';
import type { PipelinePayload } from '#adapters/pipelinePayload.ts';

export const aslPath = new URL('../../statemachines/pipeline.asl.json', import.meta.url);

/** The ASL with each `${<State>FunctionArn}` bound to a local pseudo-ARN. */
export function localDefinition(): StateMachineDefinition {
  let text = readFileSync(aslPath, 'utf8');
  for (const task of pipelineTasks) {
    text = text.replaceAll(`\${${arnPlaceholder(task)}}`, `arn:aws:lambda:ap-south-1:000000000000:function:${task.state}`);
  }
  return JSON.parse(text);
}

/** Stands in for `$$.Task.Token` locally (see run()). */
export const localTaskToken = 'local-runner-has-no-task-tokens';

type TaskHandler = (input: unknown, context: Context) => Promise<unknown>;

export interface LocalPipeline {
  run(payload: PipelinePayload, executionName: string): Promise<void>;
  isRunning(executionName: string): boolean;
  /** Resolves when every started execution has ended. */
  idle(): Promise<void>;
  /**
   * Stops every execution where it is (a prompt stop). Nothing is lost: each task's progress is in
   * the table, and the next start's reconciler resumes what was cut off, as after a crash.
   */
  abort(): void;
}

export function createLocalPipeline(opts: { retryIntervalMs?: number; log?: (line: string) => void; onTask?: (state: string) => void } = {}): LocalPipeline {
  const machine = new StateMachine(localDefinition(), { validationOptions: { checkPaths: true, checkArn: true } });
  const modules = new Map<string, Promise<TaskHandler>>();
  const load = (handler: string) => {
    let m = modules.get(handler);
    if (!m) {
      m = import(new URL(`../pipeline/${handler}.ts`, import.meta.url).href).then((x) => x.handler as TaskHandler);
      modules.set(handler, m);
    }
    return m;
  };
  const taskResourceLocalHandlers = Object.fromEntries(
    pipelineTasks.map((task) => [
      task.state,
      async (input: unknown) => {
        opts.onTask?.(task.state);
        return (await load(task.localHandler ?? task.handler))(
          // lambda:invoke integrations hand the function their `Payload`, as Step Functions does.
          task.waitForTaskToken ? (input as { Payload: unknown }).Payload : input,
          { awsRequestId: randomUUID(), functionName: task.state } as Context,
        );
      },
    ]),
  );
  const retryIntervalOverrides =
    opts.retryIntervalMs === undefined ? undefined : Object.fromEntries(pipelineTasks.map((t) => [t.state, opts.retryIntervalMs!]));
  const running = new Map<string, { done: Promise<void>; abort: () => void }>();
  let aborting = false;
  const log = opts.log ?? ((line: string) => console.log(line));

  return {
    async run(payload, executionName) {
      const execution = machine.run(payload as never, {
        overrides: { taskResourceLocalHandlers: taskResourceLocalHandlers as never, retryIntervalOverrides },
        // aws-local-stepfunctions has no task tokens: `$$.Task.Token` would fail the Parameters. The
        // local handler answers synchronously, so the token is only carried, never used.
        context: { Task: { Token: localTaskToken } },
      });
      const done = execution.result
        .then(() => log(JSON.stringify({ level: 'INFO', message: 'pipeline execution succeeded', execution: executionName })))
        .catch((err: Error) =>
          // An abort is a stop of the service, not a failure: the next start resumes the execution's work.
          aborting
            ? log(JSON.stringify({ level: 'INFO', message: 'pipeline execution stopped', execution: executionName }))
            : log(JSON.stringify({ level: 'ERROR', message: 'pipeline execution failed', execution: executionName, error: err.message })),
        )
        .finally(() => running.delete(executionName));
      running.set(executionName, { done, abort: () => execution.abort() });
    },
    isRunning: (executionName) => running.has(executionName),
    async idle() {
      while (running.size) await Promise.allSettled([...running.values()].map((r) => r.done));
    },
    abort() {
      aborting = true;
      for (const r of running.values()) r.abort();
    },
  };
}
