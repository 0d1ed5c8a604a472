/**
 * A Postman collection (v2.1) generated from the OpenAPI document: one request per operation with its
 * recorded example request and answers, grouped by tag, and a collection-level pre-request script that
 * fetches a token for the request's interface and caches it until shortly before it expires.
 */
type Json = Record<string, any>;

/** Runs before every request of the collection (Postman sandbox: `pm`). Kept as plain ES2017. */
export const TOKEN_PRE_REQUEST_SCRIPT = `// Fetches a token for the interface this request belongs to, once, and reuses it until 60 s before it expires.
const tokenPaths = { main: '/v3/verification/authtoken', sandbox: '/v1/docstream/authtoken', bulk: '/bulk/authtoken' };
const path = pm.request.url.getPath();
const needsToken = pm.request.headers.has('Token') && !path.endsWith('/authtoken') && path !== '/refresh-token';
if (needsToken) {
  const audience = path.indexOf('/v1/docstream/') === 0 ? 'sandbox' : path.indexOf('/v1/bulk/') === 0 ? 'bulk' : 'main';
  const cached = pm.collectionVariables.get('token_' + audience);
  const expiresAt = Number(pm.collectionVariables.get('token_' + audience + '_expires_at') || 0);
  if (cached && Date.now() < expiresAt) {
    pm.request.headers.upsert({ key: 'Token', value: cached });
  } else {
    pm.sendRequest({
      url: pm.variables.replaceIn('{{baseUrl}}') + tokenPaths[audience],
      method: 'POST',
      header: [
        { key: 'Client-Id', value: pm.variables.replaceIn('{{clientId}}') },
        { key: 'Client-Secret', value: pm.variables.replaceIn('{{clientSecret}}') },
      ],
    }, function (err, res) {
      if (err || res.code !== 201) {
        console.error('token request failed: ' + (err ? err.message : res.code + ' ' + res.text()));
        return;
      }
      const body = res.json();
      pm.collectionVariables.set('token_' + audience, body.access_token);
      pm.collectionVariables.set('token_' + audience + '_expires_at', String(Date.now() + (body.expires_in - 60) * 1000));
      if (body.refresh_token) pm.collectionVariables.set('refreshToken', body.refresh_token);
      pm.request.headers.upsert({ key: 'Token', value: body.access_token });
    });
  }
}
`;

const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** Header values per security scheme: variables the user sets once (or the pre-request script fills). */
const schemeHeaders: Record<string, { key: string; value: string }> = {
  Token: { key: 'Token', value: 'filled in by the collection pre-request script' },
  ClientId: { key: 'Client-Id', value: '{{clientId}}' },
  ClientSecret: { key: 'Client-Secret', value: '{{clientSecret}}' },
  StaticClientId: { key: 'client_id', value: '{{clientId}}' },
  StaticClientSecret: { key: 'client_secret', value: '{{addressSecret}}' },
};

function headersOf(path: string, op: Json) {
  const headers: { key: string; value: string }[] = [];
  for (const requirement of op.security ?? []) {
    for (const scheme of Object.keys(requirement)) {
      // /refresh-token takes the refresh token, which the pre-request script keeps from the last token answer.
      headers.push(scheme === 'Token' && path === '/refresh-token' ? { key: 'Token', value: '{{refreshToken}}' } : schemeHeaders[scheme]);
    }
  }
  if (op.requestBody) headers.push({ key: 'Content-Type', value: 'application/json' });
  // A fresh key per send ({{$guid}}: Postman's dynamic variable); fix a value to try a replay.
  for (const p of op.parameters ?? []) {
    if (p.in === 'header' && p.name === 'Idempotency-Key') headers.push({ key: p.name, value: '{{$guid}}' });
  }
  return headers;
}

/**
 * Ids a request hands to the next ones: its test script keeps the id from the answer in a collection
 * variable, and the requests that take that id use the variable instead of the recorded value.
 */
const chained: { producer: string; variable: string; read: string; field: string; pathPrefix: string }[] = [
  { producer: 'postV3VerificationFlowInit', variable: 'flow_uuid', read: 'pm.response.json().flow_uuid', field: 'flow_uuid', pathPrefix: '/v3/' },
  { producer: 'postV2VerificationFlowInit', variable: 'v2_flow_id', read: 'pm.response.json().flow_id', field: 'flow_id', pathPrefix: '/v2/' },
  { producer: 'postV1BulkMultiupload', variable: 'bulk_batch_id', read: 'pm.response.json()[0].batch_id', field: 'batch_id', pathPrefix: '/v1/bulk/' },
  { producer: 'postV1DocstreamMultiupload', variable: 'sandbox_batch_id', read: 'pm.response.json().batch_id', field: 'batch_id', pathPrefix: '/v1/docstream/' },
];

