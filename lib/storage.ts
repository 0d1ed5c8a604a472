/**
 * Storage: one DynamoDB table (single-table design from functions/adapters/tableSchema.ts) and one
 * private S3 bucket for uploaded documents and their redacted copies.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { secondaryIndexes, tableSchema } from '../functions/adapters/tableSchema.ts';
import type { StageConfig } from './stage-config.ts';

export interface StorageProps {
  stageConfig: StageConfig;
}

export class Storage extends Construct {
  readonly table: TableV2;
  readonly bucket: Bucket;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StorageProps) {
    super(scope, id);
    const { stageConfig } = props;
    const autoDelete = stageConfig.removalPolicy !== 'retain';

    this.table = new TableV2(this, 'Table', {
      // Keys, indexes, TTL and stream from the one declaration the local table is made from too.
      partitionKey: { name: tableSchema.partitionKey, type: AttributeType.STRING },
      sortKey: { name: tableSchema.sortKey, type: AttributeType.STRING },
      billing: Billing.onDemand(),
      // AWS-owned keys are free but invisible in the account; the AWS managed key is auditable.
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: tableSchema.ttlAttribute,
      // TTL removals of flow and batch records reach lib/expiry.ts, which erases the rest of the record.
      dynamoStream: StreamViewType[tableSchema.stream],
      deletionProtection: stageConfig.removalPolicy === 'retain',
      removalPolicy: stageConfig.removalPolicy,
      globalSecondaryIndexes: secondaryIndexes.map((index) => ({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
    });

    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // S3 server access logging supports SSE-S3 only on the target bucket.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: stageConfig.removalPolicy,
      autoDeleteObjects: autoDelete,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(stageConfig.accessLogExpiryDays) }],
    });
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the server access log bucket itself; logging it into itself would loop.',
    });

    this.bucket = new Bucket(this, 'Documents', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // SSE-S3: Textract and Rekognition read objects with the caller's role without extra KMS grants.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'documents/',
      removalPolicy: stageConfig.removalPolicy,
      autoDeleteObjects: autoDelete,
      // Originals, OCR output and redacted copies carry personal data: bucket-wide expiry, so
      // no key layout the pipeline chooses can outlive it.
      lifecycleRules: [
        { id: 'expire-documents', expiration: Duration.days(stageConfig.retentionDays) },
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}
