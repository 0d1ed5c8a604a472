/**
 * AWS SDK clients, built once per container. Endpoints come from the SDK's own environment
 * variables (AWS_ENDPOINT_URL, AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_S3, ...), so the same
 * code talks to AWS, LocalStack or the embedded default without knowing which.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SFNClient } from '@aws-sdk/client-sfn';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { envNames } from './tableSchema.ts';
import { tracer } from './tracer.ts';

let documentClient: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;
let sfn: SFNClient | undefined;
let secrets: SecretsManagerClient | undefined;

export function ddb(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(tracer.captureAWSv3Client(new DynamoDBClient({})), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return documentClient;
}

export function objects(): S3Client {
  const custom = Boolean(process.env.AWS_ENDPOINT_URL_S3 || process.env.AWS_ENDPOINT_URL);
  s3 ??= tracer.captureAWSv3Client(new S3Client({
    // Emulators (s3rver, LocalStack) serve path-style only and mis-store aws-chunked uploads.
    forcePathStyle: custom,
    ...(custom ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  }));
  return s3;
}

// Captured: each call is a subsegment of the invocation's trace (a no-op where tracing is off).
export const stepFunctions = () => (sfn ??= tracer.captureAWSv3Client(new SFNClient({})));
export const secretsManager = () => (secrets ??= tracer.captureAWSv3Client(new SecretsManagerClient({})));

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

export const tableName = () => requireEnv(envNames.table);
export const bucketName = () => requireEnv(envNames.bucket);

/** Loopback URLs are allowed only by explicit local setting; never in AWS stages. */
export const loopbackAllowed = () => process.env[envNames.allowLoopback] === 'true';

/** Reset cached clients (the local runtime and tests change endpoints between runs). */
export function resetClients() {
  documentClient = undefined;
  s3 = undefined;
  sfn = undefined;
  secrets = undefined;
}
