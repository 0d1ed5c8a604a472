/**
 * Infra assertions on the synthesised stacks (bundling skipped: no handler code is built).
 * Each stage is synthesised once, into a temporary cloud assembly, with cdk-nag's AwsSolutions
 * pack running as a validation plugin exactly as in `cdk synth`.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { envNames, tableSchema } from '#adapters/tableSchema.ts';
import { routeKey, routes } from '#http/routes.ts';
import { arnPlaceholder, pipelineTasks } from '#pipeline/tasks.ts';
import { TRANSIENT_ERRORS } from '#adapters/transientErrors.ts';
import { textractChannelEnv } from '#adapters/textractAsync.ts';
import { VAULT_SECRET_ENV } from '#adapters/aadhaarVault.ts';
import { addressReferenceData, localOnlyModules, nativeInstallSet } from '../../lib/functions.ts';
import { taskAccess } from '../../lib/pipeline.ts';
import { routeAccess } from '../../lib/api.ts';
import { admissionEnv } from '#adapters/store/admission.ts';
import { MAX_FILES_PER_UPLOAD } from '#http/schemas/common.ts';
import { createServiceApp } from '../../lib/service-app.ts';
import { synthStage } from './synth.ts';
import { stageConfigFor } from '../../lib/stage-config.ts';
import type { ServiceStack } from '../../lib/service-stack.ts';

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Resources = Record<string, Resource>;

interface Synthesised {
  template: Template;
  resources: Resources;
  /** The cdk-nag validation report, when synth wrote one. */
  report?: { pluginReports: Array<{ violations?: Array<{ ruleName: string; violatingResources?: unknown[]; violatingConstructs?: Array<{ constructPath: string }> }> }> };
  error?: Error;
}

function synthesise(stage: string, mutate?: (stack: ServiceStack) => void): Synthesised {
  const { json, report, error } = synthStage(stage, { mutate });
  return { template: Template.fromJSON(json), resources: json.Resources, report: report as Synthesised['report'], error };
}

const violations = (s: Synthesised) => (s.report?.pluginReports ?? []).flatMap((p) => p.violations ?? []);

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);

/** Lambda functions by their Description (route key or `Pipeline task <State>`). */
function functionsByDescription(resources: Resources): Map<string, [string, Resource]> {
  return new Map(
    ofType(resources, 'AWS::Lambda::Function')
      .filter(([, r]) => typeof r.Properties.Description === 'string')
      .map(([id, r]) => [r.Properties.Description as string, [id, r]]),
  );
}

/** IAM actions granted to a function, through the inline policies attached to its role. */
function actionsOf(resources: Resources, fn: Resource): string[] {
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
    .flatMap((s: { Action: string | string[] }) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

const textractCompletedDescription = 'Textract job completion (SNS)';
const reconcileDescription = 'Resumes or finalises flows and batches left unfinished';
const flowOrBatchExpiredDescription = 'Erases what an expired flow or batch leaves (TTL stream)';

/** Statements of the inline policies attached to a role. */
function statementsOf(resources: Resources, roleId: string): Array<{ Action: string | string[]; Resource: unknown; Effect: string }> {
  return ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement);
}

const asList = (a: string | string[]) => (Array.isArray(a) ? a : [a]);

/** Logical id of the one secret whose construct id starts with `prefix`. */
function secretId(resources: Resources, prefix: string): string {
  const found = ofType(resources, 'AWS::SecretsManager::Secret').filter(([id]) => id.startsWith(prefix));
  expect(found, prefix).toHaveLength(1);
  return found[0][0];
}

/** Descriptions of the functions whose role may GetSecretValue on the given secret. */
function secretReaders(resources: Resources, secret: string): string[] {
  return [...functionsByDescription(resources).entries()]
    .filter(([, [, fn]]) =>
      statementsOf(resources, fn.Properties.Role['Fn::GetAtt'][0]).some(
        (st) =>
          st.Effect === 'Allow' &&
          asList(st.Action).includes('secretsmanager:GetSecretValue') &&
          // CDK's minimised policies may merge both secrets' grants into one statement.
          asList(st.Resource as string | string[]).some((r) => JSON.stringify(r) === JSON.stringify({ Ref: secret })),
      ),
    )
    .map(([description]) => description)
    .sort();
}

let prod: Synthesised;
let dev: Synthesised;

beforeAll(() => {
  prod = synthesise('prod');
  dev = synthesise('dev');
});

describe('cdk-nag AwsSolutions', () => {
  it('passes prod and dev with every finding fixed or acknowledged with a reason', () => {
    expect(prod.error).toBeUndefined();
    expect(violations(prod)).toEqual([]);
    expect(dev.error).toBeUndefined();
    expect(violations(dev)).toEqual([]);
  });

  it('is wired into the app: an unacknowledged finding fails synth and is reported', () => {
    const broken = synthesise('staging', (stack) => {
      new Bucket(stack, 'UnloggedBucket', { enforceSSL: false });
    });
    expect(broken.error?.message).toMatch(/AwsSolutions-S1'[\s\S]*validation-report\.json/);
    const rules = violations(broken);
    expect(rules.map((v) => v.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-S10']));
    // Everything else in the staging stack is clean: only the planted bucket is reported.
    const paths = rules.flatMap((v) => (v.violatingConstructs ?? []).map((c) => c.constructPath));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toMatch(/^DocService-staging\/UnloggedBucket\//);
  });
});

describe('storage', () => {
  it('has one on-demand table with PITR, encryption, TTL and the gsi1 index', () => {
    prod.template.resourceCountIs('AWS::DynamoDB::GlobalTable', 1);
    prod.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: tableSchema.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableSchema.sortKey, KeyType: 'RANGE' },
      ],
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      TimeToLiveSpecification: { AttributeName: tableSchema.ttlAttribute, Enabled: true },
      GlobalSecondaryIndexes: [
        Match.objectLike({
          IndexName: tableSchema.gsi1.name,
          KeySchema: [
            { AttributeName: tableSchema.gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: tableSchema.gsi1.sortKey, KeyType: 'RANGE' },
          ],
        }),
      ],
      Replicas: [Match.objectLike({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } })],
    });
  });

  it('keeps documents in a private, encrypted, TLS-only bucket that expires them and logs access', () => {
    const documents = ofType(prod.resources, 'AWS::S3::Bucket').find(([id]) => id.startsWith('StorageDocuments'));
    expect(documents).toBeDefined();
    const [bucketId, bucket] = documents!;
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm).toBe('AES256');
    expect(bucket.Properties.LoggingConfiguration.DestinationBucketName.Ref).toMatch(/^StorageAccessLogs/);
    expect(bucket.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ ExpirationInDays: stageConfigFor('prod').retentionDays, Status: 'Enabled' }),
    );
    // Bucket-wide expiry: no prefix filter, so every document the pipeline stores expires.
    const expiring = bucket.Properties.LifecycleConfiguration.Rules.find((r: any) => r.ExpirationInDays);
    expect(expiring.Prefix).toBeUndefined();

    prod.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('holds the JWT signing key seed and the Aadhaar vault key in Secrets Manager: 64 random characters, no punctuation', () => {
    prod.template.resourceCountIs('AWS::SecretsManager::Secret', 2);
    for (const prefix of ['SigningKeySeed', 'AadhaarVaultKey']) {
      const secret = prod.resources[secretId(prod.resources, prefix)];
      expect(secret.Properties.GenerateSecretString, prefix).toEqual({ PasswordLength: 64, ExcludePunctuation: true });
    }
  });
});

