/** The CDK table and the local table are built from one declaration: they must agree. */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { Storage } from '../../../lib/storage.ts';
import { stageConfigFor } from '../../../lib/stage-config.ts';
import { featureFlags } from '../../../lib/service-app.ts';
import { tableDefinition } from '#adapters/tableSchema.ts';

const byName = <T extends { AttributeName?: string; IndexName?: string }>(xs: T[] = []) =>
  [...xs].sort((a, b) => String(a.AttributeName ?? a.IndexName).localeCompare(String(b.AttributeName ?? b.IndexName)));

describe('table definition', () => {
  const stack = new Stack(new App({ context: featureFlags }), 'TableOnly');
  new Storage(stack, 'Storage', { stageConfig: stageConfigFor('dev') });
  const tables = Object.values(Template.fromStack(stack).findResources('AWS::DynamoDB::GlobalTable'));
  const cdk = tables[0].Properties;
  const { createTable: local, timeToLive } = tableDefinition('docstream-local');

  it('has one table', () => expect(tables).toHaveLength(1));

  it('has the same keys, attribute definitions and indexes in CDK and locally', () => {
    expect(cdk.KeySchema).toEqual(local.KeySchema);
    expect(byName(cdk.AttributeDefinitions)).toEqual(byName(local.AttributeDefinitions));
    expect(byName(cdk.GlobalSecondaryIndexes)).toEqual(byName(local.GlobalSecondaryIndexes));
    expect(cdk.BillingMode).toBe(local.BillingMode);
  });

  it('has the same stream and TTL attribute in CDK and locally', () => {
    expect(cdk.StreamSpecification).toEqual({ StreamViewType: local.StreamSpecification?.StreamViewType });
    expect(local.StreamSpecification?.StreamEnabled).toBe(true);
    expect(cdk.TimeToLiveSpecification).toEqual(timeToLive);
  });
});
