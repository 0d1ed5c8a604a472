/**
 * `npx tsx bin/openapi-examples.ts`: runs the local service in memory, sends every operation of the
 * route table a valid request and the requests that earn each error status (idempotency and fair-sharing
 * refusals included), captures the callbacks and notifications an integrator receives, and writes what
 * came back to docs/openapi-examples.json; then regenerates
 * docs/openapi.json and the Postman collection from it. The examples in the contract are therefore
 * real answers of this code (re-run after changing a route, a schema or an error message).
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { startLocal } from '../functions/local/index.ts';
import { routeKey, routes, type Route } from '#http/routes.ts';
import { MAX_BODY_BYTES } from '#http/middleware/jsonBody.ts';
import { updateClient } from '#adapters/store/clients.ts';
import { loadPincodeFile as loadPincodeData } from '../functions/app/addressMatching.ts';
import { setChatEngine } from '#adapters/chat/index.ts';
import { admitFiles, fileCapOf } from '../functions/app/fileCap.ts';
import { deleteApplicantCommand } from '../functions/operator/applicants.ts';
import { closeEngines } from '#adapters/engines.ts';
import { generateCorpus } from '../test/fixtures/documents/generate.ts';
import { startIntegrator, waitFor, type ReceivedCallback } from '../test/integration/integrator.ts';
import { EXAMPLES_FILE, type ExamplesFile, type OperationExamples, type WebhookExample } from '#http/openapiExamples.ts';
import { isAdmitted, isIdempotent, statusesOf } from '#http/openapiDocument.ts';
import { v2Notifications, type V2NotificationName } from '#http/openapiWebhooks.ts';
import { fingerprintOf, IDEMPOTENCY_HEADER } from '#http/middleware/idempotency.ts';
import { claimKey } from '#adapters/store/idempotency.ts';
import { admissionEnv } from '#adapters/store/admission.ts';
import { writeContractFiles } from './openapi.ts';

const DEMO = { clientId: 'cli_example', clientSecret: 'example-client-secret-change-me' };

const service = await startLocal({ port: 0, demoClient: DEMO, allowLoopback: true, quiet: true, retryIntervalMs: 50 });
const integrator = await startIntegrator();
// Seed 5: synthetic documents whose every field the local OCR reads (seed 7's PAN number is missed).
for (const f of await generateCorpus({ seed: Number(process.env.EXAMPLES_SEED ?? 5), perType: 1, pdfs: false, types: ['PAN', 'AADHAAR'] })) {
  integrator.files.set(`/${f.type}.png`, { bytes: f.bytes, type: f.mime });
}
const closedPort = 'http://127.0.0.1:9'; // discard port: nothing listens, so auth_url fails

interface Probe {
  headers?: Record<string, string>;
  /** JSON body, or a raw string body sent as is. */
  json?: unknown;
  raw?: string;
  query?: Record<string, string>;
  /** This probe's request is the operation's request example when it succeeds (or is the valid one). */
  valid?: boolean;
  /** Optional headers shown in the request example (sent too). */
  exampleHeaders?: Record<string, string>;
}

const operations: Record<string, OperationExamples> = {};