describe('functions', () => {
  it('builds one nodejs22.x arm64 Lambda per route and per pipeline task, each traced, wired to its stage', () => {
    const byDescription = functionsByDescription(prod.resources);
    const expected = [...routes.map(routeKey), ...pipelineTasks.map((t) => `Pipeline task ${t.state}`), textractCompletedDescription, reconcileDescription, flowOrBatchExpiredDescription];
    expect([...byDescription.keys()].sort()).toEqual([...expected].sort());
    expect(ofType(prod.resources, 'AWS::Lambda::Function')).toHaveLength(expected.length);
    for (const [, fn] of byDescription.values()) {
      expect(fn.Properties.Runtime).toBe('nodejs22.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      expect(fn.Properties.Environment.Variables).toMatchObject({
        [envNames.stage]: 'prod',
        [envNames.allowLoopback]: 'false',
        [envNames.ocrEngine]: 'textract',
        [envNames.faceEngine]: 'rekognition',
        [envNames.table]: { Ref: expect.stringMatching(/^StorageTable/) },
        [envNames.bucket]: { Ref: expect.stringMatching(/^StorageDocuments/) },
      });
    }
    for (const task of pipelineTasks) {
      const [, fn] = byDescription.get(`Pipeline task ${task.state}`)!;
      expect(fn.Properties.MemorySize).toBe(task.memoryMb);
      expect(fn.Properties.Timeout).toBe(task.timeoutSeconds);
    }
  });

  it('grants least privilege: signing key to token functions, StartExecution to uploads, Textract and Rekognition to their tasks only', () => {
    const byDescription = functionsByDescription(prod.resources);
    const signingKey = secretId(prod.resources, 'SigningKeySeed');
    for (const route of routes) {
      const [, fn] = byDescription.get(routeKey(route))!;
      const actions = actionsOf(prod.resources, fn);
      const env = fn.Properties.Environment.Variables;
      const access = routeAccess(route);
      expect(secretReaders(prod.resources, signingKey).includes(routeKey(route)), routeKey(route)).toBe(access.signingKey);
      expect(envNames.signingKeySecret in env, routeKey(route)).toBe(access.signingKey);
      expect(actions.includes('states:StartExecution'), routeKey(route)).toBe(route.path.endsWith('/multiupload'));
      expect(envNames.stateMachine in env, routeKey(route)).toBe(access.startsPipeline || access.erases);
      expect(actions.includes('dynamodb:UpdateItem'), routeKey(route)).toBe(access.table === 'readWrite');
      expect(actions.some((a) => a.startsWith('textract:') || a.startsWith('rekognition:'))).toBe(false);
    }
    expect(routes.filter((r) => routeAccess(r).signingKey).map(routeKey)).toContain('POST /v3/verification/authtoken');

    for (const task of pipelineTasks) {
      const [, fn] = byDescription.get(`Pipeline task ${task.state}`)!;
      const actions = actionsOf(prod.resources, fn);
      // Only the vault-key tasks read a secret (checked per secret in 'Aadhaar vault key').
      expect(actions.some((a) => a.startsWith('secretsmanager:')), task.state).toBe(['ExtractFields', 'DeliverCallback'].includes(task.state));
      expect(secretReaders(prod.resources, signingKey).includes(`Pipeline task ${task.state}`), task.state).toBe(false);
      expect(actions.some((a) => a.startsWith('states:')), task.state).toBe(false);
      expect(actions.filter((a) => a.startsWith('textract:')).sort(), task.state).toEqual(
        // ExtractFields reads IMEI close-ups a second time (sparse reading).
        { RecogniseText: ['textract:DetectDocumentText'], RecogniseTextAsync: ['textract:StartDocumentTextDetection'], ExtractFields: ['textract:DetectDocumentText'] }[task.state] ?? [],
      );
      expect(actions.includes('rekognition:DetectFaces'), task.state).toBe(['ExtractFields', 'CrossCheck'].includes(task.state));
      expect(actions.includes('rekognition:CompareFaces'), task.state).toBe(task.state === 'CrossCheck');
    }
  });
});

describe('Aadhaar vault key', () => {
  const expected = [
    'GET /v1/bulk/extracts',
    'GET /v1/docstream/extracts',
    'GET /v3/verification/extracts',
    'Pipeline task DeliverCallback',
    'Pipeline task ExtractFields',
  ];

  it('derives the routes from the route table: exactly those returning extracts', () => {
    expect(routes.filter((r) => routeAccess(r).aadhaarVault).map(routeKey).sort()).toEqual(expected.filter((d) => d.startsWith('GET ')));
  });

  it('names the vault secret in the environment of exactly the sealing task, the callback task and the extracts routes', () => {
    for (const synthesised of [prod, dev]) {
      const vault = secretId(synthesised.resources, 'AadhaarVaultKey');
      const withEnv = [...functionsByDescription(synthesised.resources).entries()].filter(
        ([, [, fn]]) => VAULT_SECRET_ENV in fn.Properties.Environment.Variables,
      );
      expect(withEnv.map(([description]) => description).sort()).toEqual(expected);
      for (const [, [, fn]] of withEnv) expect(fn.Properties.Environment.Variables[VAULT_SECRET_ENV]).toEqual({ Ref: vault });
    }
  });

  it('lets exactly those functions GetSecretValue on it, and no function reads it any other way', () => {
    for (const synthesised of [prod, dev]) {
      const vault = secretId(synthesised.resources, 'AadhaarVaultKey');
      expect(secretReaders(synthesised.resources, vault)).toEqual(expected);
      // No other policy in the stack names the vault secret (no wildcard or shared statement).
      const naming = ofType(synthesised.resources, 'AWS::IAM::Policy').filter(([, p]) =>
        JSON.stringify(p.Properties.PolicyDocument).includes(`{"Ref":"${vault}"}`),
      );
      const byDescription = functionsByDescription(synthesised.resources);
      const roles = expected.map((d) => byDescription.get(d)![1].Properties.Role['Fn::GetAtt'][0]).sort();
      expect(naming.flatMap(([, p]) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref)).sort()).toEqual(roles);
    }
  });

  it('is a separate secret from the signing seed, never granted to the token-only functions', () => {
    const signing = secretId(prod.resources, 'SigningKeySeed');
    expect(secretReaders(prod.resources, signing)).not.toContain('Pipeline task ExtractFields');
    expect(secretReaders(prod.resources, signing)).not.toContain('Pipeline task DeliverCallback');
  });
});

