/**
 * The REST API, built from the one route table (functions/http/routes.ts): one Lambda per route,
 * one method per route. Authentication happens inside the handlers (JWT in the `Token` header,
 * client credentials, refresh tokens), so no method has an API Gateway authorizer.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import {
  AccessLogFormat,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  RequestValidator,
  ResponseType,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { VAULT_SECRET_ENV } from '../functions/adapters/aadhaarVault.ts';
import { chatEngineEnv } from '../functions/adapters/chat/index.ts';
import { envNames } from '../functions/adapters/tableSchema.ts';
import { admissionEnv } from '../functions/adapters/store/admission.ts';
import { routeKey, routes, type Route } from '../functions/http/routes.ts';
import { ServiceFunction } from './functions.ts';
import { acknowledgeStorageGrants } from './nag.ts';
import { grantAuditWrite, grantErasure } from './lifecycle.ts';
import type { StageConfig } from './stage-config.ts';
import type { Storage } from './storage.ts';
import type { AadhaarVaultKey } from './vault-key.ts';

/** What a route's function may touch, derived from the route so a new route gets sensible rights. */
export interface RouteAccess {
  table: 'none' | 'read' | 'readWrite';
  /** The DynamoDB calls its code makes, on the table only (no route queries an index; none scans). */
  tableActions: string[];
  /** Pre-signed GETs of redacted copies are signed with the function's own role. */
  bucketRead: boolean;
  /** Uploads start the pipeline. */
  startsPipeline: boolean;
  /** Issues or verifies our JWTs. */
  signingKey: boolean;
  /** Runs the address engine: the pincode reference data ships beside the bundle. */
  addressReferenceData: boolean;
  /** Answers with extracts, which open sealed Aadhaar numbers for the client: reads the vault key. */
  aadhaarVault: boolean;
  /** Erases a flow or batch: deletes its objects, stops its executions (lib/lifecycle.ts). */
  erases: boolean;
  /** Answers the onboarding assistant's chat: calls Bedrock Converse on the stage's model. */
  chatModel: boolean;
}

