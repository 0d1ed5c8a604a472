/**
 * The document pipeline: one Lambda per Task state of statemachines/pipeline.asl.json (listed in
 * functions/pipeline/tasks.ts), and the Standard state machine that runs the ASL with each
 * `${<State>FunctionArn}` bound to its function.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { envNames } from '../functions/adapters/tableSchema.ts';
import { arnPlaceholder, pipelineTasks, type PipelineTask } from '../functions/pipeline/tasks.ts';
import { ServiceFunction, projectRoot } from './functions.ts';
import type { StageConfig } from './stage-config.ts';
import type { Storage } from './storage.ts';
import { acknowledgeStorageGrants } from './nag.ts';

export const aslPath = `${projectRoot}statemachines/pipeline.asl.json`;

/** What each task touches. Least privilege: a task not listed here fails synth, so a new task states its needs. */
interface TaskAccess {
  table: 'read' | 'readWrite';
  bucket?: 'read' | 'write' | 'readWrite';
  textract?: boolean;
  rekognition?: Array<'DetectFaces' | 'CompareFaces'>;
}

export const taskAccess: Record<string, TaskAccess> = {
  // Stores the original fetched from the caller's URL.
  DownloadFile: { table: 'readWrite', bucket: 'readWrite' },
  // Reads the original (Textract reads S3 with the caller's role), writes Blocks to S3.
  RecogniseText: { table: 'readWrite', bucket: 'readWrite', textract: true },
  // Reads Blocks, writes the redacted copy; photo documents need a face.
  ExtractFields: { table: 'readWrite', bucket: 'readWrite', rekognition: ['DetectFaces'] },
  RecordFileFailure: { table: 'readWrite' },
  // Compares faces across the documents of a flow.
  CrossCheck: { table: 'readWrite', bucket: 'read', rekognition: ['DetectFaces', 'CompareFaces'] },
  Finalise: { table: 'readWrite' },
  // The payload may carry pre-signed links to redacted copies.
  DeliverCallback: { table: 'readWrite', bucket: 'read' },
  DeadLetterCallback: { table: 'readWrite' },
};

/** Textract has no resource-level permissions; these are the calls the OCR adapter makes. */
const textractActions = [
  'textract:DetectDocumentText',
  'textract:AnalyzeDocument',
  'textract:AnalyzeID',
  'textract:StartDocumentTextDetection',
  'textract:GetDocumentTextDetection',
  'textract:StartDocumentAnalysis',
  'textract:GetDocumentAnalysis',
];

export interface PipelineProps {
  stageConfig: StageConfig;
  storage: Storage;
}

export class Pipeline extends Construct {
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;
  /** Task functions by state name. */
  readonly functions: Record<string, ServiceFunction> = {};

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    const { stageConfig, storage } = props;
    const definition = readFileSync(aslPath, 'utf8');
    checkPlaceholders(definition);

    for (const task of pipelineTasks) {
      this.functions[task.state] = this.taskFunction(task, stageConfig, storage);
    }

    this.logGroup = new LogGroup(this, 'Logs', {
      // The vended-logs prefix keeps CloudWatch's resource policy small as stages are added.
      logGroupName: `/aws/vendedlogs/states/DocService-${stageConfig.stage}-pipeline`,
      retention: stageConfig.logRetention,
      removalPolicy: stageConfig.removalPolicy,
    });

    this.stateMachine = new StateMachine(this, 'StateMachine', {
      // Standard: callbacks retry for hours, far beyond Express's 5 minutes.
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(definition),
      definitionSubstitutions: Object.fromEntries(
        pipelineTasks.map((t) => [arnPlaceholder(t), this.functions[t.state].functionArn]),
      ),
      timeout: Duration.hours(24),
      tracingEnabled: true,
      // Execution data holds applicant details: log events, not payloads.
      logs: { destination: this.logGroup, level: LogLevel.ALL, includeExecutionData: false },
      removalPolicy: stageConfig.removalPolicy,
    });
    // Unqualified ARNs, exactly what the ASL invokes (grantInvoke would add `:*` version wildcards).
    this.stateMachine.addToRolePolicy(
      new PolicyStatement({
        actions: ['lambda:InvokeFunction'],
        resources: pipelineTasks.map((t) => this.functions[t.state].functionArn),
      }),
    );
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (PutTraceSegments, PutTelemetryRecords, GetSampling*) and CloudWatch Logs delivery (CreateLogDelivery and friends) support no resource-level permissions; CDK adds them for tracing and logging.',
    });
  }

  private taskFunction(task: PipelineTask, stageConfig: StageConfig, storage: Storage): ServiceFunction {
    const access = taskAccess[task.state];
    if (!access) throw new Error(`Pipeline task ${task.state} has no entry in taskAccess (lib/pipeline.ts)`);
    const fn = new ServiceFunction(this, task.state, {
      entry: `functions/pipeline/${task.handler}.ts`,
      description: `Pipeline task ${task.state}`,
      stageConfig,
      memoryMb: task.memoryMb,
      timeout: Duration.seconds(task.timeoutSeconds),
      environment: {
        [envNames.table]: storage.table.tableName,
        [envNames.bucket]: storage.bucket.bucketName,
      },
    });
    if (access.table === 'read') storage.table.grantReadData(fn);
    else storage.table.grantReadWriteData(fn);
    if (access.bucket === 'read') storage.bucket.grantRead(fn);
    if (access.bucket === 'write') storage.bucket.grantPut(fn);
    if (access.bucket === 'readWrite') storage.bucket.grantReadWrite(fn);
    acknowledgeStorageGrants(fn.executionRole, storage);
    if (access.textract) {
      fn.allowOnAnyResource(textractActions, 'Textract has no resource-level permissions; actions are listed one by one.');
    }
    if (access.rekognition?.length) {
      fn.allowOnAnyResource(
        access.rekognition.map((a) => `rekognition:${a}`),
        'Rekognition DetectFaces/CompareFaces on S3 or bytes have no resource-level permissions.',
      );
    }
    return fn;
  }
}

/** Every placeholder in the ASL has a task and every task a placeholder: a mismatch fails synth. */
function checkPlaceholders(definition: string): void {
  const inAsl = new Set([...definition.matchAll(/\$\{([A-Za-z0-9]+)\}/g)].map((m) => m[1]));
  const fromTasks = new Set(pipelineTasks.map(arnPlaceholder));
  const missing = [...inAsl].filter((p) => !fromTasks.has(p));
  const unused = [...fromTasks].filter((p) => !inAsl.has(p));
  if (missing.length || unused.length) {
    throw new Error(
      `statemachines/pipeline.asl.json and functions/pipeline/tasks.ts disagree: ` +
        `no task for ${missing.join(', ') || '-'}; no state for ${unused.join(', ') || '-'}`,
    );
  }
}
