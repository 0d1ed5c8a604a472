/**
 * Per-stage settings as data: the only place where dev, staging, prod and localstack differ.
 * Everything else in lib/ is the same architecture for every stage.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { MethodLoggingLevel } from 'aws-cdk-lib/aws-apigateway';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { TextractFeatureChoice } from '../functions/adapters/textractAnalysis.ts';

export const stageNames = ['dev', 'staging', 'prod', 'localstack'] as const;
export type StageName = (typeof stageNames)[number];

/**
 * The engines behind functions/adapters/engines.ts (OCR_ENGINE, FACE_ENGINE) and the chat route
 * (CHAT_ENGINE). The managed ones in AWS; the local ones travel inside the functions that call them.
 */
export interface StageEngines {
  ocr: 'textract' | 'tesseract';
  faces: 'rekognition' | 'local';
  chat: 'bedrock' | 'local';
}

/** Lambda architectures by their CloudFormation names. */
export type LambdaArchitecture = 'arm64' | 'x86_64';

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
  /** Fair sharing between clients (issue 12 item 8); the numbers follow `fairSharing()` below. */
  fairSharing: FairSharing;
  /** The onboarding assistant's Bedrock model (Converse); the account must have access to it in the stack's region. */
  chatModelId: string;
  engines: StageEngines;
  /** Every function's CPU; native packages (sharp, the canvas) are installed for it. */
  lambdaArchitecture: LambdaArchitecture;
  /** X-Ray active tracing of the functions and the state machine. */
  tracing: boolean;
  /**
   * The one place Textract's structure APIs are chosen per document type (AnalyzeExpense, or
   * AnalyzeDocument FORMS/TABLES/LAYOUT/QUERIES), run by RecogniseText after DetectDocumentText
   * has classified an image. Empty: DetectDocumentText only, every type's structure derived
   * locally. The choice we would measure first, and how: docs/decisions-documents.md ("Textract
   * features per type") and bench/textract-features.ts. Only the calls a stage's choice makes are
   * granted (lib/pipeline.ts).
   */
  textractFeatures: TextractFeatureChoice;
}

/**
 * Fair sharing, derived from the Textract quota (docs/decisions.md, "Fair sharing"):
 * - The functions that call Textract have 2Q reserved executions each (`textractConcurrency`): an invocation
 *   reads the original, calls Textract once and writes its Blocks, at least about 2 s, so 2Q at once stay
 *   near Q requests per second; the SDK's and the state machine's retries absorb a passing excess.
 * - Files in flight in the stage (admitted, not finished): S = max(Q x D, U), D = 60 s the backlog may take to
 *   drain at the quota (a third of RecogniseText's 189 s retry budget), U = 100 files of one upload.
 * - Files in flight per client: L = max(U, S / 3), so at least three clients share the stage at their limit.
 * - WAF: each token endpoint call verifies a scrypt hash. An integrator caches its token (3600 s) and refreshes
 *   it, so one address needs a few per hour; 100 per 5 minutes leaves room for 50 instances starting together
 *   behind one NAT, and any other route gets a quarter of the stage's rate per address.
 */
export interface FairSharing {
  /** The account's Textract requests per second for DetectDocumentText (Service Quotas), Q. */
  textractTps: number;
  /** Reserved concurrency of each function that calls Textract. */
  textractConcurrency: number;
  filesInFlightPerStage: number;
  filesInFlightPerClient: number;
  /** Retry-After of a 429 (client over its limit) or 503 (stage full): about the time a file takes. */
  retryAfterSeconds: number;
  /** WAF rate-based rules, requests per address per 5 minutes. */
  tokenRequestsPerIp: number;
  requestsPerIp: number;
}

const FILES_PER_UPLOAD = 100;
const DRAIN_SECONDS = 60;

export function fairSharing(textractTps: number, stageRatePerSecond: number): FairSharing {
  const filesInFlightPerStage = Math.max(textractTps * DRAIN_SECONDS, FILES_PER_UPLOAD);
  return {
    textractTps,
    textractConcurrency: 2 * textractTps,
    filesInFlightPerStage,
    filesInFlightPerClient: Math.max(FILES_PER_UPLOAD, Math.floor(filesInFlightPerStage / 3)),
    retryAfterSeconds: 30,
    tokenRequestsPerIp: 100,
    requestsPerIp: Math.floor((stageRatePerSecond * 300) / 4),
  };
}

