/**
 * The whole service on one machine: embedded services, the local pipeline runner and the HTTP
 * server, wired exactly as AWS wires them but in one process. `npm start` and the integration
 * tests both start it from here.
 */
import { existsSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { startEmbeddedServices, useExternalServices, type EmbeddedServices } from './embedded.ts';
import { createLocalPipeline, type LocalPipeline } from './stateMachine.ts';
import { startHttpServer } from './server.ts';
import { useLocalPipeline } from '#adapters/pipelineStarter.ts';
import { resetSigningKeys } from '#adapters/signingKey.ts';
import { resetVaultKey, VAULT_LOCAL_ENV } from '#adapters/aadhaarVault.ts';
import { envNames } from '#adapters/tableSchema.ts';
import { logger } from '#adapters/logger.ts';
import { reconcile } from '../app/reconciler.ts';
import { lockDataDir } from './dataLock.ts';
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
  /** Called as each Task state starts (fault injection in the crash test: bin/local.ts). */
  onTask?: (state: string) => void;
  /** How often the reconciler sweeps for flows and batches left unfinished (default 10 s; 0: only at start). */
  reconcileEveryMs?: number;
}

export interface LocalService {
  url: string;
  services: EmbeddedServices;
  pipeline: LocalPipeline;
  demo: DemoClient;
  /** Files whose processing was cut off by the last stop and has been started again. */
  resumed: number;
  /** Flows and batches whose files were all done but which the last stop left unfinalised. */
  refinalised: number;
  /**
   * Stops promptly: executions are aborted where they are (their progress is in the table; the
   * next start resumes them), in-flight tasks get `graceMs` to settle, then everything closes.
   */
  stop(opts?: { graceMs?: number }): Promise<void>;
}

/** Locally a flow or batch is left alone this long after its last upload before a sweep looks at it. */
const LOCAL_GRACE_MS = 5_000;

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
  let unlock = () => {};
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true });
    // One service per data folder: a second one would find dynalite's files locked and die obscurely.
    unlock = lockDataDir(opts.dataDir);
  }
  process.env.STAGE = 'local';
  process.env[envNames.allowLoopback] = opts.allowLoopback ? 'true' : 'false';
  process.env.OCR_ENGINE ??= 'tesseract';
  // Pages whose fields read weakly, and till slips, are read again by PaddleOCR and fused with tesseract's
  // reading (docs/decisions-documents.md, "Receipts: fused second reading" and "Every type read twice
  // where weak"); OCR_SECOND_READING=off turns it off.
  process.env.OCR_SECOND_READING ??= 'paddle';
  process.env.FACE_ENGINE ??= 'local';
  process.env.SIGNING_KEY_SEED = localSecret(opts.dataDir, 'signing-seed');
  process.env[VAULT_LOCAL_ENV] = localSecret(opts.dataDir, 'aadhaar-vault-key');
  resetSigningKeys();
  resetVaultKey();
  if (opts.quiet) logger.setLogLevel('SILENT');

  let services: EmbeddedServices;
  try {
    services = opts.externalServices ? await useExternalServices() : await startEmbeddedServices({ dataDir: opts.dataDir });
  } catch (err) {
    unlock();
    throw err;
  }
  const pipeline = createLocalPipeline({ retryIntervalMs: opts.retryIntervalMs, log: opts.quiet ? () => undefined : undefined, onTask: opts.onTask });
  useLocalPipeline(pipeline);
  const demo = await ensureDemoClient(opts.demoClient);
  // Whatever the last stop (or crash) cut off: no execution of this process runs yet, so every
  // open flow or batch is resumed, finalised or released now.
  const recovered = opts.dataDir || opts.externalServices ? await reconcile({ graceMs: 0, fromItems: true }) : undefined;
  const { server, url } = await startHttpServer(opts.port ?? 3000);
  if (opts.dataDir) {
    writeFileSync(
      endpointsFile(opts.dataDir),
      JSON.stringify({ dynamodbEndpoint: services.dynamodbEndpoint, s3Endpoint: services.s3Endpoint, tableName: services.tableName, bucketName: services.bucketName, url }, null, 2),
    );
  }
  let sweeping: Promise<unknown> = Promise.resolve();
  const every = opts.reconcileEveryMs ?? 10_000;
  const sweeper = every > 0
    ? setInterval(() => {
        sweeping = sweeping
          .then(() => reconcile({ graceMs: LOCAL_GRACE_MS, fromItems: true }))
          .catch((err: Error) => logger.error('reconcile failed', { error: err.name, message: err.message }));
      }, every)
    : undefined;
  sweeper?.unref();
  return {
    url, services, pipeline, demo,
    resumed: recovered?.resumedFiles ?? 0,
    refinalised: recovered?.finalised ?? 0,
    async stop({ graceMs = 2_000 } = {}) {
      clearInterval(sweeper);
      await closeServer(server);
      await sweeping;
      pipeline.abort();
      await Promise.race([pipeline.idle(), new Promise((r) => setTimeout(r, graceMs).unref())]);
      useLocalPipeline(undefined);
      await services.stop();
      if (opts.dataDir) rmSync(endpointsFile(opts.dataDir), { force: true });
      unlock();
    },
  };
}

function closeServer(server: Server) {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
