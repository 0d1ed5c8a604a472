/**
 * Mutated requests against every route of the route table, shared by the fuzz test
 * (test/integration/fuzz.test.ts) and `npm run bench:fuzz`. Each request starts from a valid one
 * (real tokens, a real flow and batches) and has one to three of its body, query or headers
 * mutated, so mutations reach the cores and not only the validators.
 */
import fc from 'fast-check';
import { routeKey, type Route } from '#http/routes.ts';
import { api, DEMO, flowInitBody } from './harness.ts';

export interface FuzzContext {
  url: string;
  tokens: Record<'main' | 'sandbox' | 'bulk', string>;
  refreshToken: string;
  flowUuid: string;
  /** An onboarding (v2) flow whose primary applicant is R-1. */
  flowId: string;
  batches: Record<'bulk' | 'sandbox', string>;
  /** Serves /note.txt (a quick UNRECOGNISED), /auth and /callback. */
  integratorUrl: string;
}

export interface FuzzRequest {
  route: string;
  method: Route['method'];
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What was mutated, for the failure message. */
  mutations: string[];
}

/** Makes the context: tokens of every audience, one flow, one batch per interface. */
export async function fuzzContext(serviceUrl: string, integratorUrl: string): Promise<FuzzContext> {
  const a = api({ url: serviceUrl });
  const tokens = { main: await a.token('main'), sandbox: await a.token('sandbox'), bulk: await a.token('bulk') };
  const login = await a.call('POST', '/v3/verification/authtoken', { headers: { 'Client-Id': DEMO.clientId, 'Client-Secret': DEMO.clientSecret } });
  const flow = await a.call('POST', '/v3/verification/flow/init', {
    json: flowInitBody({ auth_url: `${integratorUrl}/auth`, callback_url: `${integratorUrl}/callback` }), headers: { Token: tokens.main },
  });
  const file_urls = [{ file_url: `${integratorUrl}/note.txt`, document_id: 'doc-1' }];
  const bulk = await a.call('POST', '/v1/bulk/multiupload', { json: { product_type: 'MSME_LOAN', file_urls }, headers: { Token: tokens.bulk } });
  const sandbox = await a.call('POST', '/v1/docstream/multiupload', { json: { product_type: 'MSME_LOAN', file_urls }, headers: { Token: tokens.sandbox } });
  const onboarding = await a.call('POST', '/v2/verification/flow/init', {
    json: { product_type: 'MSME_LOAN', application_id: `APP-FUZZ-${Date.now()}`, external_reference_id: 'R-1', username: 'Asha' }, headers: { Token: tokens.main },
  });
  if (flow.status !== 201 || bulk.status !== 201 || sandbox.status !== 201 || onboarding.status !== 201) throw new Error('fuzz context could not be made');
  return {
    url: serviceUrl, tokens, refreshToken: login.body.refresh_token, flowUuid: flow.body.flow_uuid, flowId: onboarding.body.flow_id,
    batches: { bulk: bulk.body[0].batch_id, sandbox: sandbox.body.batch_id }, integratorUrl,
  };
}

