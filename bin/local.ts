/**
 * `npm start`: the whole API on http://127.0.0.1:$PORT on the embedded default.
 * PORT (3000), DATA_DIR (.data; "memory" keeps nothing), DEMO_CLIENT_ID / DEMO_CLIENT_SECRET,
 * ALLOW_LOOPBACK_URLS (on unless "false"), AWS_ENDPOINT_URL (use LocalStack's DynamoDB and S3 instead of
 * the embedded ones; the pipeline still runs in this process with the local engines).
 * LOCAL_KILL_AT=<TaskState>:<n> kills this process (SIGKILL) as that Task starts for the n-th
 * time: the crash test's fault injection (test/integration/crash.test.ts).
 */
import { startLocal } from '../functions/local/index.ts';
import { DataDirInUseError } from '../functions/local/dataLock.ts';

const dataDir = process.env.DATA_DIR === 'memory' ? undefined : (process.env.DATA_DIR ?? '.data');
const id = process.env.DEMO_CLIENT_ID;
const secret = process.env.DEMO_CLIENT_SECRET;

// With AWS_ENDPOINT_URL (LocalStack), DynamoDB and S3 are that endpoint's; otherwise embedded.
const externalServices = Boolean(process.env.AWS_ENDPOINT_URL || process.env.AWS_ENDPOINT_URL_DYNAMODB);

function killAt(spec: string | undefined): ((state: string) => void) | undefined {
  const [state, nth] = (spec ?? '').split(':');
  if (!state) return undefined;
  let seen = 0;
  return (s) => {
    if (s === state && ++seen >= Number(nth || 1)) process.kill(process.pid, 'SIGKILL');
  };
}

let service: Awaited<ReturnType<typeof startLocal>>;
try {
  service = await startLocal({
    externalServices,
    port: Number(process.env.PORT ?? 3000),
    dataDir,
    demoClient: id && secret ? { clientId: id, clientSecret: secret } : undefined,
    allowLoopback: process.env.ALLOW_LOOPBACK_URLS !== 'false',
    onTask: killAt(process.env.LOCAL_KILL_AT),
  });
} catch (err) {
  if (!(err instanceof DataDirInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}

if (service.demo.created && service.demo.clientSecret && !(id && secret)) {
  // Printed once, at creation: the secret is stored only as a hash.
  console.log(`demo client created: Client-Id ${service.demo.clientId}  Client-Secret ${service.demo.clientSecret}  Webhook-Secret ${service.demo.webhookSecret}`);
} else if (!service.demo.clientSecret) {
  console.log(`demo client ${service.demo.clientId} exists (its secret was printed when it was created; rotate it with: npm run operator -- client rotate-secret ${service.demo.clientId})`);
}
if (service.demo.webhookSecret && id && secret) console.log(`demo client ${service.demo.clientId} created  Webhook-Secret ${service.demo.webhookSecret}`);
if (service.resumed) console.log(`resumed processing of ${service.resumed} file(s) cut off by the last stop`);
if (service.refinalised) console.log(`finalising ${service.refinalised} flow(s) or batch(es) the last stop left unfinished`);
console.log(`listening on ${service.url}`);

let stopping = false;
const shutdown = async (signal: string) => {
  // A second signal means now.
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal}: stopping (work in flight resumes at the next start)`);
  // Whatever hangs, the process is gone within seconds.
  setTimeout(() => process.exit(1), 8_000).unref();
  await service.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