describe('API', () => {
  /** Full path of each API Gateway resource, rebuilt from PathPart and ParentId. */
  function resourcePaths(resources: Resources): Map<string, string> {
    const paths = new Map<string, string>();
    const pathOf = (id: string): string => {
      const known = paths.get(id);
      if (known) return known;
      const r = resources[id];
      const parent = r.Properties.ParentId.Ref as string | undefined;
      const path = `${parent ? pathOf(parent) : ''}/${r.Properties.PathPart}`;
      paths.set(id, path);
      return path;
    };
    for (const [id] of ofType(resources, 'AWS::ApiGateway::Resource')) pathOf(id);
    return paths;
  }

  it('has exactly one method per route of the route table, integrated with that route\'s function, with a request validator and no authorizer', () => {
    const paths = resourcePaths(prod.resources);
    const byDescription = functionsByDescription(prod.resources);
    const methods = ofType(prod.resources, 'AWS::ApiGateway::Method');
    expect(methods).toHaveLength(routes.length);
    const keys = methods.map(([, m]) => `${m.Properties.HttpMethod} ${paths.get(m.Properties.ResourceId.Ref)}`);
    expect(keys.sort()).toEqual(routes.map(routeKey).sort());
    for (const [, method] of methods) {
      const key = `${method.Properties.HttpMethod} ${paths.get(method.Properties.ResourceId.Ref)}`;
      const [fnId] = byDescription.get(key)!;
      expect(JSON.stringify(method.Properties.Integration.Uri)).toContain(`"${fnId}"`);
      expect(method.Properties.Integration.Type).toBe('AWS_PROXY');
      expect(method.Properties.AuthorizationType).toBe('NONE');
      expect(method.Properties.RequestValidatorId).toBeDefined();
    }
  });

  it('answers an unknown path (or a wrong method) with 404 {"error":"No such endpoint"}, not 403 Missing Authentication Token', () => {
    for (const synthesised of [prod, dev]) {
      const responses = ofType(synthesised.resources, 'AWS::ApiGateway::GatewayResponse')
        .map(([, r]) => r.Properties)
        .filter((r) => r.ResponseType === 'MISSING_AUTHENTICATION_TOKEN');
      expect(responses).toHaveLength(1);
      expect(responses[0]).toMatchObject({
        StatusCode: '404',
        ResponseTemplates: { 'application/json': '{"error":"No such endpoint"}' },
      });
      expect(JSON.parse(responses[0].ResponseTemplates['application/json'])).toEqual({ error: 'No such endpoint' });
    }
    // The generic 4XX/5XX answers are still there for everything else.
    prod.template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', { ResponseType: 'DEFAULT_4XX' });
    prod.template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', { ResponseType: 'DEFAULT_5XX' });
  });

  it('logs access, traces and throttles the stage per stage settings', () => {
    for (const [stage, synthesised] of [['prod', prod], ['dev', dev]] as const) {
      const config = stageConfigFor(stage);
      synthesised.template.hasResourceProperties('AWS::ApiGateway::Stage', {
        StageName: stage,
        TracingEnabled: true,
        AccessLogSetting: Match.objectLike({ Format: Match.stringLikeRegexp('requestId') }),
        MethodSettings: [
          Match.objectLike({
            DataTraceEnabled: false,
            LoggingLevel: config.apiLoggingLevel,
            ThrottlingRateLimit: config.throttling.rateLimit,
            ThrottlingBurstLimit: config.throttling.burstLimit,
          }),
        ],
      });
    }
    prod.template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    dev.template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 0);
  });
});

describe('pipeline', () => {
  it('binds every ASL placeholder to a task function, leaving no ${ once substituted', () => {
    const [[, machine]] = ofType(prod.resources, 'AWS::StepFunctions::StateMachine');
    const substitutions = machine.Properties.DefinitionSubstitutions as Record<string, { 'Fn::GetAtt': [string, string] }>;
    expect(Object.keys(substitutions).sort()).toEqual(pipelineTasks.map(arnPlaceholder).sort());
    const byDescription = functionsByDescription(prod.resources);
    let definition = machine.Properties.DefinitionString as string;
    for (const task of pipelineTasks) {
      const [fnId] = byDescription.get(`Pipeline task ${task.state}`)!;
      expect(substitutions[arnPlaceholder(task)]).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
      definition = definition.replaceAll(`\${${arnPlaceholder(task)}}`, `arn:aws:lambda:region:account:function:${fnId}`);
    }
    expect(definition).not.toContain('${');
    const asl = JSON.parse(definition);
    expect(asl.States.ProcessFiles.ItemProcessor.States.DownloadFile.Resource).toMatch(/^arn:aws:lambda:/);
  });

  it('logs ALL events without execution data, traces, and may invoke exactly its task functions', () => {
    prod.template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
      TracingConfiguration: { Enabled: true },
    });
    const roleId = ofType(prod.resources, 'AWS::StepFunctions::StateMachine')[0][1].Properties.RoleArn['Fn::GetAtt'][0];
    const invokes = ofType(prod.resources, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement)
      .filter((s: { Action: string | string[] }) => s.Action === 'lambda:InvokeFunction');
    expect(invokes).toHaveLength(1);
    expect(invokes[0].Resource).toHaveLength(pipelineTasks.length);
  });
});

