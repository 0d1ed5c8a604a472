/**
 * The embedded default: dynalite (DynamoDB API) and s3rver (S3 API) in this process, with the
 * real AWS SDK clients pointed at them through the SDK's own endpoint variables.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { objects } from '#adapters/aws.ts';
import { tableDefinition, envNames } from '#adapters/tableSchema.ts';
import { resetClients } from '#adapters/aws.ts';

export interface EmbeddedServices {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  bucketName: string;
  stop(): Promise<void>;
}

export async function startEmbeddedServices(opts: { dataDir?: string; dynamodbPort?: number; s3Port?: number }): Promise<EmbeddedServices> {
  const scratch = opts.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'docstream-'));
  const root = opts.dataDir ?? scratch!;
  mkdirSync(join(root, 's3'), { recursive: true });
  if (opts.dataDir) mkdirSync(join(root, 'dynamodb'), { recursive: true });

  const db = dynalite({ createTableMs: 0, ...(opts.dataDir ? { path: join(root, 'dynamodb') } : {}) });
  await new Promise<void>((resolve, reject) => {
    db.once('error', reject);
    db.listen(opts.dynamodbPort ?? 0, '127.0.0.1', () => resolve());
  });
  const dynamodbEndpoint = `http://127.0.0.1:${(db.address() as AddressInfo).port}`;

  const tableName = 'docstream-local';
  const bucketName = 'docstream-local-documents';
  const s3 = new S3rver({ port: opts.s3Port ?? 0, address: '127.0.0.1', silent: true, directory: join(root, 's3'), configureBuckets: [{ name: bucketName }] });
  const { port: s3Port } = await s3.run();
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;

  bindEnvironment({ dynamodbEndpoint, s3Endpoint, tableName, bucketName });
  await ensureTable(tableName);

  return {
    dynamodbEndpoint, s3Endpoint, tableName, bucketName,
    async stop() {
      await s3.close();
      await new Promise<void>((resolve) => db.close(() => resolve()));
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** Points this process's SDK clients at the embedded endpoints (also used by the operator CLI). */
export function bindEnvironment(e: { dynamodbEndpoint: string; s3Endpoint: string; tableName: string; bucketName: string }) {
  process.env.AWS_ENDPOINT_URL_DYNAMODB = e.dynamodbEndpoint;
  process.env.AWS_ENDPOINT_URL_S3 = e.s3Endpoint;
  process.env.AWS_REGION ??= 'ap-south-1';
  // s3rver checks signatures against its fixed local credentials; dynalite accepts any.
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  process.env[envNames.table] = e.tableName;
  process.env[envNames.bucket] = e.bucketName;
  resetClients();
}

/** The same table as CDK's: both are built from functions/adapters/tableSchema.ts. */
export async function ensureTable(tableName: string) {
  const client = new DynamoDBClient({});
  let exists = true;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (err) {
    if ((err as Error).name !== 'ResourceNotFoundException') throw err;
    exists = false;
  }
  if (!exists) await createTable(client, tableName);
  // A new table answers "not found" until it is ACTIVE (dynalite too, even with createTableMs 0).
  for (let i = 0; i < 100; i++) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    if (Table?.TableStatus === 'ACTIVE') {
      if (!exists) await enableTtl(client, tableName);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`table ${tableName} did not become ACTIVE`);
}

async function createTable(client: DynamoDBClient, tableName: string) {
  await client.send(new CreateTableCommand(tableDefinition(tableName).createTable));
}

async function enableTtl(client: DynamoDBClient, tableName: string) {
  try {
    await client.send(new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: tableDefinition(tableName).timeToLive }));
  } catch (err) {
    // dynalite has no TTL (code checks expiry where it matters); LocalStack has.
    if ((err as Error).name !== 'UnknownOperationException') throw err;
  }
}

/**
 * External endpoints (LocalStack, or any DynamoDB/S3-compatible pair): the SDK already reads
 * AWS_ENDPOINT_URL (or AWS_ENDPOINT_URL_DYNAMODB / _S3); only the table and bucket must exist.
 */
export async function useExternalServices(): Promise<EmbeddedServices> {
  const tableName = process.env[envNames.table] ?? 'docstream-local';
  const bucketName = process.env[envNames.bucket] ?? 'docstream-local-documents';
  process.env[envNames.table] = tableName;
  process.env[envNames.bucket] = bucketName;
  process.env.AWS_REGION ??= 'ap-south-1';
  resetClients();
  await ensureTable(tableName);
  try {
    await objects().send(new HeadBucketCommand({ Bucket: bucketName }));
  } catch {
    await objects().send(new CreateBucketCommand({ Bucket: bucketName }));
  }
  const endpoint = process.env.AWS_ENDPOINT_URL ?? '';
  return {
    dynamodbEndpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB ?? endpoint,
    s3Endpoint: process.env.AWS_ENDPOINT_URL_S3 ?? endpoint,
    tableName,
    bucketName,
    async stop() {},
  };
}
