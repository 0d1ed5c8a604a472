/**
 * Onboarding (v2) over HTTP without documents: every error status of the spec's v2 table, the
 * race-safe uniqueness of (application_id, external_reference_id), per-item co-applicant results,
 * the operator's applicant deletion (410) and chat-history paging.
 */
import { afterEach } from 'vitest';
import { describe, expect, it, test } from './fixtures.ts';
import { randomUUID } from 'node:crypto';
import { makeClient, type Api } from './harness.ts';
import { setChatEngine } from '#adapters/chat/index.ts';
import { deleteApplicantCommand } from '../../functions/operator/applicants.ts';
import { DEMO } from './harness.ts';

let a: Api;
let token: string;
test.beforeAll(({ api, token: mainToken }) => {
  a = api;
  token = mainToken;
});
afterEach(() => setChatEngine(undefined));

const post = (path: string, json: unknown, t = token) => a.call('POST', path, { json, headers: { Token: t } });
const get = (path: string, t = token) => a.call('GET', path, { headers: { Token: t } });
const initBody = (over: Record<string, unknown> = {}) => ({
  product_type: 'MSME_LOAN', application_id: `APP-${randomUUID()}`, external_reference_id: 'CUST-1', username: 'Asha Verma', flow_params: { branch: 'Pune-01' }, ...over,
});
const newFlow = async (over: Record<string, unknown> = {}) => {
  const res = await post('/v2/verification/flow/init', initBody(over));
  expect(res.status).toBe(201);
  return res.body.flow_id as string;
};
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('POST /v2/verification/flow/init', () => {
  it('answers 201 with the flow and its primary applicant, flow_params returned', async () => {
    const body = initBody();
    const res = await post('/v2/verification/flow/init', body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      flow_id: expect.stringMatching(/^[0-9a-f-]{36}$/), application_id: body.application_id, external_reference_id: 'CUST-1', username: 'Asha Verma', flow_params: { branch: 'Pune-01' },
    });
  });

  it('answers 409 for the same (application_id, external_reference_id), and only then', async () => {
    const body = initBody();
    expect((await post('/v2/verification/flow/init', body)).status).toBe(201);
    const again = await post('/v2/verification/flow/init', { ...body, username: 'Someone Else' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/already exists/);
    expect((await post('/v2/verification/flow/init', { ...body, external_reference_id: 'CUST-2' })).status).toBe(201);
    // Another client's pair is its own.
    const other = await makeClient();
    expect((await post('/v2/verification/flow/init', body, await a.token('main', other))).status).toBe(201);
  });

  it('lets exactly one of 12 concurrent inits of one pair win', async () => {
    const body = initBody();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post('/v2/verification/flow/init', body)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(11).fill(409)]);
  });

  it('keeps ("a#b","c") and ("a","b#c") apart', async () => {
    const app = `APP-${randomUUID()}`;
    expect((await post('/v2/verification/flow/init', initBody({ application_id: `${app}#b`, external_reference_id: 'c' }))).status).toBe(201);
    expect((await post('/v2/verification/flow/init', initBody({ application_id: app, external_reference_id: 'b#c' }))).status).toBe(201);
  });

  it.each([
    ['missing fields', { product_type: 'MSME_LOAN' }, /application_id, external_reference_id, username/],
    ['unknown product', initBody({ product_type: 'GOLD_LOAN' }), /GOLD_LOAN/],
    ['a user_docs type the product does not take', initBody({ user_docs: ['PAN', 'PASSPORT'] }), /PASSPORT/],
    ['an unsafe callback_url', initBody({ callback_url: 'file:///etc/passwd' }), /callback_url/],
    ['a chat_notification_url that is not a URL', initBody({ chat_notification_url: 'nope' }), /chat_notification_url/],
    ['an auth_token_url to a metadata address', initBody({ auth_token_url: 'http://169.254.169.254/x' }), /auth_token_url/],
  ])('answers 400 for %s', async (_, body, message) => {
    const res = await post('/v2/verification/flow/init', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
  });

  it('answers 401 without a valid token', async () => {
    expect((await post('/v2/verification/flow/init', initBody(), 'not.a.token')).status).toBe(401);
    expect((await a.call('POST', '/v2/verification/flow/init', { json: initBody() })).status).toBe(401);
  });
});

