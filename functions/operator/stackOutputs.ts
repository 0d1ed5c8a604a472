/**
 * A deployed stage's CloudFormation stack, read for the operator CLI: its outputs (TableName,
 * BucketName, ...) and its resources (the Aadhaar vault secret is a resource, not an output).
 * The project carries no CloudFormation client, so the two Query API calls are signed with the
 * SDK's own SigV4 signer and the credentials and region of the SDK's default chain.
 */
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';

/** Same naming as lib/service-stack.ts (pinned by test/unit/operator). */
export const stackNameOf = (stage: string) => `DocService-${stage}`;

export interface StackDescription {
  outputs: Record<string, string>;
  /** Logical id → physical id (ARN or name). */
  resources: { logicalId: string; type: string; physicalId: string }[];
}

export type CloudFormationCall = (action: 'DescribeStacks' | 'DescribeStackResources', stackName: string) => Promise<string>;

/** The signer's hash: node:crypto behind the interface SignatureV4 expects (HMAC when given a key). */
export class NodeSha256 {
  private h: Hash | Hmac;
  constructor(private readonly secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h = this.fresh();
  }
  private fresh(): Hash | Hmac {
    if (this.secret === undefined) return createHash('sha256');
    const key = typeof this.secret === 'string' ? this.secret : ArrayBuffer.isView(this.secret)
      ? Buffer.from(this.secret.buffer, this.secret.byteOffset, this.secret.byteLength)
      : Buffer.from(this.secret);
    return createHmac('sha256', key);
  }
  update(data: Uint8Array) {
    this.h.update(data);
  }
  async digest() {
    return new Uint8Array(this.h.digest());
  }
  reset() {
    this.h = this.fresh();
  }
}

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
const tag = (xml: string, name: string) => {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decode(m[1]) : undefined;
};

/** Reads the parts of the two Query API answers we use (flat, fixed XML; no general parser needed). */
export function parseDescribeStacks(xml: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const block = tag(xml, 'Outputs') === undefined ? '' : /<Outputs>([\s\S]*?)<\/Outputs>/.exec(xml)![1];
  for (const m of block.matchAll(/<member>([\s\S]*?)<\/member>/g)) {
    const key = tag(m[1], 'OutputKey');
    const value = tag(m[1], 'OutputValue');
    if (key && value !== undefined) outputs[key] = value;
  }
  return outputs;
}

export function parseDescribeStackResources(xml: string): StackDescription['resources'] {
  return [...xml.matchAll(/<member>([\s\S]*?)<\/member>/g)].flatMap((m) => {
    const logicalId = tag(m[1], 'LogicalResourceId');
    const type = tag(m[1], 'ResourceType');
    const physicalId = tag(m[1], 'PhysicalResourceId');
    return logicalId && type && physicalId ? [{ logicalId, type, physicalId }] : [];
  });
}

/** One signed CloudFormation Query API call (AWS_ENDPOINT_URL, e.g. LocalStack, is honoured). */
export const cloudFormationCall: CloudFormationCall = async (action, stackName) => {
  const sdk = new DynamoDBClient({});
  const region = await sdk.config.region();
  const credentials = await sdk.config.credentials();
  sdk.destroy();
  const endpoint = new URL(process.env.AWS_ENDPOINT_URL_CLOUDFORMATION ?? process.env.AWS_ENDPOINT_URL ?? `https://cloudformation.${region}.amazonaws.com/`);
  const body = new URLSearchParams({ Action: action, StackName: stackName, Version: '2010-05-15' }).toString();
  const signer = new SignatureV4({ service: 'cloudformation', region, credentials, sha256: NodeSha256 });
  const signed = await signer.sign({
    method: 'POST', protocol: endpoint.protocol, hostname: endpoint.hostname, port: endpoint.port ? Number(endpoint.port) : undefined,
    path: endpoint.pathname, query: {}, body,
    headers: { host: endpoint.host, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
  const res = await fetch(endpoint, { method: 'POST', headers: signed.headers as Record<string, string>, body });
  const text = await res.text();
  if (!res.ok) {
    const message = tag(text, 'Message') ?? `HTTP ${res.status}`;
    throw Object.assign(new Error(`CloudFormation ${action} ${stackName}: ${message}`), { name: tag(text, 'Code') ?? 'CloudFormationError' });
  }
  return text;
};

export async function describeStack(stage: string, call: CloudFormationCall = cloudFormationCall): Promise<StackDescription> {
  const name = stackNameOf(stage);
  const [stacks, resources] = await Promise.all([call('DescribeStacks', name), call('DescribeStackResources', name)]);
  return { outputs: parseDescribeStacks(stacks), resources: parseDescribeStackResources(resources) };
}
