/**
 * `npm run bench:latency`: our code's share of a request. Starts the local service (dynalite,
 * in-process HTTP server) and, in interleaved rounds so load on the shared machine falls on all
 * alike, times GET /v3/verification/status, GET /v3/verification/extracts and POST
 * /v3/verification/flow/init through HTTP against a bare DocumentClient GetItem / PutItem on the
 * same dynalite. Status is also timed as its Lambda handler called in-process (no HTTP: what the
 * function does in AWS once API Gateway has the request), the like-for-like comparison with the
 * in-process bare GetItem. Prints p50/p90 and ratios; writes bench/results/latency.md.
 * LATENCY_ROUNDS (default 300) bounds the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { startLocal } from '../functions/local/index.ts';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { ddb, tableName } from '#adapters/aws.ts';
import { handler as statusHandler } from '#http/v3/verification/status.ts';

const ROUNDS = Number(process.env.LATENCY_ROUNDS ?? 300);
const WARMUP = 30;
const DEMO = { clientId: 'cli_bench_latency', clientSecret: 'bench-secret-latency' };
const TARGET_STATUS = 1.5;

const service = await startLocal({ port: 0, demoClient: DEMO, allowLoopback: true, quiet: true, reconcileEveryMs: 0 });
try {
  const call = async (method: string, path: string, headers: Record<string, string> = {}, json?: unknown) => {
    const res = await fetch(service.url + path, {
      method,
      headers: json === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = await res.text();
    return { status: res.status, body };
  };
  const login = await call('POST', '/v3/verification/authtoken', { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret });
  if (login.status !== 201) throw new Error(`login: ${login.status} ${login.body}`);
  const Token = JSON.parse(login.body).access_token as string;
  const initBody = {
    product_type: 'CONSUMER_DURABLE_LOAN', application_id: 'APP-BENCH', auth_url: 'http://127.0.0.1:9/auth',
    callback_url: 'http://127.0.0.1:9/callback', flow_params: {},
  };
  const created = await call('POST', '/v3/verification/flow/init', { Token }, initBody);
  if (created.status !== 201) throw new Error(`flow init: ${created.status} ${created.body}`);
  const flow = JSON.parse(created.body).flow_uuid as string;

  const table = tableName();
  let n = 0;
  const cases: Record<string, () => Promise<unknown>> = {
    'bare GetItem': () => ddb().send(new GetCommand({ TableName: table, Key: { pk: `BENCH#${flow}`, sk: 'ITEM' } })),
    'bare PutItem': () => ddb().send(new PutCommand({ TableName: table, Item: { pk: `BENCH#${flow}`, sk: `ITEM#${n++}`, at: Date.now() } })),
    // The local server's own hop (HTTP, dispatch, a 404 without any handler): API Gateway's part in AWS.
    'HTTP hop (404, no handler)': async () => expectStatus(await call('GET', '/bench-no-such-route'), 404),
    'GET /v3/verification/status': async () => expectStatus(await call('GET', `/v3/verification/status?flow_uuid=${flow}`, { Token }), 200),
    'GET /v3/verification/status, handler in-process': async () => {
      const out = await statusHandler(statusEvent(flow, Token), lambdaContext());
      expectStatus({ status: out.statusCode, body: out.body }, 200);
    },
    'GET /v3/verification/extracts': async () => expectStatus(await call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { Token }), 200),
    'POST /v3/verification/flow/init': async () => expectStatus(await call('POST', '/v3/verification/flow/init', { Token }, initBody), 201),
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const [name, run] of Object.entries(cases)) {
      const t = performance.now();
      await run();
      if (round >= WARMUP) samples[name].push(performance.now() - t);
    }
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
  const p50 = (name: string) => pct(samples[name], 0.5);
  const baseOf = (name: string) => (name.startsWith('POST') || name.endsWith('PutItem') ? 'bare PutItem' : 'bare GetItem');
  const hop = p50('HTTP hop (404, no handler)');
  const lines = [
    '| request | p50 ms | p90 ms | p50 / bare | bare |',
    '|---|---|---|---|---|',
    ...Object.keys(cases).map((name) =>
      `| ${name} | ${p50(name).toFixed(2)} | ${pct(samples[name], 0.9).toFixed(2)} | ${(p50(name) / p50(baseOf(name))).toFixed(2)} | ${baseOf(name)} |`),
  ];
  const statusRatio = p50('GET /v3/verification/status') / p50('bare GetItem');
  const withoutHop = (p50('GET /v3/verification/status') - hop) / p50('bare GetItem');
  const inProcess = p50('GET /v3/verification/status, handler in-process') / p50('bare GetItem');
  const verdict = `status p50 / bare GetItem p50 = ${statusRatio.toFixed(2)} through HTTP (target <= ${TARGET_STATUS}: ${statusRatio <= TARGET_STATUS ? 'met' : 'not met'}); ` +
    `without the local server's HTTP hop (${hop.toFixed(2)} ms p50, API Gateway's part in AWS): ${withoutHop.toFixed(2)}; ` +
    `the handler called in-process like the bare call: ${inProcess.toFixed(2)} (${inProcess <= TARGET_STATUS ? 'met' : 'not met'})`;
  console.log(lines.join('\n') + '\n\n' + verdict);
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(
    new URL('./results/latency.md', import.meta.url),
    `# Our code's share of a request (npm run bench:latency)\n\nLocal service (dynalite, in-process HTTP server, one client, keep-alive), ${ROUNDS} interleaved rounds after ${WARMUP} warm-up, ` +
      `one run on a shared 2-core machine: read the ratios, not the absolute times. Requests go through HTTP and carry a token; the bare ` +
      `calls are one DocumentClient command on the same dynalite from the same process. CLIENT_CACHE_SECONDS=${process.env.CLIENT_CACHE_SECONDS ?? '5 (default)'}.\n\n` +
      `- ${verdict}\n\n${lines.join('\n')}\n`,
  );
} finally {
  await service.stop();
}

/** The event the local server (and API Gateway) hands the status function. */
function statusEvent(flow: string, token: string): APIGatewayProxyEvent {
  const requestId = randomUUID();
  return {
    httpMethod: 'GET', path: '/v3/verification/status', resource: '/v3/verification/status',
    headers: { token }, multiValueHeaders: {}, queryStringParameters: { flow_uuid: flow }, multiValueQueryStringParameters: null,
    pathParameters: null, stageVariables: null, body: null, isBase64Encoded: false,
    requestContext: { requestId, httpMethod: 'GET', path: '/v3/verification/status', stage: 'bench' } as APIGatewayProxyEvent['requestContext'],
  };
}

function lambdaContext(): Context {
  return {
  awsRequestId: randomUUID(), functionName: 'v3/verification/status', functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:v3/verification/status', memoryLimitInMB: '1024',
  logGroupName: '/local/status', logStreamName: 'bench', callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 29_000, done: () => undefined, fail: () => undefined, succeed: () => undefined,
  };
}

function expectStatus(res: { status: number; body: string }, want: number) {
  if (res.status !== want) throw new Error(`expected ${want}, got ${res.status}: ${res.body.slice(0, 200)}`);
}
