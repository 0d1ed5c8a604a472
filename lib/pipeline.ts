/**
 * The document pipeline: one Lambda per Task state of statemachines/pipeline.asl.json (listed in
 * functions/pipeline/tasks.ts), and the Standard state machine that runs the ASL with each
 * `${<State>FunctionArn}` bound to its function. PDFs take Textract's asynchronous API:
 * RecogniseTextAsync starts the job and waits on its task token, Textract reports to an SNS topic,
 * and textractCompleted (subscribed) stores the Blocks and answers with the token.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { IConstruct } from 'constructs';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { readFileSync } from 'node:fs';
import { VAULT_SECRET_ENV } from '../functions/adapters/aadhaarVault.ts';
import { envNames } from '../functions/adapters/tableSchema.ts';
import { textractCallsFor, textractFeaturesEnv } from '../functions/adapters/textractAnalysis.ts';
import { arnPlaceholder, pipelineTasks, textractCompletedHandler, type PipelineTask } from '../functions/pipeline/tasks.ts';
import { ServiceFunction, projectRoot, type LocalEngine, type NativeModule, type ServiceFunctionProps } from './functions.ts';
import { TextractJobs } from './textract-jobs.ts';
import type { StageConfig } from './stage-config.ts';
import type { Storage } from './storage.ts';
import { acknowledgeExecutionGrant, acknowledgeStorageGrants } from './nag.ts';
import { REDACTED_OBJECTS } from './api.ts';
import type { AadhaarVaultKey } from './vault-key.ts';

export const aslPath = `${projectRoot}statemachines/pipeline.asl.json`;

/**
 * The table calls pipeline code makes (functions/adapters/store/*: Get, BatchGet, Query, Put, Update), on the
 * table only: no task scans, queries an index or deletes an item, except as `tableExtras` says.
 */
export const TASK_TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
export const TASK_TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];

/** What each task touches. Least privilege: a task not listed here fails synth, so a new task states its needs. */
interface TaskAccess {
  table: 'read' | 'readWrite';
  /** Beyond `table`: the reconciler releases sequence numbers (BatchWriteItem) and lists open flows and batches (the index). */
  tableExtras?: { batchWrite?: boolean; index?: boolean };
  /**
   * Object calls: 'read' GetObject, 'write' PutObject, 'delete' removes what must not outlive a failed file
   * (originals, unmasked OCR text); 'redacted' GetObject on redacted copies only (pre-signed links).
   */
  bucket?: Array<'read' | 'write' | 'delete' | 'redacted'>;
  /** Textract has no resource-level permissions: each function gets exactly the calls it makes. */
  textract?: Array<'DetectDocumentText' | 'StartDocumentTextDetection' | 'GetDocumentTextDetection' | 'AnalyzeDocument' | 'AnalyzeExpense'>;
  /**
   * Runs the stage's per-type Textract analysis after reading the text (functions/app/files/textractStructure.ts):
   * gets TEXTRACT_FEATURES and the AnalyzeDocument / AnalyzeExpense calls the stage's `textractFeatures` makes, none when it makes none.
   */
  textractAnalysis?: boolean;
  rekognition?: Array<'DetectFaces' | 'CompareFaces'>;
  /**
   * The engines the task's code asks functions/adapters/engines.ts for. Where the stage has the managed
   * engine, `textract` / `rekognition` grant its calls; where it has not (LocalStack), the function carries
   * the local engine instead and gets no managed-engine permissions (`accessFor`).
   */
  engines?: LocalEngine[];
  /** Native packages the task's code imports (installed for linux-arm64 beside its bundle). */
  nativeModules?: NativeModule[];
  /** Uses the address engine, which needs the pincode reference data at runtime. */
  addressReferenceData?: boolean;
  /**
   * Seals (KMS GenerateDataKey) or opens (KMS Decrypt) full Aadhaar numbers (lib/vault-key.ts); both read the
   * keyring secret (AADHAAR_VAULT_SECRET_ARN), which opens the values sealed before the KMS key.
   */
  aadhaarVault?: 'seal' | 'open';
}

