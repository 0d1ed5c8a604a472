/**
 * The single DynamoDB table's key design, shared by CDK (lib/storage.ts) and the local runtime,
 * so both create the same table. Every item key starts with its client's id (tenant scoping).
 */
export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Operator listings that cross clients (clients, dead-lettered callbacks). */
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch seconds; enforced by DynamoDB TTL in AWS and checked by code where expiry matters. */
  ttlAttribute: 'expiresAt',
} as const;

/** Environment variables that bind a function to its stage's resources. */
export const envNames = {
  table: 'TABLE_NAME',
  bucket: 'BUCKET_NAME',
  stateMachine: 'STATE_MACHINE_ARN',
  signingKeySecret: 'SIGNING_KEY_SECRET_ARN',
  stage: 'STAGE',
  allowLoopback: 'ALLOW_LOOPBACK_URLS',
  ocrEngine: 'OCR_ENGINE',
  faceEngine: 'FACE_ENGINE',
  retentionDays: 'RETENTION_DAYS',
} as const;
