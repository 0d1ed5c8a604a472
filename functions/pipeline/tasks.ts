/**
 * The pipeline's Task states and the Lambda module behind each. CDK binds each `${<State>FunctionArn}`
 * placeholder of statemachines/pipeline.asl.json to a function built from `handler`; the local
 * runner resolves each Task by state name to the same module in-process.
 */
export interface PipelineTask {
  /** State name in the ASL. */
  state: string;
  /** Module under functions/pipeline, exporting `handler`. */
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
}

export const pipelineTasks: PipelineTask[] = [
  { state: 'DownloadFile', handler: 'downloadFile', memoryMb: 512, timeoutSeconds: 90 },
  { state: 'RecogniseText', handler: 'recogniseText', memoryMb: 1024, timeoutSeconds: 600 },
  { state: 'ExtractFields', handler: 'extractFields', memoryMb: 1536, timeoutSeconds: 300 },
  { state: 'RecordFileFailure', handler: 'recordFileFailure', memoryMb: 256, timeoutSeconds: 30 },
  { state: 'CrossCheck', handler: 'crossCheck', memoryMb: 1536, timeoutSeconds: 300 },
  { state: 'Finalise', handler: 'finalise', memoryMb: 256, timeoutSeconds: 30 },
  { state: 'DeliverCallback', handler: 'deliverCallback', memoryMb: 256, timeoutSeconds: 60 },
  { state: 'DeadLetterCallback', handler: 'deadLetterCallback', memoryMb: 256, timeoutSeconds: 30 },
];

export const arnPlaceholder = (t: PipelineTask) => `${t.state}FunctionArn`;
