/**
 * The state machine's payload (statemachines/pipeline.asl.json): an execution's input, what each Task
 * state hands its function, and Finalise's callback event, which DeliverCallback and DeadLetterCallback
 * receive under `callback`. Translated here, at the edge, and nowhere else: startPipeline sends
 * `toPayload(input)`, and every Task handler (pipeline/task.ts `pipelineTask`) reads `fromPayload`.
 *
 * The flow or batch travels under `owner`, the code's former word for it (the ASL reads `$.owner`).
 * Kept because an execution runs the definition it started with and hands its payload to whatever
 * code is deployed when each task runs: executions in flight during a deploy (a callback retries
 * for hours), executions started by functions not yet updated while CloudFormation updates the state
 * machine, after a rollback, or redriven days later, all carry this name (docs/decisions.md).
 */
import type { FlowOrBatchRef } from '#core/domain/flows.ts';

const PAYLOAD_KEY = 'owner';
const NAME = 'flowOrBatch';

/** An execution's input, as the use cases name it. */
export interface PipelineInput {
  flowOrBatch: FlowOrBatchRef & { productType: string };
  files: { seq: number }[];
  /** A reconciler's run: a callback claimed earlier but never settled is sent again (finalise.ts). */
  resume?: boolean;
}

/** An execution's input as the state machine reads it. */
export type PipelinePayload = Omit<PipelineInput, typeof NAME> & Record<typeof PAYLOAD_KEY, PipelineInput[typeof NAME]>;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `v` with key `from` named `to`, in the same place (the JSON reads as before). */
const renamed = (v: Json, from: string, to: string): Json => Object.fromEntries(Object.entries(v).map(([k, x]) => [k === from ? to : k, x]));

/** What the state machine is given (an execution's input, a task's result), under the payload's names. */
export function toPayload(input: PipelineInput): PipelinePayload;
export function toPayload(value: unknown): unknown;
export function toPayload(value: unknown): unknown {
  return isObject(value) ? renamed(value, NAME, PAYLOAD_KEY) : value;
}

/** A Task state's input under the use cases' names: its flow or batch, and its callback event's. */
export function fromPayload(payload: unknown): unknown {
  if (!isObject(payload)) return payload;
  const input = renamed(payload, PAYLOAD_KEY, NAME);
  return isObject(input.callback) ? { ...input, callback: renamed(input.callback, PAYLOAD_KEY, NAME) } : input;
}