describe('PDFs through Textract\'s asynchronous API', () => {
  const aslOf = (resources: Resources) => {
    const [[, machine]] = ofType(resources, 'AWS::StepFunctions::StateMachine');
    return { asl: JSON.parse(machine.Properties.DefinitionString), substitutions: machine.Properties.DefinitionSubstitutions, machine };
  };
  const topicId = () => {
    const topics = ofType(prod.resources, 'AWS::SNS::Topic').filter(([id]) => id.startsWith('PipelineTextractJobs'));
    expect(topics).toHaveLength(1);
    return topics[0][0];
  };

  it('routes PDFs through a Choice to a waitForTaskToken state bound to the start function, with heartbeat and timeout', () => {
    const { asl, substitutions } = aslOf(prod.resources);
    const states = asl.States.ProcessFiles.ItemProcessor.States;
    expect(states.DownloadFile.Next).toBe('IsPdf');
    expect(states.IsPdf).toMatchObject({ Type: 'Choice', Default: 'RecogniseText' });
    expect(JSON.stringify(states.IsPdf.Choices)).toContain('"StringEquals":"application/pdf"');
    expect(states.IsPdf.Choices[0].Next).toBe('RecogniseTextAsync');

    const wait = states.RecogniseTextAsync;
    expect(wait.Resource).toBe('arn:aws:states:::lambda:invoke.waitForTaskToken');
    expect(wait.Parameters.FunctionName).toBe('${RecogniseTextAsyncFunctionArn}');
    expect(wait.Parameters.Payload).toEqual({ 'owner.$': '$.owner', 'file.$': '$.file', 'taskToken.$': '$$.Task.Token' });
    expect(wait.HeartbeatSeconds).toBeGreaterThan(0);
    expect(wait.TimeoutSeconds).toBeGreaterThan(wait.HeartbeatSeconds);
    // Same output slot and failure path as the synchronous state.
    expect(wait.ResultPath).toBe('$.file');
    expect(wait.Next).toBe('ExtractFields');
    expect(wait.Catch).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'RecordFileFailure' }]);
    expect(wait.Retry.flatMap((r: { ErrorEquals: string[] }) => r.ErrorEquals)).toEqual(expect.arrayContaining([...TRANSIENT_ERRORS, 'States.Timeout']));

    const [fnId] = functionsByDescription(prod.resources).get('Pipeline task RecogniseTextAsync')!;
    expect(substitutions.RecogniseTextAsyncFunctionArn).toEqual({ 'Fn::GetAtt': [fnId, 'Arn'] });
  });

  it('has an encrypted, TLS-only topic and a role only Textract (from this account) assumes, allowed to publish to it alone', () => {
    const topic = topicId();
    expect(prod.resources[topic].Properties.KmsMasterKeyId).toBeDefined();
    prod.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topic }],
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
    const roles = ofType(prod.resources, 'AWS::IAM::Role').filter(([, r]) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('textract.amazonaws.com'),
    );
    expect(roles).toHaveLength(1);
    const [roleId, role] = roles[0];
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Condition).toEqual({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } });
    const statements = statementsOf(prod.resources, roleId);
    expect(statements.flatMap((st) => asList(st.Action)).sort()).toEqual(['kms:Decrypt', 'kms:GenerateDataKey', 'sns:Publish']);
    expect(statements.find((st) => st.Action === 'sns:Publish')!.Resource).toEqual({ Ref: topic });

    // The start function names that topic and role, and may pass that role (and no other) to Textract.
    const [, start] = functionsByDescription(prod.resources).get('Pipeline task RecogniseTextAsync')!;
    expect(start.Properties.Environment.Variables).toMatchObject({
      [textractChannelEnv.topicArn]: { Ref: topic },
      [textractChannelEnv.roleArn]: { 'Fn::GetAtt': [roleId, 'Arn'] },
    });
    const passRole = statementsOf(prod.resources, start.Properties.Role['Fn::GetAtt'][0]).filter((st) => asList(st.Action).includes('iam:PassRole'));
    expect(passRole.map((st) => st.Resource)).toEqual([{ 'Fn::GetAtt': [roleId, 'Arn'] }]);
  });

  it('subscribes the completion function to the topic', () => {
    const topic = topicId();
    const [completedId] = functionsByDescription(prod.resources).get(textractCompletedDescription)!;
    prod.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'lambda',
      TopicArn: { Ref: topic },
      Endpoint: { 'Fn::GetAtt': [completedId, 'Arn'] },
    });
    prod.template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'sns.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [completedId, 'Arn'] },
      SourceArn: { Ref: topic },
    });
  });

  it('gives async Textract calls and task responses to the two OCR functions only', () => {
    const byDescription = functionsByDescription(prod.resources);
    const [machineId] = ofType(prod.resources, 'AWS::StepFunctions::StateMachine')[0];
    const holders = (action: string) =>
      [...byDescription.entries()].filter(([, [, fn]]) => actionsOf(prod.resources, fn).includes(action)).map(([description]) => description);
    expect(holders('textract:StartDocumentTextDetection')).toEqual(['Pipeline task RecogniseTextAsync']);
    expect(holders('textract:GetDocumentTextDetection')).toEqual([textractCompletedDescription]);
    expect(holders('states:SendTaskSuccess')).toEqual([textractCompletedDescription]);
    expect(holders('states:SendTaskFailure')).toEqual([textractCompletedDescription]);
    // Task responses only for this state machine's tokens.
    const [, completed] = byDescription.get(textractCompletedDescription)!;
    const responses = statementsOf(prod.resources, completed.Properties.Role['Fn::GetAtt'][0]).filter((st) =>
      asList(st.Action).includes('states:SendTaskSuccess'),
    );
    expect(responses.map((st) => st.Resource)).toEqual([{ Ref: machineId }]);
  });

  it('ships sharp and the pincode data to the functions that need them, and only those', () => {
    const withData = [...functionsByDescription(prod.resources).entries()]
      .filter(([, [, fn]]) => addressReferenceData.env in fn.Properties.Environment.Variables)
      .map(([description]) => description)
      .sort();
    expect(withData).toEqual(['POST /v1/address/match/batch', 'Pipeline task CrossCheck', 'Pipeline task ExtractFields']);
    const [, extract] = functionsByDescription(prod.resources).get('Pipeline task ExtractFields')!;
    expect(extract.Properties.Environment.Variables[addressReferenceData.env]).toBe(`/var/task/${addressReferenceData.target}`);
  });

  it('ships pdf.js and its canvas to ExtractFields only, external to every bundle', () => {
    const shipping = (pkg: string) => Object.entries(taskAccess).filter(([, access]) => nativeInstallSet(access.nativeModules).includes(pkg as never)).map(([state]) => state);
    expect(shipping('pdfjs-dist')).toEqual(['ExtractFields']);
    expect(shipping('@napi-rs/canvas')).toEqual(['ExtractFields']);
    expect(shipping('sharp').sort()).toEqual(['CrossCheck', 'ExtractFields']);
    // Asking for pdf.js alone still ships the one canvas it renders with.
    expect(nativeInstallSet(['pdfjs-dist'])).toEqual(['@napi-rs/canvas', 'pdfjs-dist']);
    for (const pkg of ['sharp', 'pdfjs-dist', '@napi-rs/canvas']) expect(localOnlyModules).toContain(pkg);
  });
});