/** The variable that stands for `field` in a request to `path`, if an earlier request provides it. */
const variableFor = (path: string, field: string) =>
  chained.find((c) => c.field === field && path.startsWith(c.pathPrefix))?.variable;

function testEventOf(op: Json): Json[] {
  const c = chained.find((x) => x.producer === op.operationId);
  if (!c) return [];
  const exec = [`// Keeps ${c.field} for the requests that follow (they use {{${c.variable}}}).`, `if (pm.response.code < 300) pm.collectionVariables.set('${c.variable}', ${c.read});`];
  return [{ listen: 'test', script: { type: 'text/javascript', exec } }];
}

function bodyOf(path: string, example: unknown): string {
  const body = example && typeof example === 'object' && !Array.isArray(example) ? { ...(example as Json) } : example;
  for (const field of ['flow_uuid', 'batch_id']) {
    const variable = variableFor(path, field);
    if (variable && body && typeof body === 'object' && field in (body as Json)) (body as Json)[field] = `{{${variable}}}`;
  }
  return JSON.stringify(body ?? {}, null, 2);
}

function urlOf(path: string, op: Json) {
  const query = (op.parameters ?? [])
    .filter((p: Json) => p.in === 'query')
    .map((p: Json) => {
      const variable = variableFor(path, p.name);
      const value = variable ? `{{${variable}}}` : p.example !== undefined ? String(p.example) : '';
      return { key: p.name, value, ...(p.required ? {} : { disabled: p.example === undefined }) };
    });
  const search = query.filter((q: Json) => !q.disabled).map((q: Json) => `${q.key}=${q.value}`).join('&');
  return {
    raw: `{{baseUrl}}${path}${search ? `?${search}` : ''}`,
    host: ['{{baseUrl}}'],
    path: path.split('/').filter(Boolean),
    ...(query.length ? { query } : {}),
  };
}

export function buildPostmanCollection(openapi: Json): Json {
  const folders = new Map<string, Json[]>();
  for (const [path, item] of Object.entries(openapi.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const request: Json = {
        method: method.toUpperCase(),
        header: headersOf(path, op),
        url: urlOf(path, op),
        description: [op.summary, op.description].filter(Boolean).join('\n\n'),
      };
      const example = op.requestBody?.content?.['application/json']?.example;
      if (op.requestBody) request.body = { mode: 'raw', raw: bodyOf(path, example), options: { raw: { language: 'json' } } };
      const responses = Object.entries(op.responses as Json)
        .filter(([, r]) => (r as Json).content?.['application/json']?.example !== undefined)
        .map(([status, r]) => ({
          name: `${status} ${(r as Json).description}`,
          originalRequest: request,
          code: Number(status),
          status: (r as Json).description,
          header: [{ key: 'Content-Type', value: 'application/json' }],
          _postman_previewlanguage: 'json',
          body: JSON.stringify((r as Json).content['application/json'].example, null, 2),
        }));
      const tag = (op.tags?.[0] as string | undefined) ?? 'other';
      if (!folders.has(tag)) folders.set(tag, []);
      const event = testEventOf(op);
      folders.get(tag)!.push({ name: op.summary ?? `${method.toUpperCase()} ${path}`, ...(event.length ? { event } : {}), request, response: responses });
    }
  }
  return {
    info: {
      name: openapi.info.title,
      description: 'Generated from docs/openapi.json by `npm run openapi`. Set clientId and clientSecret (collection variables) and baseUrl; the pre-request script fetches and caches the token of each interface.',
      schema: POSTMAN_SCHEMA,
    },
    variable: [
      { key: 'baseUrl', value: 'http://127.0.0.1:3000' },
      { key: 'clientId', value: 'cli_demo' },
      { key: 'clientSecret', value: 'change-me' },
      // Address matching's own secret (client issue-address-secret); the client secret until one is issued.
      { key: 'addressSecret', value: 'change-me' },
      { key: 'refreshToken', value: '' },
      ...chained.map((c) => ({ key: c.variable, value: '' })),
    ],
    event: [{ listen: 'prerequest', script: { type: 'text/javascript', exec: TOKEN_PRE_REQUEST_SCRIPT.split('\n') } }],
    item: [...folders].map(([name, item]) => ({ name, item })),
  };
}