/** A valid request of the route: its body (object), query and headers. */
function validRequest(route: Route, ctx: FuzzContext): { body?: Record<string, unknown>; query: Record<string, string>; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  switch (route.auth.kind) {
    case 'token': headers.Token = ctx.tokens[route.auth.audience]; break;
    case 'clientCredentials': headers['Client-Id'] = DEMO.clientId; headers['Client-Secret'] = DEMO.clientSecret; break;
    case 'refreshToken': headers.Token = ctx.refreshToken; break;
    case 'staticCredentials': headers.client_id = DEMO.clientId; headers.client_secret = DEMO.clientSecret; break;
    default: break;
  }
  const files = [{ file_url: `${ctx.integratorUrl}/note.txt`, document_id: 'doc-1' }];
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /v3/verification/flow/init': flowInitBody({ auth_url: `${ctx.integratorUrl}/auth`, callback_url: `${ctx.integratorUrl}/callback`, flow_params: { branch: 'B-1', amount: 1200 } }),
    'POST /v3/verification/multiupload': { flow_uuid: ctx.flowUuid, file_urls: files },
    'POST /v2/verification/flow/init': { product_type: 'MSME_LOAN', application_id: 'APP-1', external_reference_id: 'R-1', username: 'Asha', flow_params: {} },
    'POST /v2/verification/multiupload': { flow_id: ctx.flowId, file_urls: files },
    'POST /v2/verification/flow/submit': { flow_id: ctx.flowId, close_flow: 'no' },
    'POST /v2/verification/flow/coapplicant': { flow_id: ctx.flowId, co_applicants: [{ external_reference_id: 'R-2', username: 'Ravi' }] },
    'POST /v2/verification/chat': { flow_id: ctx.flowId, message: 'hello' },
    'POST /v1/bulk/multiupload': { product_type: 'MSME_LOAN', file_urls: files },
    'POST /v1/docstream/multiupload': { product_type: 'MSME_LOAN', file_urls: files },
    'POST /v1/address/match/batch': {
      application_id: 'APP-1', source_address: 'Flat 2, MG Road, Bengaluru 560001', target_addresses: [{ address: '2 M.G. Rd, Bangalore 560001', index: 0 }],
    },
  };
  const queries: Record<string, Record<string, string>> = {
    'GET /v3/verification/status': { flow_uuid: ctx.flowUuid },
    'GET /v3/verification/extracts': { flow_uuid: ctx.flowUuid },
    'GET /v2/verification/chat-history': { flow_id: ctx.flowId, page: '1', per_page: '10' },
    'GET /v2/verification/docs': { flow_id: ctx.flowId, external_reference_id: 'R-1' },
    'GET /v2/verification/status': { flow_id: ctx.flowId, external_reference_id: 'R-1' },
    'GET /v1/bulk/extracts': { batch_id: ctx.batches.bulk, page: '1', per_page: '50' },
    'GET /v1/docstream/extracts': { batch_id: ctx.batches.sandbox, page: '1', per_page: '50' },
  };
  const key = routeKey(route);
  return { body: route.method === 'POST' ? bodies[key] ?? {} : undefined, query: queries[key] ?? {}, headers };
}

// --- values that have hurt services before ---------------------------------------------------

const DEEP = '\u0000DEEP\u0000';
/** A JSON text nested `n` levels deep, spliced in as raw text (JSON.stringify could not make it). */
const deepText = (n: number, open: '{' | '[') => (open === '{' ? '{"a":'.repeat(n) + '1' + '}'.repeat(n) : '['.repeat(n) + ']'.repeat(n));

const nastyString = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom('', ' ', 'constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'null', 'undefined', 'NaN', '-1', '0', '1e309',
    '../../etc/passwd', 'CLIENT#x#FLOW#y', 'BATCH-000000-AAAAAA-20260101000000', '00000000-0000-0000-0000-000000000000',
    'http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd', 'gopher://127.0.0.1:6379/_', 'http://[::1]:9/x', 'javascript:alert(1)',
    '%00', '\u0000', '\ud800', '\u202e', '😀'.repeat(50), "' OR 1=1 --", '{"$gt":""}'),
  fc.integer({ min: 300, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, [], {}, [null], { __proto__: { polluted: 1 } }, JSON.parse('{"__proto__":{"polluted":1}}')),
  fc.integer({ min: 100, max: 3000 }).map((n) => Array.from({ length: n }, (_, i) => ({ file_url: 'http://127.0.0.1:9/x', document_id: `d${i}`, address: 'a', index: i }))),
  fc.constant(DEEP),
);

const FIELD_NAMES = [
  'product_type', 'application_id', 'auth_url', 'callback_url', 'flow_params', 'flow_uuid', 'file_urls', 'flow_id', 'external_reference_id',
  'username', 'user_docs', 'co_applicants', 'message', 'close_flow', 'source_address', 'target_addresses', 'batch_id', '__proto__', 'constructor',
];