/** Sends a probe without recording its answer. */
async function request(route: Route, probe: Probe) {
  const headers: Record<string, string> = { ...(probe.headers ?? {}), ...(probe.exampleHeaders ?? {}) };
  let body: string | undefined = probe.raw;
  if (probe.json !== undefined) {
    body = JSON.stringify(probe.json);
    headers['content-type'] ??= 'application/json';
  }
  const qs = probe.query ? `?${new URLSearchParams(probe.query)}` : '';
  const res = await fetch(`${service.url}${route.path}${qs}`, { method: route.method, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function send(route: Route, probe: Probe) {
  const answer = await request(route, probe);
  const ops = (operations[routeKey(route)] ??= { responses: {} });
  // The first answer of each status is kept: probes run from the most to the least typical.
  ops.responses[answer.status] ??= answer.body;
  if (probe.valid && !ops.request && (route.body || route.query || probe.exampleHeaders)) {
    ops.request = {
      ...(probe.json !== undefined ? { body: probe.json } : {}),
      ...((route.body || route.query) && (probe.query !== undefined || !route.body) ? { query: probe.query ?? {} } : {}),
      ...(probe.exampleHeaders ? { headers: probe.exampleHeaders } : {}),
    };
  }
  return answer;
}

/** A probe meant to earn `status`: anything else stops the run (the example would be a lie). */
async function expectAnswer(route: Route, probe: Probe, status: number) {
  const answer = await send(route, probe);
  if (answer.status !== status) throw new Error(`${routeKey(route)}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

/**
 * The Idempotency-Key refusals (middleware/idempotency.ts), with the key's record taken directly as a
 * first request would hold it (the race itself cannot be timed): the same request while that one is
 * still running (409), and the key of another request (422).
 */
async function idempotencyProbes(route: Route, valid: Probe) {
  const body = route.body ? route.body.parse(valid.json) : undefined;
  const query = route.query ? route.query.parse(valid.query ?? {}) : (valid.query ?? {});
  const running = randomUUID();
  await claimKey(DEMO.clientId, running, fingerprintOf(route, body, query), 'example-first-request');
  await expectAnswer(route, { ...valid, valid: false, exampleHeaders: { [IDEMPOTENCY_HEADER]: running } }, 409);
  const usedElsewhere = randomUUID();
  await claimKey(DEMO.clientId, usedElsewhere, fingerprintOf(route, { another: 'request' }), 'example-first-request');
  await expectAnswer(route, { ...valid, valid: false, exampleHeaders: { [IDEMPOTENCY_HEADER]: usedElsewhere } }, 422);
}

/**
 * Fair sharing at the door (app/admission.ts): an upload of two files beyond a one-file limit per
 * client (429), then per stage (503). The limits are read at each request; the run's own are restored.
 */
async function admissionProbes(route: Route, valid: Probe) {
  const json = valid.json as { file_urls: { document_id: string }[] };
  const two = { ...json, file_urls: [...json.file_urls, { ...json.file_urls[0], document_id: 'second-document' }] };
  for (const [limit, status] of [[admissionEnv.perClient, 429], [admissionEnv.stage, 503]] as const) {
    const before = process.env[limit];
    process.env[limit] = '1';
    try {
      await expectAnswer(route, { ...valid, valid: false, json: two }, status);
    } finally {
      if (before === undefined) delete process.env[limit];
      else process.env[limit] = before;
    }
  }
}

const tokens: Record<string, string> = {};
async function token(path: string): Promise<string> {
  const res = await fetch(`${service.url}${path}`, { method: 'POST', headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } });
  return (tokens[path] ??= ((await res.json()) as { access_token: string }).access_token);
}

/** The auth headers of a route, valid or not. */
async function credentials(route: Route, valid = true): Promise<Record<string, string>> {
  switch (route.auth.kind) {
    case 'clientCredentials':
      return { 'Client-Id': DEMO.clientId, 'Client-Secret': valid ? DEMO.clientSecret : 'not-the-secret' };
    case 'staticCredentials':
      return { client_id: DEMO.clientId, client_secret: valid ? DEMO.clientSecret : 'not-the-secret' };
    case 'refreshToken': {
      if (!valid) return { Token: 'not-a-refresh-token' };
      const res = await fetch(`${service.url}/v3/verification/authtoken`, { method: 'POST', headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } });
      return { Token: ((await res.json()) as { refresh_token: string }).refresh_token };
    }
    case 'token': {
      const path = { main: '/v3/verification/authtoken', sandbox: '/v1/docstream/authtoken', bulk: '/bulk/authtoken' }[route.auth.audience];
      return { Token: valid ? await token(path) : 'not.a.token' };
    }
    default:
      return {};
  }
}

/** Every route: missing and wrong credentials, then the body and query refusals the middleware makes. */
async function genericProbes(route: Route, valid: Probe) {
  if (route.auth.kind !== 'none') {
    await send(route, { ...valid, valid: false, headers: {} });
    await send(route, { ...valid, valid: false, headers: await credentials(route, false) });
  }
  const auth = await credentials(route);
  if (route.body) {
    await send(route, { headers: auth, json: {} });
    await send(route, { headers: { ...auth, 'content-type': 'application/json' }, raw: '{"unterminated": ' });
    await send(route, { headers: { ...auth, 'content-type': 'text/plain' }, raw: JSON.stringify(valid.json) });
    await send(route, { headers: { ...auth, 'content-type': 'application/json' }, raw: JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES) }) });
  }
  if (route.query) await send(route, { headers: auth, query: {} });
}

const route = (key: string) => routes.find((r) => routeKey(r) === key)!;

async function probe(key: string, valid: Omit<Probe, 'headers' | 'valid'>, extra: Omit<Probe, 'headers'>[] = []) {
  const r = route(key);
  const auth = await credentials(r);
  // A route that creates something is tried with a key of its own, as a careful integrator sends it.
  const idempotencyKey = isIdempotent(r) ? { [IDEMPOTENCY_HEADER]: randomUUID() } : undefined;
  const answer = await send(r, { ...valid, headers: auth, valid: true, exampleHeaders: idempotencyKey });
  for (const p of extra) await send(r, { ...p, headers: auth });
  await genericProbes(r, { ...valid, headers: auth });
  // Later: a route's own 409 and 422 come first, and these refusals depend on no state.
  if (isIdempotent(r)) idempotencyLater.push(() => idempotencyProbes(r, { ...valid, headers: auth }));
  if (isAdmitted(r)) await admissionProbes(r, { ...valid, headers: auth });
  return answer;
}
const idempotencyLater: (() => Promise<void>)[] = [];

// Authentication
for (const key of ['POST /v3/verification/authtoken', 'POST /v1/docstream/authtoken', 'POST /bulk/authtoken', 'POST /refresh-token']) await probe(key, {});

// Verification flow (v3): a PAN and an Aadhaar card, processed, then called back.
const flowInit = {
  product_type: 'CONSUMER_DURABLE_LOAN', application_id: 'APP-2026-000123',
  auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback`, flow_params: { branch: 'Pune-01' },
};
const flow = (await probe('POST /v3/verification/flow/init', { json: flowInit })).body.flow_uuid as string;
const unknownFlow = '00000000-0000-4000-8000-000000000000';
await probe('GET /v3/verification/status', { query: { flow_uuid: flow } }, [{ query: { flow_uuid: unknownFlow } }]);
const fileUrls = [
  { file_url: `${integrator.url}/PAN.png`, document_id: 'pan-1' },
  { file_url: `${integrator.url}/AADHAAR.png`, document_id: 'aadhaar-1' },
];
await probe('POST /v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: fileUrls } }, [
  { json: { flow_uuid: unknownFlow, file_urls: fileUrls } },
]);
// 422: a flow whose auth_url cannot be reached (checked before any document is accepted).
{
  const r = route('POST /v3/verification/flow/init');
  const broken = (await send(r, { headers: await credentials(r), json: { ...flowInit, auth_url: `${closedPort}/auth` } })).body.flow_uuid;
  await send(route('POST /v3/verification/multiupload'), { headers: await credentials(r), json: { flow_uuid: broken, file_urls: fileUrls } });
}
const mainToken = { Token: await token('/v3/verification/authtoken') };
await waitFor(
  async () => (await fetch(`${service.url}/v3/verification/status?flow_uuid=${flow}`, { headers: mainToken })).json() as Promise<{ master_status: string; crossheck_status: string }>,
  (s) => s.master_status !== 'IN_PROGRESS' && s.master_status !== 'NOT_STARTED' && s.crossheck_status === 'COMPLETED',
  300_000,
);
// The answers once processing has finished (the first recorded status answer was NOT_STARTED).
delete operations['GET /v3/verification/status'].responses[200];
await probe('GET /v3/verification/status', { query: { flow_uuid: flow } });
await probe('GET /v3/verification/extracts', { query: { flow_uuid: flow } }, [{ query: { flow_uuid: unknownFlow } }]);
const v3Callback = (await waitFor(async () => integrator.callbacks.find((c) => JSON.parse(c.body).flow_uuid === flow), Boolean, 120_000))!;

const eventOf = (c: ReceivedCallback) => (JSON.parse(c.body) as { event?: string }).event;

// Onboarding (v2): a flow with a co-applicant, a PAN processed through the pipeline, the checklist,
// the assistant, then submit; the error statuses from an unknown flow, a deleted applicant, a full flow.
const v2Init = {
  product_type: 'MSME_LOAN', application_id: 'APP-2026-000124', external_reference_id: 'CUST-88121', username: 'Priya Sharma',
  user_docs: ['PAN', 'EBILL'], callback_url: `${integrator.url}/callback`, chat_notification_url: `${integrator.url}/callback`,
  auth_token_url: `${integrator.url}/auth`, flow_params: { branch: 'Pune-01' },
};
const unknownV2 = '00000000-0000-4000-8000-00000000beef';
const v2Flow = (await probe('POST /v2/verification/flow/init', { json: v2Init }, [{ json: v2Init }])).body.flow_id as string;
const coApplicant = { external_reference_id: 'CUST-88122', username: 'Rahul Sharma', user_docs: ['PAN'] };
await probe('POST /v2/verification/flow/coapplicant', { json: { flow_id: v2Flow, co_applicants: [coApplicant] } }, [
  { json: { flow_id: unknownV2, co_applicants: [coApplicant] } },
]);
const v2Files = [{ file_url: `${integrator.url}/PAN.png`, document_id: 'pan-1', submission_mode: 'upload' }];
await probe('POST /v2/verification/multiupload', { json: { flow_id: v2Flow, file_urls: v2Files } }, [{ json: { flow_id: unknownV2, file_urls: v2Files } }]);
const v2Query = { flow_id: v2Flow, external_reference_id: 'CUST-88121' };
const v2Status = () => fetch(`${service.url}/v2/verification/status?${new URLSearchParams(v2Query)}`, { headers: mainToken }).then((r) => r.json() as Promise<{ master_status: string }>);
await waitFor(v2Status, (st) => st.master_status === 'SUCCESS' || st.master_status === 'FAILED', 300_000);
await probe('GET /v2/verification/status', { query: v2Query }, [{ query: { flow_id: v2Flow, external_reference_id: 'NOBODY' } }]);
await probe('GET /v2/verification/docs', { query: v2Query }, [{ query: { flow_id: unknownV2, external_reference_id: 'CUST-88121' } }]);
await probe('POST /v2/verification/chat', { json: { flow_id: v2Flow, message: 'Which documents are still missing?' } }, [
  { json: { flow_id: unknownV2, message: 'hello' } },
]);
await probe('GET /v2/verification/chat-history', { query: { flow_id: v2Flow, page: '1', per_page: '10' } }, [{ query: { flow_id: unknownV2 } }]);
// 422 from the assistant: an engine that fails (the user message is kept).
setChatEngine({ name: 'unavailable', reply: async () => { throw new Error('model unavailable'); } });
await send(route('POST /v2/verification/chat'), { headers: mainToken, json: { flow_id: v2Flow, message: 'Is my PAN accepted?' } });
setChatEngine(undefined);
// 410: a co-applicant the operator deleted.
await deleteApplicantCommand(DEMO.clientId, v2Flow, coApplicant.external_reference_id);
const gone = { flow_id: v2Flow, external_reference_id: coApplicant.external_reference_id };
await send(route('GET /v2/verification/status'), { headers: mainToken, query: gone });
await send(route('GET /v2/verification/docs'), { headers: mainToken, query: gone });
await send(route('POST /v2/verification/multiupload'), { headers: mainToken, json: { flow_id: v2Flow, file_urls: [{ ...v2Files[0], external_reference_id: gone.external_reference_id }] } });
// 422: a flow whose file cap is used up (the slots taken directly, as 500 uploads would).
{
  const full = (await send(route('POST /v2/verification/flow/init'), { headers: mainToken, json: { ...v2Init, external_reference_id: 'CUST-88123' } })).body.flow_id as string;
  await admitFiles({ kind: 'onboarding', clientId: DEMO.clientId, id: full }, fileCapOf('onboarding'));
  await send(route('POST /v2/verification/multiupload'), { headers: mainToken, json: { flow_id: full, file_urls: v2Files } });
}
await probe('POST /v2/verification/flow/submit', { json: { flow_id: v2Flow, close_flow: 'yes' }, query: { flow_id: v2Flow, close_flow: 'yes' } }, [
  { json: { flow_id: unknownV2 } },
]);
const v2Callback = await waitFor(async () => integrator.callbacks.find((c) => eventOf(c) === 'onboarding.results' && JSON.parse(c.body).flow_id === v2Flow), Boolean, 120_000).catch(() => undefined);

// Notifications to chat_notification_url: the flow above sent document.processed and flow.submitted; a
// second flow (PAN only on its checklist, and a document that cannot be fetched) sends document.failed
// and applicant.checklist_complete. Its requests are not examples (request() records nothing).
{
  const init = await request(route('POST /v2/verification/flow/init'), {
    headers: mainToken, json: { ...v2Init, application_id: 'APP-2026-000125', external_reference_id: 'CUST-88125', user_docs: ['PAN'] },
  });
  await request(route('POST /v2/verification/multiupload'), {
    headers: mainToken,
    json: { flow_id: init.body.flow_id, file_urls: [{ ...v2Files[0], external_reference_id: 'CUST-88125' }, { file_url: `${closedPort}/missing.png`, document_id: 'broken-1', external_reference_id: 'CUST-88125' }] },
  });
}
const notifications = {} as Record<V2NotificationName, ReceivedCallback>;
for (const [name, n] of Object.entries(v2Notifications) as [V2NotificationName, (typeof v2Notifications)[V2NotificationName]][]) {
  notifications[name] = (await waitFor(async () => integrator.callbacks.find((c) => eventOf(c) === n.event), Boolean, 300_000))!;
}

// Bulk extraction
const bulk = (await probe('POST /v1/bulk/multiupload', { json: { product_type: 'CONSUMER_DURABLE_LOAN', file_urls: [fileUrls[0]] } })).body as { batch_id: string }[];
const bulkToken = { Token: await token('/bulk/authtoken') };
const bulkDone = async () => ((await (await fetch(`${service.url}/v1/bulk/extracts?batch_id=${bulk[0].batch_id}`, { headers: bulkToken })).json()) as { data: { file_data: { document_type?: string } }[] });
await waitFor(bulkDone, (p) => p.data.length > 0 && p.data.every((d) => d.file_data.document_type !== undefined), 300_000);
await probe('GET /v1/bulk/extracts', { query: { batch_id: bulk[0].batch_id, page: '1', per_page: '50' } }, [{ query: { batch_id: bulk[0].batch_id, per_page: '500' } }]);

// Sandbox: the account-level callback receives the batch results.
await updateClient(DEMO.clientId, { callbackUrl: `${integrator.url}/callback`, authUrl: `${integrator.url}/auth` });
const sandbox = (await probe('POST /v1/docstream/multiupload', { json: { product_type: 'CONSUMER_DURABLE_LOAN', file_urls: [fileUrls[0]] } })).body as { batch_id: string };
const sandboxCallback = (await waitFor(async () => integrator.callbacks.find((c) => JSON.parse(c.body).batch_id === sandbox.batch_id), Boolean, 300_000))!;
await probe('GET /v1/docstream/extracts', { query: { batch_id: sandbox.batch_id, page: '1', per_page: '50' } });

// Address matching
await probe('POST /v1/address/match/batch', {
  json: {
    application_id: 'APP-2026-000123',
    source_address: 'Flat 302, Sai Residency, Plot 14, Sector 21, Kharghar, Navi Mumbai, Maharashtra 410210',
    target_addresses: [
      { address: '302 Sai Residency, Plot No 14, Sec-21, Kharghar, Navi Mumbai 410210', index: 0 },
      { address: '12 MG Road, Camp, Pune, Maharashtra 411001', index: 1 },
    ],
  },
}, [
  { json: { application_id: 'APP-2026-000123', source_address: '!!!', target_addresses: [{ address: '12 MG Road, Pune 411001', index: 0 }] } },
]);

// 503: the engine's reference data made unloadable (the handler loads it again on the next request).
try {
  loadPincodeData('/nonexistent/pincodes.json.gz');
} catch {
  /* expected: the engine is now unavailable */
}
{
  const r = route('POST /v1/address/match/batch');
  await send(r, { headers: await credentials(r), json: { application_id: 'APP-2026-000123', source_address: '12 MG Road, Pune 411001', target_addresses: [{ address: '12 MG Road, Pune 411001', index: 0 }] } });
}

for (const run of idempotencyLater) await run();

// Erasure last: it removes what the examples above were taken from.
const has = (key: string) => routes.some((r) => routeKey(r) === key);
if (has('DELETE /v3/verification/flow')) {
  await probe('DELETE /v3/verification/flow', { query: { flow_uuid: flow } }, [{ query: { flow_uuid: unknownFlow } }]);
}
if (has('DELETE /v1/bulk/batch')) await probe('DELETE /v1/bulk/batch', { query: { batch_id: bulk[0].batch_id } });
if (has('DELETE /v1/docstream/batch')) await probe('DELETE /v1/docstream/batch', { query: { batch_id: sandbox.batch_id } });
if (has('DELETE /v2/verification/flow')) await probe('DELETE /v2/verification/flow', { query: { flow_id: v2Flow } }, [{ query: { flow_id: unknownV2 } }]);

await probe('GET /openapi.json', {});
// The document is not embedded in itself whole: its first keys show the shape.
{
  const whole = operations['GET /openapi.json'].responses[200] as Record<string, unknown>;
  operations['GET /openapi.json'].responses[200] = { openapi: whole.openapi, info: whole.info };
}

/** The headers an integrator sees, in the order documented; transport headers left out. */
function webhookExample(received: ReceivedCallback): WebhookExample {
  const keep = ['content-type', 'user-agent', 'authorization', 'x-event-id', 'x-timestamp', 'x-signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];
  const headers = Object.fromEntries(keep.filter((h) => received.headers[h] !== undefined).map((h) => [h, String(received.headers[h])]));
  return { headers, body: JSON.parse(received.body) };
}

// The integrator's origin reads as the demo integrator's (npm run demo:integrator), so example
// requests work as they are against npm start; nothing signed contains it.
const DEMO_INTEGRATOR = 'http://127.0.0.1:8080';
const recorded: ExamplesFile = {
  generated_by: `npx tsx bin/openapi-examples.ts: answers of a run of the local service (npm start), not hand-written; integrator origin shown as ${DEMO_INTEGRATOR}`,
  operations,
  webhooks: {
    v3Results: webhookExample(v3Callback),
    ...(v2Callback ? { v2Results: webhookExample(v2Callback) } : {}),
    sandboxResults: webhookExample(sandboxCallback),
    ...Object.fromEntries(Object.entries(notifications).map(([name, c]) => [name, webhookExample(c)])),
    authTokenRequest: webhookExample(integrator.authCalls.find((c) => c.headers['x-event-id'] === v3Callback.headers['x-event-id'])!),
  },
};

const examples = JSON.parse(JSON.stringify(recorded).replaceAll(integrator.url, DEMO_INTEGRATOR)) as ExamplesFile;

// Every documented status must have a real answer: a new route or status needs a probe above.
const missing = routes.flatMap((r) => statusesOf(r).filter((s) => operations[routeKey(r)]?.responses[s] === undefined).map((s) => `${routeKey(r)} ${s}`));
const unexpected = routes.flatMap((r) => Object.keys(operations[routeKey(r)]?.responses ?? {}).filter((s) => !statusesOf(r).includes(Number(s))).map((s) => `${routeKey(r)} ${s}`));
if (missing.length || unexpected.length) {
  console.error(`no recorded answer for: ${missing.join('; ') || '-'}\nanswered but not documented: ${unexpected.join('; ') || '-'}`);
  process.exitCode = 1;
}

writeFileSync(EXAMPLES_FILE, JSON.stringify(examples, null, 2) + '\n');
console.log(`wrote ${EXAMPLES_FILE.pathname}`);
writeContractFiles(examples);
await service.stop();
await integrator.close();
await closeEngines();
