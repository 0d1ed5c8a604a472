/**
 * `npm start`: the whole API on http://127.0.0.1:$PORT on the embedded default.
 * PORT (3000), DATA_DIR (.data; "memory" keeps nothing), DEMO_CLIENT_ID / DEMO_CLIENT_SECRET,
 * ALLOW_LOOPBACK_URLS (on unless "false").
 */
import { startLocal } from '../functions/local/index.ts';

const dataDir = process.env.DATA_DIR === 'memory' ? undefined : (process.env.DATA_DIR ?? '.data');
const id = process.env.DEMO_CLIENT_ID;
const secret = process.env.DEMO_CLIENT_SECRET;

const service = await startLocal({
  port: Number(process.env.PORT ?? 3000),
  dataDir,
  demoClient: id && secret ? { clientId: id, clientSecret: secret } : undefined,
  allowLoopback: process.env.ALLOW_LOOPBACK_URLS !== 'false',
});

if (service.demo.created && service.demo.clientSecret && !(id && secret)) {
  // Printed once, at creation: the secret is stored only as a hash.
  console.log(`demo client created: Client-Id ${service.demo.clientId}  Client-Secret ${service.demo.clientSecret}`);
} else if (!service.demo.clientSecret) {
  console.log(`demo client ${service.demo.clientId} exists (its secret was printed when it was created; rotate it with: npm run operator -- client rotate-secret ${service.demo.clientId})`);
}
if (service.resumed) console.log(`resumed processing of ${service.resumed} file(s) cut off by the last stop`);
console.log(`listening on ${service.url}`);

const shutdown = async () => {
  await service.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
