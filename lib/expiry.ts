/**
 * Expiry that keeps a record whole: DynamoDB's TTL removes a flow's or batch's record, the table's
 * stream hands that removal (and only that: filtered to the TTL service's removals of such records)
 * to flowOrBatchExpired, which erases the flow's or batch's other items, objects and callback
 * records. Without it, objects of a late upload would outlive their flow by up to the bucket's lifecycle.
 */
import { Duration } from 'aws-cdk-lib';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Construct } from 'constructs';
import { envNames } from '../functions/adapters/tableSchema.ts';
import { FlowOrBatch } from '../functions/adapters/store/entities.ts';
import { ServiceFunction } from './functions.ts';
import { grantDeleteClientObjects } from './lifecycle.ts';
import { acknowledgeStorageGrants } from './nag.ts';
import type { StageConfig } from './stage-config.ts';
import type { Storage } from './storage.ts';

export class Expiry extends Construct {
  readonly flowOrBatchExpired: ServiceFunction;

  constructor(scope: Construct, id: string, props: { stageConfig: StageConfig; storage: Storage }) {
    super(scope, id);
    const { storage } = props;
    // The construct id is the function's CloudFormation logical id (and its role's and log group's): it keeps
    // the code's former word for a flow or batch, as a new id would replace the function and its stream mapping.
    this.flowOrBatchExpired = new ServiceFunction(this, 'OwnerExpired', {
      entry: 'functions/streams/flowOrBatchExpired.ts',
      description: 'Erases what an expired flow or batch leaves (TTL stream)',
      stageConfig: props.stageConfig,
      memoryMb: 256,
      timeout: Duration.minutes(5),
      environment: { [envNames.table]: storage.table.tableName, [envNames.bucket]: storage.bucket.bucketName },
    });
    const fn = this.flowOrBatchExpired;
    storage.table.grantReadWriteData(fn);
    grantDeleteClientObjects(fn, storage);
    acknowledgeStorageGrants(fn.executionRole, storage);
    fn.addEventSource(new DynamoEventSource(storage.table, {
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: 10,
      retryAttempts: 10,
      bisectBatchOnError: true,
      filters: [
        FilterCriteria.filter({
          eventName: FilterRule.isEqual('REMOVE'),
          userIdentity: { type: FilterRule.isEqual('Service'), principalId: FilterRule.isEqual('dynamodb.amazonaws.com') },
          dynamodb: { Keys: { sk: { S: FilterRule.isEqual(FlowOrBatch.sk.format({})) } } },
        }),
      ],
    }));
  }
}