describe('POST /v2/verification/flow/coapplicant', () => {
  it('answers per item: created, duplicates and unknown document types failed', async () => {
    const flow = await newFlow();
    const res = await post('/v2/verification/flow/coapplicant', {
      flow_id: flow,
      co_applicants: [
        { external_reference_id: 'CO-1', username: 'Ravi Kumar' },
        { external_reference_id: 'CO-1', username: 'Ravi Kumar again' },
        { external_reference_id: 'CUST-1', username: 'Clash With Primary' },
        { external_reference_id: 'CO-2', username: 'Meena Iyer', user_docs: ['PAN', 'TAROT_CARD'] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.created).toEqual([{ co_applicant_id: expect.stringMatching(/^[0-9a-f-]{36}$/), external_reference_id: 'CO-1' }]);
    expect(res.body.failed.map((f: any) => [f.external_reference_id, f.error_code])).toEqual([
      ['CO-1', 'DUPLICATE_APPLICANT'], ['CUST-1', 'DUPLICATE_APPLICANT'], ['CO-2', 'INVALID_USER_DOCS'],
    ]);
    expect(res.body.failed[2].error_message).toMatch(/TAROT_CARD/);
  });

  it('answers 400 for an empty list, 409 for an unknown or foreign flow, 401 without a token', async () => {
    const empty = await post('/v2/verification/flow/coapplicant', { flow_id: UNKNOWN, co_applicants: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatch(/co_applicants list cannot be empty/);
    const unknown = await post('/v2/verification/flow/coapplicant', { flow_id: UNKNOWN, co_applicants: [{ external_reference_id: 'x', username: 'y' }] });
    expect(unknown).toEqual({ status: 409, body: { error: 'Flow not found' } });
    const mine = await newFlow();
    const foreign = await post('/v2/verification/flow/coapplicant', { flow_id: mine, co_applicants: [{ external_reference_id: 'x', username: 'y' }] }, await a.token('main', await makeClient()));
    expect(foreign).toEqual(unknown);
    expect((await post('/v2/verification/flow/coapplicant', { flow_id: mine, co_applicants: [{ external_reference_id: 'x', username: 'y' }] }, 'bad')).status).toBe(401);
  });
});

describe('GET /v2/verification/docs and /status', () => {
  it('gives the checklist per applicant type (all false before uploads), or the applicant\'s own user_docs', async () => {
    const flow = await newFlow();
    await post('/v2/verification/flow/coapplicant', { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-1', username: 'Ravi Kumar', user_docs: [] }, { external_reference_id: 'CO-2', username: 'Meena Iyer', user_docs: ['GST_CERT', 'GST_CERT'] }] });
    const primary = await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CUST-1`);
    expect(primary).toEqual({ status: 200, body: { BANK_STATEMENT: false, EBILL: false, FSSAI_CERTIFICATE: false, GST_CERT: false, PAN: false, PURCHASE_ORDER: false, SHOP_ACT_LICENSE: false, UDYAM_CERT: false } });
    expect((await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CO-1`)).body).toEqual({ PAN: false, BANK_STATEMENT: false, EBILL: false });
    expect((await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CO-2`)).body).toEqual({ GST_CERT: false });
    expect(await get(`/v2/verification/status?flow_id=${flow}&external_reference_id=CO-1`)).toEqual({
      status: 200, body: { external_reference_id: 'CO-1', file_statuses: [], master_status: 'NOT_STARTED' },
    });
  });

  it('answers 400 for a missing parameter, 409 for an unknown applicant or flow, 410 for a deleted one, 401 without a token', async () => {
    const flow = await newFlow();
    await post('/v2/verification/flow/coapplicant', { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-1', username: 'Ravi Kumar' }] });
    const missing = await get(`/v2/verification/docs?flow_id=${flow}`);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/external_reference_id/);
    expect(await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=NOBODY`)).toEqual({ status: 409, body: { error: 'Applicant not found' } });
    expect(await get(`/v2/verification/docs?flow_id=${UNKNOWN}&external_reference_id=CO-1`)).toEqual({ status: 409, body: { error: 'Applicant not found' } });
    expect(await deleteApplicantCommand(DEMO.clientId, flow, 'CO-1')).toMatch(/deleted applicant CO-1/);
    await expect(deleteApplicantCommand(DEMO.clientId, flow, 'CO-1')).rejects.toThrow(/already deleted/);
    for (const path of ['docs', 'status']) {
      expect(await get(`/v2/verification/${path}?flow_id=${flow}&external_reference_id=CO-1`)).toEqual({ status: 410, body: { error: 'Applicant already deleted' } });
    }
    const upload = await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: 'http://127.0.0.1:9/a.png', document_id: 'd1', external_reference_id: 'CO-1' }] });
    expect(upload.status).toBe(410);
    expect((await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CUST-1`, 'bad')).status).toBe(401);
  });
});

describe('POST /v2/verification/multiupload, /flow/submit', () => {
  it('answers 400 naming what is missing, 409 for an unknown flow or applicant, 401 without a token', async () => {
    const missing = await post('/v2/verification/multiupload', { file_urls: [] });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/flow_id/);
    expect(await post('/v2/verification/multiupload', { flow_id: UNKNOWN, file_urls: [{ file_url: 'http://127.0.0.1:9/a.png', document_id: 'd1' }] })).toEqual({ status: 409, body: { error: 'Flow not found' } });
    const flow = await newFlow();
    expect(await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: 'http://127.0.0.1:9/a.png', document_id: 'd1', external_reference_id: 'NOBODY' }] })).toEqual({ status: 409, body: { error: 'Applicant not found' } });
    expect((await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: 'http://127.0.0.1:9/a.png', document_id: 'd1' }] }, 'bad')).status).toBe(401);
  });

  it('takes flow_id and close_flow from the query or the body, and refuses them disagreeing', async () => {
    const flow = await newFlow();
    const viaQuery = await a.call('POST', `/v2/verification/flow/submit?flow_id=${flow}&close_flow=no`, { headers: { Token: token } });
    expect(viaQuery).toEqual({ status: 200, body: { flow_id: flow, flow_params: { branch: 'Pune-01' }, flow_status: 'ACTIVE', data: [] } });
    const disagree = await a.call('POST', `/v2/verification/flow/submit?close_flow=no`, { json: { flow_id: flow, close_flow: 'yes' }, headers: { Token: token } });
    expect(disagree.status).toBe(400);
    expect(disagree.body.error).toMatch(/close_flow/);
    const none = await post('/v2/verification/flow/submit', {});
    expect(none).toEqual({ status: 400, body: { error: 'Missing or empty required parameters: flow_id' } });
    expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'maybe' })).status).toBe(400);
    expect(await post('/v2/verification/flow/submit', { flow_id: UNKNOWN })).toEqual({ status: 409, body: { error: 'Flow not found' } });
    expect((await post('/v2/verification/flow/submit', { flow_id: flow }, 'bad')).status).toBe(401);
  });
});

describe('POST /v2/verification/chat and GET /v2/verification/chat-history', () => {
  it('answers 400 without a message, 409 for an unknown flow, 401 without a token', async () => {
    const flow = await newFlow();
    const missing = await post('/v2/verification/chat', { flow_id: flow });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/message/);
    expect(await post('/v2/verification/chat', { flow_id: UNKNOWN, message: 'hi' })).toEqual({ status: 409, body: { error: 'Flow not found' } });
    expect((await post('/v2/verification/chat', { flow_id: flow, message: 'hi' }, 'bad')).status).toBe(401);
  });

  it('answers 422 when the engine fails, keeping the user message', async () => {
    const flow = await newFlow();
    setChatEngine({ name: 'broken', reply: async () => { throw new Error('model unavailable'); } });
    const res = await post('/v2/verification/chat', { flow_id: flow, message: 'what is missing?' });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatch(/assistant could not process/);
    const history = await get(`/v2/verification/chat-history?flow_id=${flow}`);
    expect(history.body.data.map((m: any) => [m.sender, m.message])).toEqual([['user', 'what is missing?']]);
  });

  it('pages the history newest first across three pages', async () => {
    const flow = await newFlow();
    // 12 exchanges: 24 messages, pages of 10, 10 and 4.
    for (let i = 1; i <= 12; i++) {
      const res = await post('/v2/verification/chat', { flow_id: flow, message: `question ${i}: what is missing?` });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: expect.stringContaining('still needs'), message_id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(String) });
    }
    const pages = await Promise.all([1, 2, 3, 4].map((p) => get(`/v2/verification/chat-history?flow_id=${flow}&page=${p}`)));
    expect(pages.map((p) => [p.body.page, p.body.per_page, p.body.total_pages, p.body.total_items, p.body.has_next, p.body.has_prev, p.body.data.length])).toEqual([
      [1, 10, 3, 24, true, false, 10], [2, 10, 3, 24, true, true, 10], [3, 10, 3, 24, false, true, 4], [4, 10, 3, 24, false, true, 0],
    ]);
    const all = pages.flatMap((p) => p.body.data);
    expect(all[0].sender).toBe('assistant');
    expect(all[1]).toEqual({ message: 'question 12: what is missing?', sender: 'user', external_document_id: expect.stringMatching(/^[0-9a-f-]{36}$/), created_at: expect.any(String) });
    expect(all.at(-1).message).toBe('question 1: what is missing?');
    expect(all.filter((m: any) => m.sender === 'user').map((m: any) => m.message)).toEqual(Array.from({ length: 12 }, (_, i) => `question ${12 - i}: what is missing?`));
    const small = await get(`/v2/verification/chat-history?flow_id=${flow}&page=2&per_page=7`);
    expect([small.body.total_pages, small.body.data.length, small.body.data[0].message]).toEqual([4, 7, all[7].message]);
  });

  it('answers 400 for a page that is not an integer, 409 for an unknown flow, 401 without a token', async () => {
    const flow = await newFlow();
    for (const page of ['1.5', 'abc', '0', '-1']) {
      const res = await get(`/v2/verification/chat-history?flow_id=${flow}&page=${page}`);
      expect(res.status, page).toBe(400);
      expect(res.body.error).toMatch(/page/);
    }
    expect(await get(`/v2/verification/chat-history?flow_id=${UNKNOWN}`)).toEqual({ status: 409, body: { error: 'Flow not found' } });
    expect((await get(`/v2/verification/chat-history?flow_id=${flow}`, 'bad')).status).toBe(401);
  });
});
