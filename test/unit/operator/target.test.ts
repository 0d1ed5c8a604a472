// The operator CLI finds its target: the local service's data directory as npm start resolves it,
// a clear error for a stopped service, and a deployed stage from its CloudFormation stack.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bindTarget, localDataDir } from '../../../functions/operator/target.ts';
import {
  cloudFormationCall, describeStack, NodeSha256, parseDescribeStackResources, parseDescribeStacks, stackNameOf,
} from '../../../functions/operator/stackOutputs.ts';
import { stackName } from '../../../lib/service-stack.ts';

const DESCRIBE_STACKS = `<DescribeStacksResponse xmlns="http://cloudformation.amazonaws.com/doc/2010-05-15/">
  <DescribeStacksResult><Stacks><member>
    <StackName>DocService-staging</StackName>
    <Outputs>
      <member><OutputKey>TableName</OutputKey><OutputValue>DocService-staging-Table-1ABC</OutputValue></member>
      <member><OutputKey>BucketName</OutputKey><OutputValue>docservice-staging-documents-9xyz</OutputValue></member>
      <member><Description>Base URL of the API stage</Description><OutputKey>ApiUrl</OutputKey><OutputValue>https://a1.execute-api.ap-south-1.amazonaws.com/staging/?a=1&amp;b=2</OutputValue></member>
    </Outputs>
    <StackStatus>UPDATE_COMPLETE</StackStatus>
  </member></Stacks></DescribeStacksResult>
</DescribeStacksResponse>`;
const DESCRIBE_RESOURCES = `<DescribeStackResourcesResponse><DescribeStackResourcesResult><StackResources>
  <member><LogicalResourceId>SigningKeySeed0F1A2B3C</LogicalResourceId><PhysicalResourceId>arn:aws:secretsmanager:ap-south-1:111122223333:secret:SigningKeySeed-abc</PhysicalResourceId><ResourceType>AWS::SecretsManager::Secret</ResourceType></member>
  <member><LogicalResourceId>AadhaarVaultKeyD4E5F6A7</LogicalResourceId><PhysicalResourceId>arn:aws:secretsmanager:ap-south-1:111122223333:secret:AadhaarVaultKey-def</PhysicalResourceId><ResourceType>AWS::SecretsManager::Secret</ResourceType></member>
</StackResources></DescribeStackResourcesResult></DescribeStackResourcesResponse>`;

const saved = { ...process.env };
afterEach(() => {
  for (const k of ['TABLE_NAME', 'BUCKET_NAME', 'AADHAAR_VAULT_SECRET_ARN', 'AWS_ENDPOINT_URL_DYNAMODB', 'AWS_ENDPOINT_URL_S3', 'AWS_ENDPOINT_URL']) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('local target', () => {
  let dir: string;
  let listening: Server;
  let liveEndpoint: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'operator-target-'));
    listening = createServer((_, res) => res.end()).listen(0, '127.0.0.1');
    await new Promise((r) => listening.once('listening', r));
    liveEndpoint = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    listening.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const endpoints = (sub: string, dynamodbEndpoint: string) => {
    const d = join(dir, sub);
    rmSync(d, { recursive: true, force: true });
    mkdirSync(d, { recursive: true });
    writeFileSync(`${d}/local-endpoints.json`, JSON.stringify({ dynamodbEndpoint, s3Endpoint: dynamodbEndpoint, tableName: 't-local', bucketName: 'b-local', url: 'http://127.0.0.1:3999' }));
    return d;
  };

  it('resolves the data directory as npm start does: --data-dir, else DATA_DIR, else .data', () => {
    expect(localDataDir(undefined, {})).toBe('.data');
    expect(localDataDir(undefined, { DATA_DIR: '/srv/doc' })).toBe('/srv/doc');
    expect(localDataDir('/flag', { DATA_DIR: '/srv/doc' })).toBe('/flag');
    expect(() => localDataDir(undefined, { DATA_DIR: 'memory' })).toThrow(/DATA_DIR=memory keeps nothing on disk/);
  });

  it('binds to the running service of DATA_DIR', async () => {
    const d = endpoints('running', liveEndpoint);
    expect(await bindTarget({}, { DATA_DIR: d })).toEqual({ kind: 'local', dataDir: d });
    expect(process.env.TABLE_NAME).toBe('t-local');
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(liveEndpoint);
  });

  it('says so clearly when the endpoints file is from a stopped run (instead of ECONNREFUSED later)', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => closed.once('listening', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const d = endpoints('stopped', `http://127.0.0.1:${port}`);
    await expect(bindTarget({}, { DATA_DIR: d })).rejects.toThrow(`no local service is running for data directory ${d}: ${d}/local-endpoints.json is from a run that has stopped (http://127.0.0.1:3999 no longer answers); start it with "npm start" (same DATA_DIR)`);
    await expect(bindTarget({}, { DATA_DIR: join(dir, 'never-started') })).rejects.toThrow(/no local service found for data directory .*never-started/);
  });

  it('takes a table named outright, and refuses two targets at once', async () => {
    expect(await bindTarget({ table: 'T1' }, {})).toEqual({ kind: 'table', table: 'T1' });
    expect(await bindTarget({}, { TABLE_NAME: 'T2' })).toEqual({ kind: 'table', table: 'T2' });
    await expect(bindTarget({ stage: 'dev', table: 'T1' }, {})).rejects.toThrow(/one of --stage, --table or --data-dir/);
  });
});