export const taskAccess: Record<string, TaskAccess> = {
  // Stores the original fetched from the caller's URL.
  DownloadFile: { table: 'readWrite', bucket: ['write'] },
  // Images: reads the original, sends its bytes to DetectDocumentText, writes Blocks to S3.
  RecogniseText: { table: 'readWrite', bucket: ['read', 'write'], textract: ['DetectDocumentText'], textractAnalysis: true, engines: ['ocr'] },
  // PDFs: Textract reads the original from S3 with this function's role; the token goes in the table.
  RecogniseTextAsync: { table: 'readWrite', bucket: ['read'], textract: ['StartDocumentTextDetection'] },
  // Reads Blocks, writes the redacted copy (sharp); renders page 1 of a PDF Aadhaar or PAN (pdf.js
  // with @napi-rs/canvas); photo documents need a face; formats addresses; seals full Aadhaar numbers;
  // deletes the unmasked Blocks (and an Aadhaar original) once the file is finished (cleanUp.ts).
  ExtractFields: {
    table: 'readWrite',
    bucket: ['read', 'write', 'delete'],
    rekognition: ['DetectFaces'],
    // OCR again on IMEI close-ups (sparse reading: functions/core/documents IMEI re-read).
    textract: ['DetectDocumentText'],
    // Faces on photo documents; OCR again on IMEI close-ups (sparse reading).
    engines: ['ocr', 'faces'],
    nativeModules: ['sharp', 'pdfjs-dist', '@napi-rs/canvas'],
    addressReferenceData: true,
    aadhaarVault: 'seal',
  },
  // Deletes a failed file's original, OCR Blocks and redacted copy (functions/app/files/cleanUp.ts).
  RecordFileFailure: { table: 'readWrite', bucket: ['delete'] },
  // The same, for every file of an execution whose Map failed as a whole.
  RecordMapFailure: { table: 'readWrite', bucket: ['delete'] },
  // Compares faces (sharp decodes them) and addresses across the documents of a flow.
  CrossCheck: {
    table: 'readWrite',
    bucket: ['read'],
    rekognition: ['DetectFaces', 'CompareFaces'],
    engines: ['faces'],
    nativeModules: ['sharp'],
    addressReferenceData: true,
  },
  Finalise: { table: 'readWrite' },
  // The payload may carry pre-signed links to redacted copies, and is built for the client
  // (opens sealed Aadhaar numbers for clients enabled for them); it reads no document itself.
  DeliverCallback: { table: 'readWrite', bucket: ['redacted'], aadhaarVault: 'open' },
  DeadLetterCallback: { table: 'readWrite' },
};

/**
 * Not a Task state: finds flows and batches a crash left unfinished (the index of open flows and batches),
 * releases sequence numbers never stored, finishes clean-ups a task gave up on (deletes objects) and starts
 * the pipeline for them (on a schedule).
 */
export const reconcileAccess: TaskAccess = { table: 'readWrite', tableExtras: { batchWrite: true, index: true }, bucket: ['delete'] };

/** How often the reconciler runs in AWS. */
export const RECONCILE_EVERY = Duration.minutes(10);

/** Not a Task state: reads a finished job's pages, writes Blocks, answers the waiting state. */
export const textractCompletedAccess: TaskAccess = { table: 'readWrite', bucket: ['write'], textract: ['GetDocumentTextDetection'] };

/** A task's access on a stage: managed-engine permissions only where the stage has that engine, else the local engine. */
export function accessFor(access: TaskAccess, stageConfig: StageConfig): TaskAccess & { localEngines: LocalEngine[] } {
  const local = (engine: LocalEngine) => (engine === 'ocr' ? stageConfig.engines.ocr !== 'textract' : stageConfig.engines.faces !== 'rekognition');
  const localEngines = (access.engines ?? []).filter(local);
  const analysis = access.textractAnalysis ? textractCallsFor(stageConfig.textractFeatures) : [];
  return {
    ...access,
    textract: localEngines.includes('ocr') ? undefined : access.textract && [...access.textract, ...analysis],
    rekognition: localEngines.includes('faces') ? undefined : access.rekognition,
    localEngines,
  };
}

/** What a task's access puts into its Lambda package (beside the bundle). */
export function packageProps(access: ReturnType<typeof accessFor>): Pick<ServiceFunctionProps, 'nativeModules' | 'localEngines' | 'addressReferenceData'> {
  return { nativeModules: access.nativeModules, localEngines: access.localEngines, addressReferenceData: access.addressReferenceData };
}

/**
 * Without Textract (LocalStack) nothing would ever answer a task token from Textract's async API. Such a
 * state runs its `localHandler` synchronously instead, as the local runner does (functions/local/stateMachine.ts):
 * same state name and function, with the handler, access, memory and timeout of the task that owns that handler.
 */
function deployedTask(task: PipelineTask, stageConfig: StageConfig): PipelineTask & { accessOf: string } {
  if (!(task.waitForTaskToken && task.localHandler && stageConfig.engines.ocr !== 'textract')) return { ...task, accessOf: task.state };
  const runner = pipelineTasks.find((t) => t.handler === task.localHandler && !t.waitForTaskToken);
  if (!runner) throw new Error(`Pipeline task ${task.state}: no task runs its localHandler ${task.localHandler}`);
  return {
    state: task.state,
    handler: runner.handler,
    memoryMb: runner.memoryMb,
    timeoutSeconds: runner.timeoutSeconds,
    accessOf: runner.state,
  };
}