type Draft = { body?: Record<string, unknown>; rawBody?: string; query: Record<string, string>; rawQuery: string; headers: Record<string, string>; deep?: { n: number; open: '{' | '[' } };

type Mutation = { label: string; apply: (d: Draft) => void };

/** A mutation may have replaced the body by any JSON value already. */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const bodyMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELD_NAMES), nastyValue).map(([k, v]) => ({
    label: `body.${k} = ${describe(v)}`,
    apply: (d: Draft) => { if (isObject(d.body)) Object.defineProperty(d.body, k, { value: v, enumerable: true, writable: true, configurable: true }); },
  })),
  fc.constantFrom(...FIELD_NAMES).map((k) => ({ label: `delete body.${k}`, apply: (d: Draft) => { if (isObject(d.body)) delete d.body[k]; } })),
  fc.tuple(fc.constantFrom('file_urls', 'target_addresses', 'co_applicants'), fc.constantFrom('file_url', 'document_id', 'address', 'index', 'username'), nastyValue).map(([list, k, v]) => ({
    label: `body.${list}[0].${k} = ${describe(v)}`,
    apply: (d: Draft) => {
      const items = isObject(d.body) ? d.body[list] : undefined;
      if (Array.isArray(items) && items[0] && typeof items[0] === 'object') items[0] = { ...items[0], [k]: v };
    },
  })),
  fc.tuple(fc.integer({ min: 1, max: 200_000 }), fc.constantFrom('{' as const, '[' as const)).map(([n, open]) => ({
    label: `body.flow_params nested ${n} (${open})`,
    apply: (d: Draft) => { if (isObject(d.body)) { d.body.flow_params = DEEP; d.deep = { n, open }; } },
  })),
  nastyValue.map((v) => ({ label: `body = ${describe(v)}`, apply: (d: Draft) => { d.body = v as Record<string, unknown>; } })),
  fc.oneof(
    fc.constantFrom('', 'null', '{', '{"a":', '[1,2', 'not json', '{"a":1}}', '\u0000', '{"__proto__":{"x":1}}', '1e999999', '"' + 'x'.repeat(10) + '"'),
    fc.string({ maxLength: 200 }),
    fc.integer({ min: 1, max: 1_100_000 }).map((n) => ' '.repeat(n) + '{}'),
  ).map((raw) => ({ label: `raw body ${describe(raw)}`, apply: (d: Draft) => { d.rawBody = raw; } })),
);

const queryMutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.constantFrom('flow_uuid', 'batch_id', 'page', 'per_page', 'flow_id', 'external_reference_id', '__proto__', 'constructor'), nastyString).map(([k, v]) => ({
    label: `query.${k} = ${describe(v)}`, apply: (d: Draft) => { d.query[k] = v.slice(0, 4000); },
  })),
  fc.constantFrom('flow_uuid', 'batch_id', 'page', 'per_page', 'flow_id').map((k) => ({ label: `delete query.${k}`, apply: (d: Draft) => { delete d.query[k]; } })),
  fc.constantFrom('page=0', 'page=-1', 'page=1e3', 'page=999999999999', 'per_page=0', 'per_page=51', 'page=01', 'page=1&page=2', '%zz=1', 'page=%FF',
    'batch_id[]=x', 'flow_uuid=%00', '&&&', '=', 'a'.repeat(3000) + '=1').map((q) => ({ label: `query += ${q.slice(0, 40)}`, apply: (d: Draft) => { d.rawQuery = q; } })),
);

