import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** The real operator CLI, in its own process, against a local service persisted in `dataDir`. */
export async function operatorCli(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/operator.ts', ...args, '--data-dir', dataDir], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/** Starts the whole local service in memory on a free port, and talks to it over real HTTP. */
import { startLocal, type LocalService, type LocalOptions } from '../../functions/local/index.ts';
import { createClient, ALL_INTERFACES, type ClientInterface } from '#adapters/store/clients.ts';
import { hashSecret, newOpaqueSecret } from '#core/auth/credentials.ts';

export const DEMO = { clientId: 'cli_test_demo', clientSecret: 'test-secret-for-demo-client' };

export async function startService(opts: Partial<LocalOptions> = {}): Promise<LocalService> {
  return startLocal({ port: 0, demoClient: DEMO, allowLoopback: true, quiet: process.env.TEST_LOGS !== '1', retryIntervalMs: 50, ...opts });
}

export interface Api {
  url: string;
  call(method: string, path: string, opts?: { headers?: Record<string, string>; json?: unknown; raw?: string | Buffer }): Promise<{ status: number; body: any }>;
  token(audience?: 'main' | 'sandbox' | 'bulk', creds?: { clientId: string; clientSecret: string }): Promise<string>;
}

const tokenPaths = { main: '/v3/verification/authtoken', sandbox: '/v1/docstream/authtoken', bulk: '/bulk/authtoken' };

export function api(service: { url: string }): Api {
  const call: Api['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | Buffer | undefined = opts.raw;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(service.url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text for the assertion message */
    }
    return { status: res.status, body: parsed };
  };
  return {
    url: service.url,
    call,
    async token(audience = 'main', creds = DEMO) {
      const res = await call('POST', tokenPaths[audience], { headers: { 'Client-Id': creds.clientId, 'Client-Secret': creds.clientSecret } });
      if (res.status !== 201) throw new Error(`token: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.access_token as string;
    },
  };
}

/** A second, independent client (tenant isolation tests). */
export async function makeClient(opts: { interfaces?: ClientInterface[]; products?: string[]; disabled?: boolean } = {}) {
  const clientId = `cli_${newOpaqueSecret(6)}`.replace(/[^A-Za-z0-9_]/g, 'x');
  const clientSecret = newOpaqueSecret();
  await createClient({
    clientId, name: 'other', secretHash: await hashSecret(clientSecret), disabled: opts.disabled ?? false,
    products: opts.products ?? ['*'], interfaces: opts.interfaces ?? ALL_INTERFACES, webhookSecret: newOpaqueSecret(), createdAt: new Date().toISOString(),
  });
  return { clientId, clientSecret };
}

export const flowInitBody = (over: Record<string, unknown> = {}) => ({
  product_type: 'CONSUMER_DURABLE_LOAN',
  application_id: 'APP-1',
  auth_url: 'http://127.0.0.1:9/auth',
  callback_url: 'http://127.0.0.1:9/callback',
  flow_params: {},
  ...over,
});