type AslState = Record<string, unknown> & { Type?: string; ItemProcessor?: { States: Record<string, AslState> }; Branches?: { States: Record<string, AslState> }[] };

/**
 * The ASL as the stage deploys it: every task-token state that `deployedTask` makes synchronous becomes a
 * plain invocation of its own function (no task token, no heartbeat), with its Retry, Catch and ResultPath.
 */
export function definitionFor(definition: string, stageConfig: StageConfig): string {
  const synchronous = pipelineTasks.filter((t) => t.waitForTaskToken && !deployedTask(t, stageConfig).waitForTaskToken);
  if (!synchronous.length) return definition;
  const asl = JSON.parse(definition) as { States: Record<string, AslState> };
  const visit = (states: Record<string, AslState>) => {
    for (const [name, state] of Object.entries(states)) {
      const task = synchronous.find((t) => t.state === name);
      if (task) {
        const { Parameters: _parameters, HeartbeatSeconds: _heartbeat, ...rest } = state;
        states[name] = {
          ...rest,
          Comment: `Reads the file synchronously with the stage's local OCR (${task.localHandler}): this stage has no Textract to answer a task token.`,
          Resource: `\${${arnPlaceholder(task)}}`,
          TimeoutSeconds: deployedTask(task, stageConfig).timeoutSeconds,
        };
      }
      if (state.ItemProcessor) visit(state.ItemProcessor.States);
      for (const branch of state.Branches ?? []) visit(branch.States);
    }
  };
  visit(asl.States);
  return JSON.stringify(asl, null, 2);
}

export interface PipelineProps {
  stageConfig: StageConfig;
  storage: Storage;
  /** Read by the tasks that declare `aadhaarVault`. */
  aadhaarVaultSecret: ISecret;
  /** Used by the tasks that declare `aadhaarVault`: GenerateDataKey to seal, Decrypt to open. */
  aadhaarVaultKey: AadhaarVaultKey;
}

export class Pipeline extends Construct {
  readonly stateMachine: StateMachine;
  readonly logGroup: LogGroup;
  /** Task functions by state name. */
  readonly functions: Record<string, ServiceFunction> = {};
  /** Textract's job-notification topic and publishing role. */
  readonly textractJobs: TextractJobs;
  /** Subscribed to the topic; answers RecogniseTextAsync's task token. */
  readonly textractCompleted: ServiceFunction;
  /** Runs on a schedule: resumes or finalises whatever a failure left unfinished. */
  readonly reconcile: ServiceFunction;
  private readonly aadhaarVaultSecret: ISecret;
  private readonly aadhaarVaultKey: AadhaarVaultKey;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    const { stageConfig, storage } = props;
    this.aadhaarVaultSecret = props.aadhaarVaultSecret;
    this.aadhaarVaultKey = props.aadhaarVaultKey;
    const definition = definitionFor(readFileSync(aslPath, 'utf8'), stageConfig);
    checkPlaceholders(definition);