describe('observability and outputs', () => {
  it('alarms on API 5xx rate, each function\'s errors and failed executions, into an encrypted topic', () => {
    // The alarm topic and Textract's job topic, both encrypted.
    prod.template.resourceCountIs('AWS::SNS::Topic', 2);
    prod.template.allResourcesProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    const alarms = ofType(prod.resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
    // Every function: routes, tasks, the Textract completion, the reconciler and the expiry eraser.
    expect(alarms.filter((a) => a.MetricName === 'Errors')).toHaveLength(routes.length + pipelineTasks.length + 3);
    expect(alarms).toContainEqual(expect.objectContaining({ MetricName: '5XXError', Statistic: 'Average', Threshold: stageConfigFor('prod').alarms.api5xxRate }));
    expect(alarms).toContainEqual(expect.objectContaining({ MetricName: 'ExecutionsFailed', Namespace: 'AWS/States' }));
    for (const alarm of alarms) expect(alarm.AlarmActions).toHaveLength(1);
  });

  it('outputs the API URL, table name, bucket name and state machine ARN', () => {
    for (const name of ['ApiUrl', 'TableName', 'BucketName', 'StateMachineArn']) prod.template.hasOutput(name, {});
  });
});

describe('stages', () => {
  it('retains data in prod and destroys it with dev stacks', () => {
    for (const type of ['AWS::DynamoDB::GlobalTable', 'AWS::S3::Bucket', 'AWS::SecretsManager::Secret']) {
      prod.template.allResources(type, { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
      dev.template.allResources(type, { DeletionPolicy: 'Delete' });
    }
    prod.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
  });

  it('keeps logs a year in prod and a week in dev', () => {
    prod.template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
    dev.template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 7 });
  });

  it('refuses an unknown stage with a clear error', () => {
    expect(() => createServiceApp({ context: { stage: 'qa', 'aws:cdk:bundling-stacks': [] } })).toThrow(
      /Unknown stage "qa": use -c stage=dev\|staging\|prod/,
    );
  });
});

describe('dashboard', () => {
  const dashboardOf = (s: Synthesised) => {
    const found = ofType(s.resources, 'AWS::CloudWatch::Dashboard');
    expect(found).toHaveLength(1);
    const [, dashboard] = found[0];
    // The body is a Fn::Join of strings and tokens (ARNs, names): its literal parts hold the layout.
    const body = JSON.stringify(dashboard.Properties.DashboardBody);
    return { name: dashboard.Properties.DashboardName as string, body };
  };

  it('one per stage, named DocService-<stage>', () => {
    expect(dashboardOf(prod).name).toBe('DocService-prod');
    expect(dashboardOf(dev).name).toBe('DocService-dev');
  });

  it('shows requests, 4xx, 5xx and p95 latency for every route of the route table', () => {
    const { body } = dashboardOf(prod);
    for (const metric of ['Count', '5XXError', '4XXError', 'Latency']) expect(body.includes(`\\"AWS/ApiGateway\\",\\"${metric}\\"`), metric).toBe(true);
    expect(body.includes('\\"stat\\":\\"p95\\"')).toBe(true);
    for (const r of routes) {
      expect(body.includes(`\\"Method\\",\\"${r.method}\\",\\"Resource\\",\\"${r.path}\\"`), routeKey(r)).toBe(true);
      expect(body.includes(`\\"label\\":\\"${routeKey(r)}\\"`), routeKey(r)).toBe(true);
    }
  });

  // Documents per type and callbacks (the service's own metrics): test/infra/dashboard.test.ts.
  it('shows pipeline executions and duration, callbacks delivered and dead-lettered, and Textract throttles', () => {
    const { body } = dashboardOf(prod);
    for (const metric of ['ExecutionsStarted', 'ExecutionsSucceeded', 'ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionTime']) {
      expect(body.includes(`\\"AWS/States\\",\\"${metric}\\"`), metric).toBe(true);
    }
    for (const label of ['delivered', 'failed attempts (retried)', 'dead-lettered']) {
      expect(body.includes(`\\"label\\":\\"${label}\\"`), label).toBe(true);
    }
    for (const op of ['DetectDocumentText', 'StartDocumentTextDetection', 'GetDocumentTextDetection']) {
      expect(body.includes(`\\"AWS/Textract\\",\\"ThrottledCount\\",\\"Operation\\",\\"${op}\\"`), op).toBe(true);
    }
  });
});

describe('crash safety', () => {
  it('lets the failure tasks delete a failed file\'s objects (originals, OCR text), and read or write none', () => {
    const byDescription = functionsByDescription(prod.resources);
    for (const state of ['RecordFileFailure', 'RecordMapFailure']) {
      const [, fn] = byDescription.get(`Pipeline task ${state}`)!;
      const actions = actionsOf(prod.resources, fn);
      expect(actions.some((a) => a.startsWith('s3:DeleteObject')), state).toBe(true);
      expect(actions.some((a) => a.startsWith('s3:GetObject') || a.startsWith('s3:PutObject')), state).toBe(false);
    }
  });

  it('runs the reconciler on a schedule, allowed to start and describe executions of the pipeline alone', () => {
    const [id, fn] = functionsByDescription(prod.resources).get(reconcileDescription)!;
    expect(fn.Properties.Environment.Variables[envNames.stateMachine]).toBeDefined();
    const actions = actionsOf(prod.resources, fn);
    expect(actions).toEqual(expect.arrayContaining(['states:StartExecution', 'states:DescribeExecution']));
    const rules = ofType(prod.resources, 'AWS::Events::Rule').filter(([, r]) =>
      r.Properties.Targets.some((t: { Arn: unknown }) => JSON.stringify(t.Arn).includes(id)),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0][1].Properties.ScheduleExpression).toBe('rate(10 minutes)');
  });

  it('alarms on any Map-level failure (an invocation of RecordMapFailure)', () => {
    const [id] = functionsByDescription(prod.resources).get('Pipeline task RecordMapFailure')!;
    const alarms = ofType(prod.resources, 'AWS::CloudWatch::Alarm').filter(
      ([, a]) => a.Properties.MetricName === 'Invocations' && JSON.stringify(a.Properties.Dimensions).includes(id),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0][1].Properties.Threshold).toBe(1);
  });

  it('erases the rest of a flow or batch when TTL removes its record (the table stream, filtered to TTL removals)', () => {
    prod.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', { StreamSpecification: { StreamViewType: 'OLD_IMAGE' } });
    const [id, fn] = functionsByDescription(prod.resources).get(flowOrBatchExpiredDescription)!;
    // The deployed logical id (lib/expiry.ts says why it keeps its name): a new one would replace the function and its mapping.
    expect(id).toMatch(/^ExpiryOwnerExpired[0-9A-F]{8}$/);
    const mappings = ofType(prod.resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) => JSON.stringify(m.Properties.FunctionName).includes(id));
    expect(mappings).toHaveLength(1);
    const filter = JSON.parse(mappings[0][1].Properties.FilterCriteria.Filters[0].Pattern);
    expect(filter).toEqual({
      eventName: ['REMOVE'],
      userIdentity: { type: ['Service'], principalId: ['dynamodb.amazonaws.com'] },
      dynamodb: { Keys: { sk: { S: ['OWNER'] } } },
    });
    const actions = actionsOf(prod.resources, fn);
    expect(actions.some((a) => a.startsWith('s3:DeleteObject'))).toBe(true);
    expect(actions.some((a) => a.startsWith('s3:GetObject') || a.startsWith('s3:PutObject'))).toBe(false);
  });

  it('expires table items and objects from one retention setting per stage', () => {
    for (const s of [prod, dev]) {
      const days = String(stageConfigFor(s === prod ? 'prod' : 'dev').retentionDays);
      for (const [, fn] of functionsByDescription(s.resources).values()) {
        expect(fn.Properties.Environment.Variables[envNames.retentionDays], fn.Properties.Description).toBe(days);
      }
    }
  });
});