/** Header values fetch can send: visible ASCII and spaces, bounded under Node's 16 KB header limit. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 300 }),
  fc.constantFrom('', 'null', 'Bearer x', 'a.b.c', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'x'.repeat(4000)),
);

const headerMutation = (ctx: FuzzContext): fc.Arbitrary<Mutation> => fc.oneof(
  fc.constantFrom('Token', 'Client-Id', 'Client-Secret', 'client_id', 'client_secret').map((h) => ({ label: `drop header ${h}`, apply: (d: Draft) => { delete d.headers[h]; } })),
  fc.tuple(fc.constantFrom('Token', 'Client-Id', 'Client-Secret', 'client_id', 'client_secret', 'Content-Type', 'Idempotency-Key', 'X-Forwarded-For'), headerValue).map(([h, v]) => ({
    label: `header ${h} = ${describe(v)}`, apply: (d: Draft) => { d.headers[h] = v.trim() === v ? v : v.trim() || 'x'; },
  })),
  fc.constantFrom(...(['main', 'sandbox', 'bulk'] as const)).map((aud) => ({ label: `Token of ${aud}`, apply: (d: Draft) => { d.headers.Token = ctx.tokens[aud]; } })),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'application/problem+json', 'multipart/form-data', '')
    .map((t) => ({ label: `content-type ${t || '(none)'}`, apply: (d: Draft) => { d.headers['content-type'] = t; } })),
);

function describe(v: unknown): string {
  if (v === DEEP) return '<deep>';
  if (typeof v === 'string') return v.length > 40 ? `string(${v.length})` : JSON.stringify(v);
  if (Array.isArray(v)) return `array(${v.length})`;
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 40 ? `${s.slice(0, 40)}…` : s;
  } catch {
    return typeof v;
  }
}

function build(route: Route, draft: Draft, mutations: string[]): FuzzRequest {
  const headers: Record<string, string> = { ...draft.headers };
  let body: string | undefined;
  if (route.method === 'POST') {
    if (draft.rawBody !== undefined) body = draft.rawBody;
    else if (draft.body !== undefined) {
      body = JSON.stringify(draft.body) ?? 'null';
      if (draft.deep) body = body.replace(JSON.stringify(DEEP), deepText(draft.deep.n, draft.deep.open));
      else body = body.replaceAll(JSON.stringify(DEEP), '1');
    }
    if (headers['content-type'] === undefined) headers['content-type'] = 'application/json';
    if (headers['content-type'] === '') delete headers['content-type'];
  }
  const query = new URLSearchParams(draft.query).toString();
  const qs = [query, draft.rawQuery].filter(Boolean).join('&');
  return { route: routeKey(route), method: route.method, path: route.path + (qs ? `?${qs}` : ''), headers, body, mutations };
}

/** Requests of one route: a valid request with one to three mutations. */
export function requestsFor(route: Route, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const mutation = fc.oneof(
    { weight: route.method === 'POST' ? 4 : 0, arbitrary: bodyMutation },
    { weight: route.method === 'GET' ? 3 : 1, arbitrary: queryMutation },
    { weight: 2, arbitrary: headerMutation(ctx) },
  );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
    const valid = validRequest(route, ctx);
    const draft: Draft = { body: valid.body && structuredClone(valid.body), query: { ...valid.query }, rawQuery: '', headers: { ...valid.headers } };
    for (const m of ms) m.apply(draft);
    return build(route, draft, ms.map((m) => m.label));
  });
}

/** Sends one request; the answer's status and parsed body (or the raw text when not JSON). */
export async function send(ctx: FuzzContext, req: FuzzRequest): Promise<{ status: number; contentType: string; body: unknown }> {
  const res = await fetch(ctx.url + req.path, { method: req.method, headers: req.headers, body: req.body });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* kept as text: the check reports it */
  }
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', body };
}

/**
 * What must hold for every answer: no 5xx, and every 4xx is JSON `{"error": "..."}`.
 */
export function answerProblem(req: FuzzRequest, answer: { status: number; contentType: string; body: unknown }): string | undefined {
  const { status, body, contentType } = answer;
  if (status >= 500) return `answered ${status}`;
  if (status >= 400) {
    if (!contentType.includes('application/json')) return `${status} without a JSON content type`;
    if (!body || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') return `${status} without {"error": "..."}`;
  }
  return undefined;
}
