/**
 * The same local service against external endpoints (as with LocalStack): here a separately
 * started dynalite and s3rver play LocalStack, reached only through the SDK's endpoint variables.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { startEmbeddedServices, type EmbeddedServices } from '../../functions/local/embedded.ts';
import { api, startService, flowInitBody } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { ddb } from '#adapters/aws.ts';

let external: EmbeddedServices;
let service: LocalService;
beforeAll(async () => {
  external = await startEmbeddedServices({});
  process.env.TABLE_NAME = 'docstream-external-test';
  process.env.BUCKET_NAME = 'docstream-external-bucket';
  service = await startService({ externalServices: true });
});
afterAll(async () => {
  await service.stop();
  await external.stop();
});

describe('external endpoints', () => {
  it('creates the table and bucket there and serves from them', async () => {
    expect(service.services.tableName).toBe('docstream-external-test');
    const a = api(service);
    const token = await a.token();
    const flow = (await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody(), headers: { Token: token } })).body.flow_uuid;
    const stored = await ddb().send(new GetCommand({ TableName: 'docstream-external-test', Key: { pk: `CLIENT#cli_test_demo#FLOW#${flow}`, sk: 'OWNER' } }));
    expect(stored.Item?.productType).toBe('CONSUMER_DURABLE_LOAN');
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(external.dynamodbEndpoint);
  });
});