/** Reads: items, key-range queries, the admission check's batch of flow and batch records. */
const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Token endpoints: new refresh tokens and families (put), rotation and revocation (update). */
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem'];
/** Uploads undo a failed upload (batch delete) and give up idempotency claims; erasure deletes. */
const TABLE_DELETE = ['dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

function tableAccess(route: Route): Pick<RouteAccess, 'table' | 'tableActions'> {
  if (route.auth.kind === 'none') return { table: 'none', tableActions: [] };
  // GETs and address matching (static credentials, matches nothing it stores) only read.
  if (route.method === 'GET' || route.auth.kind === 'staticCredentials') return { table: 'read', tableActions: TABLE_READ };
  if (route.auth.kind === 'clientCredentials' || route.auth.kind === 'refreshToken') {
    return { table: 'readWrite', tableActions: [...TABLE_READ, ...TABLE_WRITE] };
  }
  return { table: 'readWrite', tableActions: [...TABLE_READ, ...TABLE_WRITE, ...TABLE_DELETE] };
}

/**
 * Redacted copies only (`clients/<client>/<kind>/<id>/<file>/redacted.png`, s3Documents.ts fileObjects):
 * links in answers are pre-signed with the function's role, which never reads an original.
 */
export const REDACTED_OBJECTS = 'clients/*/redacted.png';

export function routeAccess(route: Route): RouteAccess {
  const signingKey = ['clientCredentials', 'token', 'refreshToken'].includes(route.auth.kind);
  return {
    ...tableAccess(route),
    // Responses with extracted documents (extracts, v2 submit and docs) may link redacted copies.
    bucketRead: route.auth.kind === 'token' && (route.method === 'GET' || route.path.endsWith('/flow/submit')),
    startsPipeline: route.path.endsWith('/multiupload'),
    signingKey,
    addressReferenceData: route.path.startsWith('/v1/address/'),
    aadhaarVault: route.path.endsWith('/extracts'),
    erases: route.method === 'DELETE',
    chatModel: route.path === '/v2/verification/chat' && route.method === 'POST',
  };
}

/** A foundation model's ARN in the stack's region (foundation models have no account). */
export const foundationModelArn = (scope: Construct, modelId: string) =>
  Stack.of(scope).formatArn({ service: 'bedrock', account: '', resource: 'foundation-model', resourceName: modelId });

/** Paths of the routes that issue tokens (client credentials or a refresh token). */
export const tokenPaths = () =>
  routes.filter((r) => r.auth.kind === 'clientCredentials' || r.auth.kind === 'refreshToken').map((r) => r.path);

/** `v3/verification/flow/init` -> `V3VerificationFlowInit`: a stable construct id per handler. */
export function functionId(route: Route): string {
  return route.handler
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

export interface ApiProps {
  stageConfig: StageConfig;
  storage: Storage;
  stateMachine: IStateMachine;
  signingKeySecret: ISecret;
  /** Read by the routes that return extracts (they open sealed Aadhaar numbers). */
  aadhaarVaultSecret: ISecret;
  /** Decrypt only, for the same routes: values sealed with KMS (lib/vault-key.ts). */
  aadhaarVaultKey: AadhaarVaultKey;
}

export class Api extends Construct {
  readonly restApi: RestApi;
  readonly accessLogs: LogGroup;
  /** Route functions by route key (`POST /v3/verification/flow/init`). */
  readonly functions: Record<string, ServiceFunction> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { stageConfig, storage } = props;

    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: stageConfig.logRetention,
      removalPolicy: stageConfig.removalPolicy,
    });

    this.restApi = new RestApi(this, 'RestApi', {
      restApiName: `DocService-${stageConfig.stage}`,
      description: 'Document verification, extraction and onboarding API',
      endpointTypes: [EndpointType.REGIONAL],
      // Execution logging needs the account-level CloudWatch role; the API owns it.
      cloudWatchRole: true,
      cloudWatchRoleRemovalPolicy: stageConfig.removalPolicy,
      deployOptions: {
        stageName: stageConfig.stage,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: stageConfig.apiLoggingLevel,
        // Never log bodies: they carry document URLs, applicant data and tokens.
        dataTraceEnabled: false,
        throttlingRateLimit: stageConfig.throttling.rateLimit,
        throttlingBurstLimit: stageConfig.throttling.burstLimit,
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields({
          caller: false,
          httpMethod: true,
          ip: true,
          protocol: true,
          requestTime: true,
          resourcePath: true,
          responseLength: true,
          status: true,
          user: false,
        }),
      },
    });

    // The stack exports the URL once, as ApiUrl.
    this.restApi.node.tryRemoveChild('Endpoint');

    // Bodies and query strings are validated by the handlers (zod, the spec's error shapes);
    // the validator still rejects requests that break a method's declared parameters.
    const requestValidator = new RequestValidator(this, 'RequestValidator', {
      restApi: this.restApi,
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    // API Gateway's own refusals (unknown path, throttling) answer in the spec's error shape.
    this.restApi.addGatewayResponse('Default4xx', {
      type: ResponseType.DEFAULT_4XX,
      templates: { 'application/json': '{"error":$context.error.messageString}' },
    });
    this.restApi.addGatewayResponse('Default5xx', {
      type: ResponseType.DEFAULT_5XX,
      templates: { 'application/json': '{"error":$context.error.messageString}' },
    });
    // An unknown path (and a known path with a method it lacks) is 403 "Missing Authentication
    // Token" in API Gateway; the local server answers 404 (405 for a wrong method). Both become 404
    // here: API Gateway cannot tell the two apart (docs/decisions-infra.md).
    this.restApi.addGatewayResponse('MissingAuthenticationToken', {
      type: ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      templates: { 'application/json': '{"error":"No such endpoint"}' },
    });

    for (const route of routes) {
      const fn = this.routeFunction(route, props);
      this.functions[routeKey(route)] = fn;
      this.restApi.root.resourceForPath(route.path).addMethod(
        route.method,
        // allowTestInvoke off: one Lambda permission per method, not two.
        new LambdaIntegration(fn, { allowTestInvoke: false }),
        { requestValidator },
      );
    }

    Validations.of(this.restApi).acknowledge(
      {
        id: 'AwsSolutions-APIG4',
        reason:
          'Authentication is done inside each handler (JWT in the Token header verified with jose, client credentials, refresh tokens) as the interface spec requires; API Gateway authorizers cannot express these schemes.',
      },
      {
        id: 'AwsSolutions-COG4',
        reason: 'Integrators authenticate with client credentials and our own JWTs (see APIG4), not Cognito user pools.',
      },
    );
    if (stageConfig.waf) this.addWebAcl(stageConfig);
    else {
      Validations.of(this.restApi).acknowledge({
        id: 'AwsSolutions-APIG3',
        reason: `No WAF web ACL in ${stageConfig.stage}: stage throttling bounds abuse; prod and staging attach one.`,
      });
    }
    const cloudWatchRole = this.restApi.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason: 'The AWS managed policy for API Gateway execution logging is the documented minimum for the account-level role.',
      });
    }
  }

  /** AWS managed baseline rules and a per-IP rate limit; the body-size rule only counts (upload bodies list many URLs). */
  private addWebAcl(stageConfig: StageConfig): void {
    const visibility = (metricName: string) => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });
    const managed = (name: string, priority: number, countOnly: string[] = []) => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ruleActionOverrides: countOnly.map((rule) => ({ name: rule, actionToUse: { count: {} } })),
        },
      },
      visibilityConfig: visibility(name),
    });
    const webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(`DocService-${stageConfig.stage}`),
      rules: [
        managed('AWSManagedRulesCommonRuleSet', 0, ['SizeRestrictions_BODY']),
        managed('AWSManagedRulesKnownBadInputsRuleSet', 1),
        {
          name: 'PerIpRateLimit',
          priority: 2,
          action: { block: {} },
          // Requests per 5 minutes from one address: a quarter of the stage's rate (lib/stage-config.ts fairSharing).
          statement: { rateBasedStatement: { limit: stageConfig.fairSharing.requestsPerIp, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('PerIpRateLimit'),
        },
        {
          name: 'TokenEndpointsPerIp',
          priority: 3,
          action: { block: {} },
          // Each call verifies a scrypt hash: one address gets the few an integrator needs (tokens live 3600 s).
          statement: {
            rateBasedStatement: {
              limit: stageConfig.fairSharing.tokenRequestsPerIp,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                orStatement: {
                  statements: tokenPaths().map((path) => ({
                    byteMatchStatement: {
                      searchString: path,
                      fieldToMatch: { uriPath: {} },
                      positionalConstraint: 'ENDS_WITH',
                      textTransformations: [{ priority: 0, type: 'NONE' }],
                    },
                  })),
                },
              },
            },
          },
          visibilityConfig: visibility('TokenEndpointsPerIp'),
        },
      ],
    });
    new CfnWebACLAssociation(this, 'WebAclAssociation', {
      resourceArn: this.restApi.deploymentStage.stageArn,
      webAclArn: webAcl.attrArn,
    });
  }

  private routeFunction(route: Route, props: ApiProps): ServiceFunction {
    const { stageConfig, storage } = props;
    const access = routeAccess(route);
    const environment: Record<string, string> = {
      [envNames.table]: storage.table.tableName,
      [envNames.bucket]: storage.bucket.bucketName,
    };
    if (access.startsPipeline || access.erases) environment[envNames.stateMachine] = props.stateMachine.stateMachineArn;
    if (access.signingKey) environment[envNames.signingKeySecret] = props.signingKeySecret.secretArn;
    if (access.startsPipeline) {
      const fair = stageConfig.fairSharing;
      environment[admissionEnv.perClient] = String(fair.filesInFlightPerClient);
      environment[admissionEnv.stage] = String(fair.filesInFlightPerStage);
      environment[admissionEnv.retryAfter] = String(fair.retryAfterSeconds);
    }
    if (access.aadhaarVault) environment[VAULT_SECRET_ENV] = props.aadhaarVaultSecret.secretArn;
    if (access.chatModel && stageConfig.engines.chat === 'bedrock') Object.assign(environment, { [chatEngineEnv.engine]: 'bedrock', [chatEngineEnv.modelId]: stageConfig.chatModelId });

    const fn = new ServiceFunction(this, functionId(route), {
      entry: `functions/http/${route.handler}.ts`,
      description: routeKey(route),
      stageConfig,
      memoryMb: route.memoryMb ?? 256,
      environment,
      addressReferenceData: access.addressReferenceData,
    });
    if (access.tableActions.length) {
      fn.addToRolePolicy(new PolicyStatement({ actions: access.tableActions, resources: [storage.table.tableArn] }));
    }
    if (access.bucketRead) {
      fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [storage.bucket.arnForObjects(REDACTED_OBJECTS)] }));
      Validations.of(fn.executionRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(storage.bucket.node.defaultChild as CfnBucket)}.Arn>/${REDACTED_OBJECTS}]`,
        reason: 'GetObject on redacted copies only (any client, flow and file: ids are per-request data); never on originals or OCR output.',
      });
    }
    if (access.startsPipeline) props.stateMachine.grantStartExecution(fn);
    if (access.signingKey) props.signingKeySecret.grantRead(fn);
    if (access.aadhaarVault) props.aadhaarVaultSecret.grantRead(fn);
    if (access.aadhaarVault) props.aadhaarVaultKey.grantOpen(fn);
    if (access.aadhaarVault && access.table === 'read') grantAuditWrite(fn, storage);
    if (access.erases) grantErasure(fn, storage, props.stateMachine);
    // Converse is authorised by InvokeModel, here on the one foundation model of the stage.
    if (access.chatModel && stageConfig.engines.chat === 'bedrock') fn.addToRolePolicy(new PolicyStatement({ actions: ['bedrock:InvokeModel'], resources: [foundationModelArn(this, stageConfig.chatModelId)] }));
    acknowledgeStorageGrants(fn.executionRole, storage);
    return fn;
  }
}