    // Deployed on every stage so the architecture stays one; without Textract (LocalStack) nothing publishes to it.
    this.textractJobs = new TextractJobs(this, 'TextractJobs', { stageConfig });
    for (const task of pipelineTasks.map((t) => deployedTask(t, stageConfig))) {
      this.functions[task.state] = this.taskFunction(task, stageConfig, storage);
      if (task.waitForTaskToken) this.textractJobs.allowStart(this.functions[task.state]);
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
      tracingEnabled: stageConfig.tracing,
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

    this.textractCompleted = this.pipelineFunction('TextractCompleted', textractCompletedHandler, textractCompletedAccess, {
      description: 'Textract job completion (SNS)',
      memoryMb: 1024,
      timeoutSeconds: 120,
      stageConfig,
      storage,
    });
    // SendTaskSuccess/Failure/Heartbeat on this state machine's tokens only.
    this.stateMachine.grantTaskResponse(this.textractCompleted);
    this.textractJobs.subscribe(this.textractCompleted);

    this.reconcile = this.pipelineFunction('Reconcile', 'reconcile', reconcileAccess, {
      description: 'Resumes or finalises flows and batches left unfinished',
      memoryMb: 256,
      timeoutSeconds: 300,
      stageConfig,
      storage,
    });
    this.reconcile.addEnvironment(envNames.stateMachine, this.stateMachine.stateMachineArn);
    this.stateMachine.grantStartExecution(this.reconcile);
    // Whether the executions of a flow or batch still run (DescribeExecution on this machine's executions).
    this.stateMachine.grantExecution(this.reconcile, 'states:DescribeExecution');
    new Rule(this, 'ReconcileSchedule', {
      description: 'The pipeline reconciler: nothing stays stuck',
      schedule: Schedule.rate(RECONCILE_EVERY),
      targets: [new LambdaFunction(this.reconcile)],
    });
    acknowledgeExecutionGrant(this.reconcile.executionRole, this.stateMachine, 'DescribeExecution on the executions of this one state machine (execution names are only known at run time).');

    if (!stageConfig.tracing) {
      Validations.of(this.stateMachine).acknowledge({
        id: 'AwsSolutions-SF2',
        reason: `No X-Ray in ${stageConfig.stage} (LocalStack's free edition has none): traces would go nowhere. AWS stages trace.`,
      });
    }
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'X-Ray (PutTraceSegments, PutTelemetryRecords, GetSampling*) and CloudWatch Logs delivery (CreateLogDelivery and friends) support no resource-level permissions; CDK adds them for tracing and logging.',
    });
  }

  private taskFunction(task: PipelineTask & { accessOf: string }, stageConfig: StageConfig, storage: Storage): ServiceFunction {
    const access = taskAccess[task.accessOf];
    if (!access) throw new Error(`Pipeline task ${task.accessOf} has no entry in taskAccess (lib/pipeline.ts)`);
    return this.pipelineFunction(task.state, task.handler, access, {
      description: `Pipeline task ${task.state}`,
      memoryMb: task.memoryMb,
      timeoutSeconds: task.timeoutSeconds,
      stageConfig,
      storage,
    });
  }

  /** A function under functions/pipeline with exactly the access, packages and data it declares. */
  private pipelineFunction(
    id: string,
    handler: string,
    declared: TaskAccess,
    opts: { description: string; memoryMb: number; timeoutSeconds: number; stageConfig: StageConfig; storage: Storage },
  ): ServiceFunction {
    const { storage } = opts;
    const access = accessFor(declared, opts.stageConfig);
    const fn = new ServiceFunction(this, id, {
      entry: `functions/pipeline/${handler}.ts`,
      description: opts.description,
      stageConfig: opts.stageConfig,
      memoryMb: opts.memoryMb,
      timeout: Duration.seconds(opts.timeoutSeconds),
      ...packageProps(access),
      environment: {
        [envNames.table]: storage.table.tableName,
        [envNames.bucket]: storage.bucket.bucketName,
        ...(access.aadhaarVault ? { [VAULT_SECRET_ENV]: this.aadhaarVaultSecret.secretArn } : {}),
        ...(access.textractAnalysis && access.textract && Object.keys(opts.stageConfig.textractFeatures).length
          ? { [textractFeaturesEnv]: JSON.stringify(opts.stageConfig.textractFeatures) }
          : {}),
      },
    });
    if (access.aadhaarVault) this.aadhaarVaultSecret.grantRead(fn);
    if (access.aadhaarVault === 'seal') this.aadhaarVaultKey.grantSeal(fn);
    if (access.aadhaarVault === 'open') this.aadhaarVaultKey.grantOpen(fn);
    const tableActions = [...TASK_TABLE_READ, ...(access.table === 'readWrite' ? TASK_TABLE_WRITE : [])];
    if (access.tableExtras?.batchWrite) tableActions.push('dynamodb:BatchWriteItem');
    fn.addToRolePolicy(new PolicyStatement({ actions: tableActions, resources: [storage.table.tableArn] }));
    if (access.tableExtras?.index) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${storage.table.tableArn}/index/*`] }));
    }
    const bucket = access.bucket ?? [];
    if (bucket.includes('read')) storage.bucket.grantRead(fn);
    if (bucket.includes('write')) storage.bucket.grantPut(fn);
    if (bucket.includes('delete')) storage.bucket.grantDelete(fn);
    if (bucket.includes('redacted')) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [storage.bucket.arnForObjects(REDACTED_OBJECTS)] }));
      acknowledgeRedactedReads(fn.executionRole, storage);
    }
    acknowledgeStorageGrants(fn.executionRole, storage);
    if (access.textract?.length) {
      fn.allowOnAnyResource(
        access.textract.map((a) => `textract:${a}`),
        'Textract has no resource-level permissions; each function gets only the calls it makes.',
      );
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

/** The one object wildcard of a redacted-copies grant, as cdk-nag names it (same reason as the GET routes', lib/api.ts). */
function acknowledgeRedactedReads(role: IConstruct, storage: Storage): void {
  const bucket = Stack.of(storage.bucket).getLogicalId(storage.bucket.node.defaultChild as CfnBucket);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucket}.Arn>/${REDACTED_OBJECTS}]`,
    reason: 'GetObject on redacted copies only (any client, flow and file: ids are per-request data) to pre-sign links in callbacks; never on originals or OCR output.',
  });
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
