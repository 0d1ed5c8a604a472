/**
 * The pipeline's Task states and the Lambda module behind each. CDK binds each `${<State>FunctionArn}`
 * placeholder of statemachines/pipeline.asl.json to a function built from `handler`; the local
 * runner resolves each Task by state name to the same module in-process (or to `localHandler`).
 */
export interface PipelineTask {
  /** State name in the ASL. */
  state: string;
  /** Module under functions/pipeline, exporting `handler`. */
  handler: string;
  memoryMb: number;
  timeoutSeconds: number;
  /**
   * The state calls `arn:aws:states:::lambda:invoke.waitForTaskToken`: the function receives the
   * state's `Payload` (which carries `$$.Task.Token`), and the state's result is what a later
   * SendTaskSuccess sends, not what the function returns.
   */
  waitForTaskToken?: boolean;
  /**
   * Module the local runner runs in place of `handler`, synchronously, its return value standing
   * in for the SendTaskSuccess output. For callbacks whose other half (SNS job notifications,
   * Textract's async API) does not exist locally.
   */
  localHandler?: string;
}

export const pipelineTasks: PipelineTask[] = [
  { state: 'DownloadFile', handler: 'downloadFile', memoryMb: 512, timeoutSeconds: 90 },
  { state: 'RecogniseText', handler: 'recogniseText', memoryMb: 1024, timeoutSeconds: 600 },
  // PDFs: starts Textract's async text detection; textractCompleted (SNS) finishes the state.
  {
    state: 'RecogniseTextAsync',
    handler: 'recogniseTextAsync',
    memoryMb: 256,
    timeoutSeconds: 30,
    waitForTaskToken: true,
    localHandler: 'recogniseText',
  },
  { state: 'ExtractFields', handler: 'extractFields', memoryMb: 1536, timeoutSeconds: 300 },
  { state: 'RecordFileFailure', handler: 'recordFileFailure', memoryMb: 256, timeoutSeconds: 30 },
  { state: 'RecordMapFailure', handler: 'recordMapFailure', memoryMb: 256, timeoutSeconds: 120 },
  { state: 'CrossCheck', handler: 'crossCheck', memoryMb: 1536, timeoutSeconds: 300 },
  { state: 'Finalise', handler: 'finalise', memoryMb: 256, timeoutSeconds: 30 },
  { state: 'DeliverCallback', handler: 'deliverCallback', memoryMb: 256, timeoutSeconds: 60 },
  { state: 'DeadLetterCallback', handler: 'deadLetterCallback', memoryMb: 256, timeoutSeconds: 30 },
];

export const arnPlaceholder = (t: PipelineTask) => `${t.state}FunctionArn`;

/**
 * Not a Task state: the function subscribed to Textract's SNS job notifications that reads the
 * results and answers the waiting RecogniseTextAsync state with its task token.
 */
export const textractCompletedHandler = 'textractCompleted';
