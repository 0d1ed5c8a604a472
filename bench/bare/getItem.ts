/**
 * The baseline of `npm run bench:bundles` and `bench:latency`: a handler that does nothing but one
 * DocumentClient GetItem, bundled exactly like our functions. Whatever a route weighs beyond this
 * is ours.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { pk?: string }) => {
  const out = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME ?? 'bench', Key: { pk: event.pk ?? 'x', sk: 'x' } }));
  return { statusCode: 200, body: JSON.stringify(out.Item ?? null) };
};
