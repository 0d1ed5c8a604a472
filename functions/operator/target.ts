/**
 * Where the operator CLI acts: the local service (the data directory `npm start` uses: --data-dir,
 * else DATA_DIR, else .data), a table named outright (--table / TABLE_NAME), or a deployed stage
 * (--stage NAME: table, bucket and Aadhaar vault secret from the stack DocService-NAME).
 */
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { VAULT_SECRET_ENV } from '#adapters/aadhaarVault.ts';
import { resetClients } from '#adapters/aws.ts';
import { envNames } from '#adapters/tableSchema.ts';
import { bindEnvironment } from '../local/embedded.ts';
import { endpointsFile } from '../local/index.ts';
import { OperatorError } from './commands.ts';
import { describeStack, stackNameOf, type CloudFormationCall } from './stackOutputs.ts';

export interface TargetOptions {
  dataDir?: string;
  table?: string;
  stage?: string;
}

export type Target =
  | { kind: 'local'; dataDir: string }
  | { kind: 'table'; table: string }
  | { kind: 'stage'; stage: string; table: string; bucket: string; vaultSecret?: string };

/** The data directory of the local service, resolved as bin/local.ts resolves it. */
export function localDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const dir = flag ?? env.DATA_DIR ?? '.data';
  if (dir === 'memory') {
    throw new OperatorError('DATA_DIR=memory keeps nothing on disk, so no other process can reach that service; start it with a DATA_DIR directory to use the operator CLI');
  }
  return dir;
}

/** True when something accepts connections at the URL's host and port (within the timeout). */
export function reachable(url: string, timeoutMs = 1_500): Promise<boolean> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: u.hostname, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function bindLocal(dataDir: string): Promise<Target> {
  const file = endpointsFile(dataDir);
  if (!existsSync(file)) {
    throw new OperatorError(`no local service found for data directory ${dataDir} (no ${file}); start it with "npm start" (same DATA_DIR), or pass --stage NAME / --table NAME for a deployed stage`);
  }
  const endpoints = JSON.parse(readFileSync(file, 'utf8')) as Parameters<typeof bindEnvironment>[0] & { url?: string };
  // The file outlives the service: a stopped run leaves it behind, pointing at closed ports.
  if (!(await reachable(endpoints.dynamodbEndpoint))) {
    throw new OperatorError(
      `no local service is running for data directory ${dataDir}: ${file} is from a run that has stopped (${endpoints.url ?? 'its endpoints'} no longer answer${endpoints.url ? 's' : ''}); start it with "npm start" (same DATA_DIR) and try again`,
    );
  }
  bindEnvironment(endpoints);
  return { kind: 'local', dataDir };
}

async function bindStage(stage: string, call?: CloudFormationCall): Promise<Target> {
  if (!/^[A-Za-z][A-Za-z0-9-]{0,63}$/.test(stage)) throw new OperatorError('--stage takes a stage name such as dev, staging or prod');
  let stack;
  try {
    stack = await describeStack(stage, call);
  } catch (err) {
    const e = err as Error;
    throw new OperatorError(`cannot read the stack ${stackNameOf(stage)} (${e.name}: ${e.message}); check AWS credentials and AWS_REGION, and that the stage is deployed`);
  }
  const { TableName: table, BucketName: bucket } = stack.outputs;
  if (!table || !bucket) throw new OperatorError(`the stack ${stackNameOf(stage)} has no TableName / BucketName outputs; is it this service's stack?`);
  const vaultSecret = stack.resources.find((r) => r.type === 'AWS::SecretsManager::Secret' && r.logicalId.startsWith('AadhaarVaultKey'))?.physicalId;
  process.env[envNames.table] = table;
  process.env[envNames.bucket] = bucket;
  if (vaultSecret) process.env[VAULT_SECRET_ENV] = vaultSecret;
  resetClients();
  return { kind: 'stage', stage, table, bucket, ...(vaultSecret ? { vaultSecret } : {}) };
}

/** Binds the process environment to the target; throws OperatorError with what to do when it cannot. */
export async function bindTarget(opts: TargetOptions, env: NodeJS.ProcessEnv = process.env, call?: CloudFormationCall): Promise<Target> {
  if (opts.stage && (opts.table || opts.dataDir)) throw new OperatorError('pass one of --stage, --table or --data-dir');
  if (opts.stage) return bindStage(opts.stage, call);
  const table = opts.table ?? (opts.dataDir ? undefined : env.TABLE_NAME);
  if (table) {
    process.env[envNames.table] = table;
    resetClients();
    return { kind: 'table', table };
  }
  return bindLocal(localDataDir(opts.dataDir, env));
}