const day = 1;
const AWS_ENGINES: StageEngines = { ocr: 'textract', faces: 'rekognition', chat: 'bedrock' };
/** Until a stage has measured a feature's accuracy on its documents (bench/textract-features.ts), none. */
const DETECT_TEXT_ONLY: TextractFeatureChoice = {};
/** LocalStack runs each function in a container of its declared CPU, on the machine that deploys (see localstack). */
const hostArchitecture = (): LambdaArchitecture => (process.arch === 'arm64' ? 'arm64' : 'x86_64');
/** Claude 3 Haiku: on-demand in ap-south-1, short answers, low cost per chat. */
const CHAT_MODEL_ID = 'anthropic.claude-3-haiku-20240307-v1:0';

export const stageConfigs: Record<StageName, StageConfig> = {
  dev: {
    stage: 'dev',
    chatModelId: CHAT_MODEL_ID,
    engines: AWS_ENGINES,
    lambdaArchitecture: 'arm64',
    tracing: true,
    textractFeatures: DETECT_TEXT_ONLY,
    fairSharing: fairSharing(1, 20),
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
    chatModelId: CHAT_MODEL_ID,
    engines: AWS_ENGINES,
    lambdaArchitecture: 'arm64',
    tracing: true,
    textractFeatures: DETECT_TEXT_ONLY,
    fairSharing: fairSharing(2, 50),
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
    chatModelId: CHAT_MODEL_ID,
    engines: AWS_ENGINES,
    lambdaArchitecture: 'arm64',
    tracing: true,
    textractFeatures: DETECT_TEXT_ONLY,
    // Assumed default quota of the account (5 TPS); raise with the quota.
    fairSharing: fairSharing(5, 200),
    logRetention: RetentionDays.ONE_YEAR,
    removalPolicy: RemovalPolicy.RETAIN,
    throttling: { rateLimit: 200, burstLimit: 400 },
    retentionDays: 30 * day,
    accessLogExpiryDays: 365 * day,
    alarms: { api5xxRate: 0.01, lambdaErrors: 1, failedExecutions: 1 },
    waf: true,
    apiLoggingLevel: MethodLoggingLevel.ERROR,
  },
  /**
   * A tester's stack in LocalStack (`npx cdklocal deploy -c stage=localstack`): same architecture, with
   * what LocalStack's free edition lacks replaced or switched off (docs/deploying.md, "LocalStack").
   */
  localstack: {
    stage: 'localstack',
    // No Textract, Rekognition or Bedrock in LocalStack's free edition: the local engines, each bundled
    // into the functions that call it (lib/functions.ts, localEngines). Without Textract, PDFs are read
    // synchronously by the local OCR instead of Textract's async API (lib/pipeline.ts, definitionFor).
    engines: { ocr: 'tesseract', faces: 'local', chat: 'local' },
    // Unused with the local chat engine; kept so the chat route's wiring stays the same as in AWS.
    chatModelId: CHAT_MODEL_ID,
    // LocalStack runs an arm64 function on an x86 laptop only through emulation (slow, or absent
    // without binfmt): build for the CPU of the machine that synthesises, which is the one running LocalStack.
    lambdaArchitecture: hostArchitecture(),
    // X-Ray is not in the free edition: nothing would receive the traces.
    tracing: false,
    textractFeatures: DETECT_TEXT_ONLY,
    // OCR runs on the tester's CPUs: as in dev, two OCR invocations at once (fairSharing's 2Q).
    fairSharing: fairSharing(1, 20),
    // A day is enough to read a test run's logs; LocalStack keeps them in memory unless persistence is on.
    logRetention: RetentionDays.ONE_DAY,
    // Torn down with the stack (buckets emptied), never deletion-protected: a tester redeploys freely.
    removalPolicy: RemovalPolicy.DESTROY,
    throttling: { rateLimit: 20, burstLimit: 40 },
    // Test data (table items, bucket objects, callback records) expires after a day.
    retentionDays: 1 * day,
    accessLogExpiryDays: 1 * day,
    // Alarms deploy (CloudWatch is in the free edition) but notify nobody until a tester subscribes.
    alarms: { api5xxRate: 0.2, lambdaErrors: 20, failedExecutions: 10 },
    // WAFv2 is not in the free edition.
    waf: false,
    // Execution logs as in dev: a tester wants to see each request.
    apiLoggingLevel: MethodLoggingLevel.INFO,
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
