/**
 * The single DynamoDB table, declared once: CDK (lib/storage.ts) and the local runtime
 * (functions/local/embedded.ts) both build their table from this, and the entities
 * (store/entities.ts) name its key attributes from it. Every tenant's item key starts with its
 * client's id (tenant scoping).
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';

export const tableSchema = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Operator listings that cross clients (clients, dead-lettered callbacks) and sparse work indexes. */
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch seconds; enforced by DynamoDB TTL in AWS and checked by code where expiry matters. */
  ttlAttribute: 'expiresAt',
  /** TTL removals of flow and batch records reach lib/expiry.ts, which erases the rest of the record. */
  stream: 'OLD_IMAGE',
} as const;

/** Every secondary index (all string keys, all attributes projected). */
export const secondaryIndexes = [tableSchema.gsi1] as const;

/**
 * The table as a CreateTable request (the local runtime sends it; a test holds the CDK table to it).
 * TTL is not part of CreateTable: `timeToLive` is the UpdateTimeToLive specification that goes with it.
 */
export function tableDefinition(tableName: string) {
  const { partitionKey, sortKey } = tableSchema;
  const keyNames = [partitionKey, sortKey, ...secondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  const createTable: CreateTableCommandInput = {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' },
      { AttributeName: sortKey, KeyType: 'RANGE' },
    ],
    GlobalSecondaryIndexes: secondaryIndexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.partitionKey, KeyType: 'HASH' },
        { AttributeName: i.sortKey, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableSchema.stream },
  };
  return { createTable, timeToLive: { AttributeName: tableSchema.ttlAttribute, Enabled: true } };
}

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
