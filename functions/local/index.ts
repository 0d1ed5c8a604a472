/**
 * The whole service on one machine: embedded services, the local pipeline runner and the HTTP
 * server, wired exactly as AWS wires them but in one process. `npm start` and the integration
 * tests both start it from here.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { startEmbeddedServices, useExternalServices, type EmbeddedServices } from './embedded.ts';
import { createLocalPipeline, type LocalPipeline } from './stateMachine.ts';
import { startHttpServer } from './server.ts';
import { useLocalPipeline } from '../adapters/pipelineStarter.ts';
import { resetSigningKeys } from '../adapters/signingKey.ts';
import { resetVaultKey, VAULT_LOCAL_ENV } from '../adapters/aadhaarVault.ts';
import { envNames } from '../adapters/tableSchema.ts';
import { logger } from '../core/logger.ts';
import { resumeUnfinishedFiles } from './resume.ts';
import { ensureDemoClient, type DemoClient } from './demoClient.ts';

export interface LocalOptions {
  port?: number;
  /** Persist under this directory; omit for in-memory (tests). */
  dataDir?: string;
  demoClient?: { clientId: string; clientSecret: string };
  allowLoopback?: boolean;
  /** Use the endpoints in the environment (LocalStack) instead of starting dynalite and s3rver. */
  externalServices?: boolean;
  /** Shortens every Retry pause of the state machine (tests). */
  retryIntervalMs?: number;
  quiet?: boolean;
}

export interface LocalService {
  url: string;
  services: EmbeddedServices;
  pipeline: LocalPipeline;
  demo: DemoClient;
  /** Files whose processing was cut off by the last stop and has been started again. */
  resumed: number;
  stop(): Promise<void>;
}

/** Where the operator CLI finds a running local service's endpoints. */
export const endpointsFile = (dataDir: string) => join(dataDir, 'local-endpoints.json');

/** A random local secret, kept under the data directory so a restart keeps it (or per process in memory). */
function localSecret(dataDir: string | undefined, name: string): string {
  if (!dataDir) return randomBytes(32).toString('base64url');
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

export async function startLocal(opts: LocalOptions = {}): Promise<LocalService> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  process.env.STAGE = 'local';
  process.env[envNames.allowLoopback] = opts.allowLoopback ? 'true' : 'false';
  process.env.OCR_ENGINE ??= 'tesseract';
  process.env.FACE_ENGINE ??= 'local';
  process.env.SIGNING_KEY_SEED = localSecret(opts.dataDir, 'signing-seed');
  process.env[VAULT_LOCAL_ENV] = localSecret(opts.dataDir, 'aadhaar-vault-key');
  resetSigningKeys();
  resetVaultKey();
  if (opts.quiet) logger.setLogLevel('SILENT');

  const services = opts.externalServices ? await useExternalServices() : await startEmbeddedServices({ dataDir: opts.dataDir });
  const pipeline = createLocalPipeline({ retryIntervalMs: opts.retryIntervalMs, log: opts.quiet ? () => undefined : undefined });
  useLocalPipeline((input, name) => pipeline.run(input, name));
  const demo = await ensureDemoClient(opts.demoClient);
  const resumed = opts.dataDir || opts.externalServices ? await resumeUnfinishedFiles() : 0;
  const { server, url } = await startHttpServer(opts.port ?? 3000);
  if (opts.dataDir) {
    writeFileSync(
      endpointsFile(opts.dataDir),
      JSON.stringify({ dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint, tableName: services.tableName, bucketName: services.bucketName, url }, null, 2),
    );
  }
  return {
    url, services, pipeline, demo, resumed,
    async stop() {
      await closeServer(server);
      await pipeline.idle();
      useLocalPipeline(undefined);
      await services.stop();
    },
  };
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