describe('--stage NAME', () => {
  it('names the stack as the CDK app does', () => {
    for (const s of ['dev', 'staging', 'prod']) expect(stackNameOf(s)).toBe(stackName(s));
  });

  it('reads the outputs and resources of the stack answers', () => {
    expect(parseDescribeStacks(DESCRIBE_STACKS)).toEqual({
      TableName: 'DocService-staging-Table-1ABC',
      BucketName: 'docservice-staging-documents-9xyz',
      ApiUrl: 'https://a1.execute-api.ap-south-1.amazonaws.com/staging/?a=1&b=2',
    });
    expect(parseDescribeStackResources(DESCRIBE_RESOURCES).map((r) => r.logicalId)).toEqual(['SigningKeySeed0F1A2B3C', 'AadhaarVaultKeyD4E5F6A7']);
  });

  it('binds table, bucket and the Aadhaar vault secret from the stack', async () => {
    const calls: string[] = [];
    const call = async (action: string, name: string) => {
      calls.push(`${action} ${name}`);
      return action === 'DescribeStacks' ? DESCRIBE_STACKS : DESCRIBE_RESOURCES;
    };
    const target = await bindTarget({ stage: 'staging' }, {}, call);
    expect(target).toEqual({
      kind: 'stage', stage: 'staging', table: 'DocService-staging-Table-1ABC', bucket: 'docservice-staging-documents-9xyz',
      vaultSecret: 'arn:aws:secretsmanager:ap-south-1:111122223333:secret:AadhaarVaultKey-def',
    });
    expect(calls.sort()).toEqual(['DescribeStackResources DocService-staging', 'DescribeStacks DocService-staging']);
    expect([process.env.TABLE_NAME, process.env.BUCKET_NAME, process.env.AADHAAR_VAULT_SECRET_ARN]).toEqual([target.kind === 'stage' && target.table, 'docservice-staging-documents-9xyz', 'arn:aws:secretsmanager:ap-south-1:111122223333:secret:AadhaarVaultKey-def']);
  });

  it('explains a stack it cannot read or that is not ours', async () => {
    const denied = async () => {
      throw Object.assign(new Error('Stack with id DocService-qa does not exist'), { name: 'ValidationError' });
    };
    await expect(bindTarget({ stage: 'qa' }, {}, denied)).rejects.toThrow('cannot read the stack DocService-qa (ValidationError: Stack with id DocService-qa does not exist); check AWS credentials and AWS_REGION');
    await expect(bindTarget({ stage: 'dev' }, {}, async () => '<x/>')).rejects.toThrow(/has no TableName \/ BucketName outputs/);
    await expect(bindTarget({ stage: '../etc' }, {})).rejects.toThrow(/stage name/);
  });

  it('signs its CloudFormation calls with SigV4 (AWS documentation vector) and sends them to AWS_ENDPOINT_URL', async () => {
    const signer = new SignatureV4({
      service: 'iam', region: 'us-east-1', sha256: NodeSha256, applyChecksum: false,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    });
    const signed = await signer.sign(
      { method: 'GET', protocol: 'https:', hostname: 'iam.amazonaws.com', path: '/', query: { Action: 'ListUsers', Version: '2010-05-08' }, headers: { host: 'iam.amazonaws.com', 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' } },
      { signingDate: new Date('2015-08-30T12:36:00Z') },
    );
    expect(signed.headers.authorization).toMatch(/Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7$/);

    const seen: { auth?: string; body: string }[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ auth: req.headers.authorization, body });
        if (body.includes('DocService-missing')) {
          res.writeHead(400, { 'content-type': 'text/xml' });
          return res.end('<ErrorResponse><Error><Code>ValidationError</Code><Message>Stack with id DocService-missing does not exist</Message></Error></ErrorResponse>');
        }
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(body.includes('DescribeStacks&') ? DESCRIBE_STACKS : DESCRIBE_RESOURCES);
      });
    }).listen(0, '127.0.0.1');
    await new Promise((r) => fake.once('listening', r));
    Object.assign(process.env, {
      AWS_ENDPOINT_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, AWS_REGION: 'ap-south-1', AWS_ACCESS_KEY_ID: 'AKIDTEST', AWS_SECRET_ACCESS_KEY: 'test-secret',
    });
    try {
      expect((await describeStack('staging')).outputs.TableName).toBe('DocService-staging-Table-1ABC');
      expect(seen[0].auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/ap-south-1\/cloudformation\/aws4_request/);
      expect(seen.map((s) => s.body).sort()).toEqual([
        'Action=DescribeStackResources&StackName=DocService-staging&Version=2010-05-15',
        'Action=DescribeStacks&StackName=DocService-staging&Version=2010-05-15',
      ]);
      await expect(cloudFormationCall('DescribeStacks', 'DocService-missing')).rejects.toThrow('CloudFormation DescribeStacks DocService-missing: Stack with id DocService-missing does not exist');
    } finally {
      fake.close();
      for (const k of ['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});