describe('least privilege (issue 12 item 10)', () => {
  const routeFunctions = (s: Synthesised) => {
    const byDescription = functionsByDescription(s.resources);
    return routes.map((route) => ({ route, access: routeAccess(route), fn: byDescription.get(routeKey(route))![1] }));
  };
  const roleOf = (fn: Resource) => fn.Properties.Role['Fn::GetAtt'][0] as string;
  const resourcesOf = (st: { Resource: unknown }) => (Array.isArray(st.Resource) ? st.Resource : [st.Resource]).map((r) => JSON.stringify(r));
  const WRITES = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

  it('lets route functions read redacted copies only: GetObject on clients/*/redacted.png, never an original', () => {
    for (const { route, access, fn } of routeFunctions(prod)) {
      const reads = statementsOf(prod.resources, roleOf(fn)).filter((st) => asList(st.Action).some((a) => a.startsWith('s3:GetObject')));
      if (!access.bucketRead) {
        expect(reads, routeKey(route)).toEqual([]);
        continue;
      }
      expect(reads, routeKey(route)).toHaveLength(1);
      expect(asList(reads[0].Action), routeKey(route)).toEqual(['s3:GetObject']);
      for (const r of resourcesOf(reads[0])) expect(r, routeKey(route)).toMatch(/\/clients\/\*\/redacted\.png"\]\]\}$/);
    }
    // Every GET that answers documents may link them; no route lists the bucket or reads it another way.
    expect(routes.filter((r) => r.method === 'GET' && r.path.endsWith('/extracts')).every((r) => routeAccess(r).bucketRead)).toBe(true);
  });

  it('limits every route function\'s table access to the calls its routes make: the table only, no Scan, GETs read-only', () => {
    for (const s of [prod, dev]) {
      for (const { route, access, fn } of routeFunctions(s)) {
        const statements = statementsOf(s.resources, roleOf(fn)).filter((st) => asList(st.Action).some((a) => a.startsWith('dynamodb:')));
        const actions = statements.flatMap((st) => asList(st.Action));
        expect(actions.includes('dynamodb:Scan'), routeKey(route)).toBe(false);
        // The table's ARN, never its indexes (no route queries one).
        for (const st of statements) for (const r of resourcesOf(st)) expect(r, routeKey(route)).not.toContain('/index/');
        const unconditioned = statements.filter((st) => !(st as { Condition?: unknown }).Condition).flatMap((st) => asList(st.Action));
        expect([...new Set(unconditioned)].sort(), routeKey(route)).toEqual([...access.tableActions].sort());
        if (route.method === 'GET') {
          expect(unconditioned.some((a) => WRITES.includes(a)), routeKey(route)).toBe(false);
          // A GET may only append audit records (partition keys AUDIT#...), never change data.
          for (const st of statements.filter((st) => (st as { Condition?: unknown }).Condition)) {
            expect(asList(st.Action), routeKey(route)).toEqual(['dynamodb:PutItem']);
            expect(JSON.stringify((st as { Condition?: unknown }).Condition), routeKey(route)).toContain('"AUDIT#*"');
          }
        }
      }
    }
    const of = (key: string) => routeAccess(routes.find((r) => routeKey(r) === key)!).tableActions;
    expect(of('GET /openapi.json')).toEqual([]);
    expect(of('POST /v1/address/match/batch').some((a) => WRITES.includes(a))).toBe(false);
    expect(of('POST /v3/verification/authtoken')).not.toContain('dynamodb:DeleteItem');
    expect(of('POST /v3/verification/multiupload')).toEqual(expect.arrayContaining(WRITES));
  });
});

describe('fair sharing (issue 12 item 8)', () => {
  const stages = [['prod', () => prod], ['dev', () => dev]] as const;

  it('derives each stage\'s numbers from its Textract quota: a full upload always fits, three clients share the stage', () => {
    for (const name of ['dev', 'staging', 'prod']) {
      const f = stageConfigFor(name).fairSharing;
      expect(f.textractConcurrency, name).toBe(2 * f.textractTps);
      expect(f.filesInFlightPerStage, name).toBe(Math.max(f.textractTps * 60, MAX_FILES_PER_UPLOAD));
      expect(f.filesInFlightPerClient, name).toBe(Math.max(MAX_FILES_PER_UPLOAD, Math.floor(f.filesInFlightPerStage / 3)));
      expect(f.filesInFlightPerClient, name).toBeLessThanOrEqual(f.filesInFlightPerStage);
      expect(f.tokenRequestsPerIp, name).toBeLessThan(f.requestsPerIp);
    }
    expect(stageConfigFor('prod').fairSharing).toMatchObject({ textractTps: 5, filesInFlightPerStage: 300, filesInFlightPerClient: 100 });
  });

  it('passes the admission limits to exactly the upload functions', () => {
    for (const [name, synth] of stages) {
      const f = stageConfigFor(name).fairSharing;
      for (const [description, [, fn]] of functionsByDescription(synth().resources)) {
        const env = fn.Properties.Environment.Variables;
        const upload = description.startsWith('POST ') && description.endsWith('/multiupload');
        expect(env[admissionEnv.perClient], description).toBe(upload ? String(f.filesInFlightPerClient) : undefined);
        expect(env[admissionEnv.stage], description).toBe(upload ? String(f.filesInFlightPerStage) : undefined);
        expect(env[admissionEnv.retryAfter], description).toBe(upload ? String(f.retryAfterSeconds) : undefined);
      }
    }
  });

  it('reserves the stage\'s Textract concurrency for exactly the functions that call Textract', () => {
    for (const [name, synth] of stages) {
      const reserved = [...functionsByDescription(synth().resources)]
        .filter(([, [, fn]]) => fn.Properties.ReservedConcurrentExecutions !== undefined)
        .map(([description, [, fn]]) => [description, fn.Properties.ReservedConcurrentExecutions]);
      const n = stageConfigFor(name).fairSharing.textractConcurrency;
      expect(reserved.sort(), name).toEqual(
        // ExtractFields re-reads IMEI close-ups with DetectDocumentText; it is downstream of RecogniseText's
        // bound anyway, so the reservation costs no throughput the OCR step had not already capped.
        [['Pipeline task RecogniseText', n], ['Pipeline task RecogniseTextAsync', n], ['Pipeline task ExtractFields', n], [textractCompletedDescription, n]].sort(),
      );
    }
  });

  it('rate-limits the token endpoints per address in the WAF, apart from the per-address limit of every route', () => {
    const [[, acl]] = ofType(prod.resources, 'AWS::WAFv2::WebACL');
    const rules = acl.Properties.Rules as Array<{ Name: string; Action?: unknown; Statement: any }>;
    const f = stageConfigFor('prod').fairSharing;
    const perIp = rules.find((r) => r.Name === 'PerIpRateLimit')!;
    expect(perIp.Statement.RateBasedStatement).toMatchObject({ Limit: f.requestsPerIp, AggregateKeyType: 'IP' });
    const tokens = rules.find((r) => r.Name === 'TokenEndpointsPerIp')!;
    expect(tokens.Action).toEqual({ Block: {} });
    expect(tokens.Statement.RateBasedStatement).toMatchObject({ Limit: f.tokenRequestsPerIp, AggregateKeyType: 'IP' });
    const paths = tokens.Statement.RateBasedStatement.ScopeDownStatement.OrStatement.Statements.map(
      (s: any) => s.ByteMatchStatement.SearchString,
    );
    expect(paths.sort()).toEqual(
      routes.filter((r) => r.auth.kind === 'clientCredentials' || r.auth.kind === 'refreshToken').map((r) => r.path).sort(),
    );
  });
});

describe('data lifecycle (issue 12 items 6 and 9)', () => {
  const roleOf = (fn: Resource) => fn.Properties.Role['Fn::GetAtt'][0] as string;
  const erasers = routes.filter((r) => r.method === 'DELETE');

  it('lets the erasure routes list and delete objects under clients/ only, and stop the pipeline\'s executions', () => {
    expect(erasers.map(routeKey).sort()).toEqual(['DELETE /v1/bulk/batch', 'DELETE /v1/docstream/batch', 'DELETE /v2/verification/flow', 'DELETE /v3/verification/flow']);
    const byDescription = functionsByDescription(prod.resources);
    for (const route of erasers) {
      const [, fn] = byDescription.get(routeKey(route))!;
      expect(fn.Properties.Environment.Variables[envNames.stateMachine], routeKey(route)).toBeDefined();
      const statements = statementsOf(prod.resources, roleOf(fn));
      const s3 = statements.filter((st) => asList(st.Action).some((a) => a.startsWith('s3:')));
      const list = s3.find((st) => asList(st.Action).includes('s3:ListBucket'))!;
      expect((list as { Condition?: unknown }).Condition, routeKey(route)).toEqual({ StringLike: { 's3:prefix': ['clients/*'] } });
      const del = s3.find((st) => asList(st.Action).some((a) => a.startsWith('s3:DeleteObject')))!;
      expect(JSON.stringify(del.Resource), routeKey(route)).toMatch(/\/clients\/\*"\]\]\}$/);
      // Erasure reads no document and writes none.
      expect(s3.flatMap((st) => asList(st.Action)).some((a) => a.startsWith('s3:GetObject') || a.startsWith('s3:PutObject')), routeKey(route)).toBe(false);
      const stop = statements.find((st) => asList(st.Action).includes('states:StopExecution'))!;
      expect(JSON.stringify(stop.Resource), routeKey(route)).toContain(':execution:');
    }
  });

  it('gives no other route function object deletion or StopExecution', () => {
    const byDescription = functionsByDescription(prod.resources);
    for (const route of routes.filter((r) => r.method !== 'DELETE')) {
      const actions = actionsOf(prod.resources, byDescription.get(routeKey(route))![1]);
      expect(actions.some((a) => a.startsWith('s3:DeleteObject') || a === 's3:ListBucket' || a === 'states:StopExecution'), routeKey(route)).toBe(false);
    }
  });

  it('lets every function that opens sealed Aadhaar numbers write its audit records', () => {
    const byDescription = functionsByDescription(prod.resources);
    const openers = [
      ...routes.filter((r) => routeAccess(r).aadhaarVault).map(routeKey),
      ...Object.entries(taskAccess).filter(([, a]) => a.aadhaarVault).map(([state]) => `Pipeline task ${state}`),
    ];
    expect(openers).toEqual(expect.arrayContaining(['GET /v3/verification/extracts', 'Pipeline task DeliverCallback']));
    for (const name of openers) {
      const [, fn] = byDescription.get(name)!;
      expect(actionsOf(prod.resources, fn), name).toContain('dynamodb:PutItem');
    }
  });

});

describe('onboarding assistant on Bedrock (issue 11 item 6)', () => {
  const CHAT = 'POST /v2/verification/chat';
  const roleOf = (fn: Resource) => fn.Properties.Role['Fn::GetAtt'][0] as string;

  it('gives the chat function alone CHAT_ENGINE=bedrock, the stage\'s model id and bedrock:InvokeModel on that one foundation model', () => {
    for (const [stage, s] of [['prod', prod], ['dev', dev]] as const) {
      const modelId = stageConfigFor(stage).chatModelId;
      expect(modelId, stage).toMatch(/^[a-z0-9-]+\.[A-Za-z0-9.:-]+$/);
      const byDescription = functionsByDescription(s.resources);
      const [, chat] = byDescription.get(CHAT)!;
      expect(chat.Properties.Environment.Variables, stage).toMatchObject({ CHAT_ENGINE: 'bedrock', BEDROCK_MODEL_ID: modelId });
      const bedrock = statementsOf(s.resources, roleOf(chat)).filter((st) => asList(st.Action).some((a) => a.startsWith('bedrock:')));
      expect(bedrock, stage).toHaveLength(1);
      expect(asList(bedrock[0].Action), stage).toEqual(['bedrock:InvokeModel']);
      const resource = JSON.stringify(bedrock[0].Resource);
      expect(resource, stage).toContain(`:bedrock:`);
      expect(resource, stage).toContain(`::foundation-model/${modelId}`);
      expect(resource, stage).not.toContain('*');

      for (const [description, [, fn]] of byDescription) {
        if (description === CHAT) continue;
        expect(actionsOf(s.resources, fn).some((a) => a.startsWith('bedrock:')), description).toBe(false);
        expect(fn.Properties.Environment?.Variables?.BEDROCK_MODEL_ID, description).toBeUndefined();
        expect(fn.Properties.Environment?.Variables?.CHAT_ENGINE, description).toBeUndefined();
      }
    }
    expect(routes.filter((r) => routeAccess(r).chatModel).map(routeKey)).toEqual([CHAT]);
  });
});

// Appended with the tests below (import declarations are hoisted: usable anywhere in the module).
import { VAULT_KMS_KEY_ENV } from '#adapters/aadhaarVault.ts';

describe('Aadhaar vault KMS key (issue 12 item 6)', () => {
  const sealers = ['Pipeline task ExtractFields'];
  const openers = ['GET /v1/bulk/extracts', 'GET /v1/docstream/extracts', 'GET /v3/verification/extracts', 'Pipeline task DeliverCallback'];
  const stages = [['prod', () => prod], ['dev', () => dev]] as const;

  const vaultKey = (s: Synthesised) => {
    const keys = ofType(s.resources, 'AWS::KMS::Key').filter(([id]) => id.startsWith('AadhaarVault'));
    expect(keys).toHaveLength(1);
    return keys[0];
  };
  /** Functions whose role is allowed `action` on the vault key, each statement bound to the vault's encryption context. */
  const allowedOnKey = (s: Synthesised, keyId: string, action: string) =>
    [...functionsByDescription(s.resources).entries()]
      .filter(([, [, fn]]) =>
        statementsOf(s.resources, fn.Properties.Role['Fn::GetAtt'][0]).some(
          (st) => st.Effect === 'Allow' && asList(st.Action).some((a) => a === action || a === 'kms:*') && JSON.stringify(st.Resource).includes(`"${keyId}"`),
        ),
      )
      .map(([description]) => description)
      .sort();

  it('is a customer managed key per stage with yearly rotation, kept in prod and removed with dev stacks', () => {
    for (const [name, synth] of stages) {
      const [, key] = vaultKey(synth());
      expect(key.Properties.EnableKeyRotation, name).toBe(true);
      expect(key.Properties.KeySpec ?? 'SYMMETRIC_DEFAULT', name).toBe('SYMMETRIC_DEFAULT');
      const policy = stageConfigFor(name).removalPolicy === 'retain' ? 'Retain' : 'Delete';
      expect(key.DeletionPolicy, name).toBe(policy);
      expect(key.UpdateReplacePolicy, name).toBe(policy);
    }
    expect(vaultKey(prod)[1].DeletionPolicy).toBe('Retain');
    expect(vaultKey(dev)[1].DeletionPolicy).toBe('Delete');
    prod.template.hasResourceProperties('AWS::KMS::Alias', { AliasName: 'alias/docservice-prod-aadhaar-vault' });
  });

  it('lets exactly the sealing task GenerateDataKey and exactly the opening functions Decrypt, both only with the vault\'s encryption context', () => {
    for (const [name, synth] of stages) {
      const s = synth();
      const [keyId] = vaultKey(s);
      expect(allowedOnKey(s, keyId, 'kms:GenerateDataKey'), name).toEqual(sealers);
      expect(allowedOnKey(s, keyId, 'kms:Decrypt'), name).toEqual(openers);
      const byDescription = functionsByDescription(s.resources);
      for (const description of [...sealers, ...openers]) {
        const [, fn] = byDescription.get(description)!;
        const onKey = statementsOf(s.resources, fn.Properties.Role['Fn::GetAtt'][0]).filter((st) => JSON.stringify(st.Resource).includes(`"${keyId}"`));
        expect(onKey, description).toHaveLength(1);
        expect(asList(onKey[0].Action), description).toEqual([sealers.includes(description) ? 'kms:GenerateDataKey' : 'kms:Decrypt']);
        expect(onKey[0].Resource, description).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
        expect((onKey[0] as { Condition?: unknown }).Condition, description).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'aadhaar-vault' } });
        // The runtime seals with, or pins its Decrypt to, this key.
        expect(fn.Properties.Environment.Variables[VAULT_KMS_KEY_ENV], description).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
      }
      // No other function knows the key, and no other policy in the stack names it.
      const withEnv = [...byDescription.entries()].filter(([, [, fn]]) => VAULT_KMS_KEY_ENV in fn.Properties.Environment.Variables).map(([d]) => d).sort();
      expect(withEnv, name).toEqual([...sealers, ...openers].sort());
      const roles = [...sealers, ...openers].map((d) => byDescription.get(d)![1].Properties.Role['Fn::GetAtt'][0]).sort();
      const naming = ofType(s.resources, 'AWS::IAM::Policy').filter(([, p]) => JSON.stringify(p.Properties.PolicyDocument).includes(`"${keyId}"`));
      expect(naming.flatMap(([, p]) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref)).sort(), name).toEqual(roles);
    }
    // The sealer never unwraps, the openers never make data keys.
    expect(Object.entries(taskAccess).filter(([, a]) => a.aadhaarVault === 'seal').map(([state]) => state)).toEqual(['ExtractFields']);
    expect(Object.entries(taskAccess).filter(([, a]) => a.aadhaarVault === 'open').map(([state]) => state)).toEqual(['DeliverCallback']);
  });

  it('keeps cdk-nag clean for the key (rotation on, no acknowledgement needed)', () => {
    for (const [name, synth] of stages) {
      const [keyId] = vaultKey(synth());
      const findings = violations(synth()).filter((v) => JSON.stringify(v).includes(keyId) || JSON.stringify(v).includes('AadhaarVault/Key'));
      expect(findings, name).toEqual([]);
    }
  });
});

