/**
 * Per-stage settings as data: the only place where dev, staging and prod differ.
 * Everything else in lib/ is the same architecture for every stage.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { MethodLoggingLevel } from 'aws-cdk-lib/aws-apigateway';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

export const stageNames = ['dev', 'staging', 'prod'] as const;
export type StageName = (typeof stageNames)[number];

export interface StageConfig {
  stage: StageName;
  /** Lambda, API access and state machine logs. */
  logRetention: RetentionDays;
  /** Table, bucket, secret and log groups: kept in prod, torn down with dev stacks. */
  removalPolicy: RemovalPolicy;
  /** API Gateway stage throttling (steady requests/s and burst). */
  throttling: { rateLimit: number; burstLimit: number };
  /**
   * The one retention setting: a flow's or batch's table items (TTL), its objects in the bucket
   * (lifecycle) and its callback records expire this many days after they are written.
   */
  retentionDays: number;
  /** Server access logs of the documents bucket. */
  accessLogExpiryDays: number;
  alarms: {
    /** API 5XXError average over 5 minutes (a rate: 0.05 = 5% of requests). */
    api5xxRate: number;
    /** Sum of Lambda errors per function over 5 minutes. */
    lambdaErrors: number;
    /** Failed pipeline executions over 5 minutes. */
    failedExecutions: number;
  };
  /** A WAF web ACL (AWS managed rules, per-IP rate limit) in front of the API. */
  waf: boolean;
  /** API Gateway execution logs; never data trace (it would log bodies with personal data). */
  apiLoggingLevel: MethodLoggingLevel;
}

const day = 1;

export const stageConfigs: Record<StageName, StageConfig> = {
  dev: {
    stage: 'dev',
    logRetention: RetentionDays.ONE_WEEK,
    removalPolicy: RemovalPolicy.DESTROY,
    throttling: { rateLimit: 20, burstLimit: 40 },
    retentionDays: 7 * day,
    accessLogExpiryDays: 30 * day,
    alarms: { api5xxRate: 0.2, lambdaErrors: 20, failedExecutions: 10 },
    waf: false,
    apiLoggingLevel: MethodLoggingLevel.INFO,
  },
  staging: {
    stage: 'staging',
    logRetention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
    throttling: { rateLimit: 50, burstLimit: 100 },
    retentionDays: 30 * day,
    accessLogExpiryDays: 90 * day,
    alarms: { api5xxRate: 0.05, lambdaErrors: 5, failedExecutions: 3 },
    waf: true,
    apiLoggingLevel: MethodLoggingLevel.ERROR,
  },
  prod: {
    stage: 'prod',
    logRetention: RetentionDays.ONE_YEAR,
    removalPolicy: RemovalPolicy.RETAIN,
    throttling: { rateLimit: 200, burstLimit: 400 },
    retentionDays: 30 * day,
    accessLogExpiryDays: 365 * day,
    alarms: { api5xxRate: 0.01, lambdaErrors: 1, failedExecutions: 1 },
    waf: true,
    apiLoggingLevel: MethodLoggingLevel.ERROR,
  },
};

export function isStageName(value: unknown): value is StageName {
  return typeof value === 'string' && (stageNames as readonly string[]).includes(value);
}

/** The stage from `-c stage=...`; unknown names fail loudly rather than deploy something unintended. */
export function stageConfigFor(value: unknown): StageConfig {
  const name = value ?? 'dev';
  if (!isStageName(name)) {
    throw new Error(`Unknown stage ${JSON.stringify(name)}: use -c stage=${stageNames.join('|')}`);
  }
  return stageConfigs[name];
}