describe('least privilege of the pipeline (issue 12 item 10)', () => {
  const s3Statements = (s: Synthesised, fn: Resource) =>
    statementsOf(s.resources, fn.Properties.Role['Fn::GetAtt'][0]).filter((st) => asList(st.Action).some((a) => a.startsWith('s3:')));
  const s3Actions = (s: Synthesised, fn: Resource) => s3Statements(s, fn).flatMap((st) => asList(st.Action));
  /** What each function's code does with objects (its use case in functions/app, files/cleanUp.ts): get, put, delete. */
  const objectCalls: Record<string, { get: boolean; put: boolean; del: boolean }> = {
    'Pipeline task DownloadFile': { get: false, put: true, del: false },
    'Pipeline task RecogniseText': { get: true, put: true, del: false },
    'Pipeline task RecogniseTextAsync': { get: true, put: false, del: false },
    'Pipeline task ExtractFields': { get: true, put: true, del: true },
    'Pipeline task RecordFileFailure': { get: false, put: false, del: true },
    'Pipeline task RecordMapFailure': { get: false, put: false, del: true },
    'Pipeline task CrossCheck': { get: true, put: false, del: false },
    'Pipeline task Finalise': { get: false, put: false, del: false },
    'Pipeline task DeliverCallback': { get: true, put: false, del: false },
    'Pipeline task DeadLetterCallback': { get: false, put: false, del: false },
    [textractCompletedDescription]: { get: false, put: true, del: false },
    [reconcileDescription]: { get: false, put: false, del: true },
  };

  it('covers every pipeline function', () => {
    expect(Object.keys(objectCalls).sort()).toEqual([...pipelineTasks.map((t) => `Pipeline task ${t.state}`), textractCompletedDescription, reconcileDescription].sort());
  });

  it('lets DeliverCallback read redacted copies only (GetObject on clients/*/redacted.png), like the GET routes', () => {
    const [, fn] = functionsByDescription(prod.resources).get('Pipeline task DeliverCallback')!;
    const statements = s3Statements(prod, fn);
    expect(statements).toHaveLength(1);
    expect(asList(statements[0].Action)).toEqual(['s3:GetObject']);
    expect(JSON.stringify(statements[0].Resource)).toMatch(/\/clients\/\*\/redacted\.png"\]\]\}$/);
  });

  it('gives each pipeline function exactly the object calls its code makes', () => {
    for (const s of [prod, dev]) {
      const byDescription = functionsByDescription(s.resources);
      for (const [description, calls] of Object.entries(objectCalls)) {
        const actions = s3Actions(s, byDescription.get(description)![1]);
        expect(actions.some((a) => a.startsWith('s3:GetObject')), description).toBe(calls.get);
        expect(actions.some((a) => a.startsWith('s3:PutObject')), description).toBe(calls.put);
        expect(actions.some((a) => a.startsWith('s3:DeleteObject')), description).toBe(calls.del);
      }
    }
  });

  it('limits each pipeline function\'s table access to its calls: the table only, no Scan or DeleteItem, the index for the reconciler alone', () => {
    for (const s of [prod, dev]) {
      const byDescription = functionsByDescription(s.resources);
      for (const description of Object.keys(objectCalls)) {
        const [, fn] = byDescription.get(description)!;
        const statements = statementsOf(s.resources, fn.Properties.Role['Fn::GetAtt'][0]).filter((st) => asList(st.Action).some((a) => a.startsWith('dynamodb:')));
        const actions = [...new Set(statements.flatMap((st) => asList(st.Action)))].sort();
        const reconciler = description === reconcileDescription;
        expect(actions, description).toEqual(
          ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem', ...(reconciler ? ['dynamodb:BatchWriteItem'] : [])].sort(),
        );
        const onIndex = statements.filter((st) => JSON.stringify(st.Resource).includes('/index/'));
        if (reconciler) {
          expect(onIndex, description).toHaveLength(1);
          expect(asList(onIndex[0].Action), description).toEqual(['dynamodb:Query']);
        } else {
          expect(onIndex, description).toEqual([]);
        }
      }
    }
  });
});
