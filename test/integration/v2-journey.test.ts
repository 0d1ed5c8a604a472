/**
 * A whole MSME_LOAN onboarding over HTTP, through the real pipeline (local OCR): a primary and a
 * co-applicant (a second one failing), uploads for both (attributed by name and by reference),
 * the checklist filling in, the assistant before and after, submit without and with closing, and
 * uploads refused once the flow is completed.
 */
import { describe, expect, it, test } from './fixtures.ts';
import type { Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';

let a: Api;
let token: string;
let integrator: Integrator;
let pans: Fixture[];
let ebill: Fixture;

test.beforeAll(async ({ api, token: mainToken, integrator: started }) => {
  a = api;
  token = mainToken;
  integrator = started;
  const corpus = await generateCorpus({ seed: 11, perType: 2, pdfs: false, types: ['PAN', 'EBILL'] });
  pans = corpus.filter((f) => f.type === 'PAN');
  ebill = corpus.find((f) => f.type === 'EBILL')!;
  for (const f of corpus) integrator.files.set(`/${f.id}`, { bytes: f.bytes, type: f.mime });
}, 180_000);

// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

const post = (path: string, json: unknown) => a.call('POST', path, { json, headers: { Token: token } });
const get = (path: string) => a.call('GET', path, { headers: { Token: token } });
const chat = async (flow: string, message: string) => {
  const res = await post('/v2/verification/chat', { flow_id: flow, message });
  expect(res.status).toBe(200);
  return res.body.message as string;
};

describe('MSME_LOAN onboarding, end to end', () => {
  let flow: string;
  const primaryName = () => String(pans[0].truth.name_as_per_pan);
  const coName = () => String(pans[1].truth.name_as_per_pan);

  it('creates the flow, one co-applicant, and refuses a duplicate one per item', async () => {
    const init = await post('/v2/verification/flow/init', {
      product_type: 'MSME_LOAN', application_id: 'APP-MSME-1', external_reference_id: 'CUST-1', username: primaryName(),
      user_docs: ['PAN', 'EBILL'], flow_params: { branch: 'Pune-01' },
      callback_url: `${integrator.url}/callback`, auth_token_url: `${integrator.url}/auth`, chat_notification_url: `${integrator.url}/chat-events`,
    });
    expect(init.status).toBe(201);
    flow = init.body.flow_id;
    const co = await post('/v2/verification/flow/coapplicant', {
      flow_id: flow,
      co_applicants: [{ external_reference_id: 'CO-1', username: coName(), user_docs: ['PAN'] }, { external_reference_id: 'CUST-1', username: 'Duplicate Person' }],
    });
    expect(co.status).toBe(201);
    expect(co.body.created.map((c: any) => c.external_reference_id)).toEqual(['CO-1']);
    expect(co.body.failed).toEqual([{ external_reference_id: 'CUST-1', error_code: 'DUPLICATE_APPLICANT', error_message: expect.any(String) }]);
  });

  it('has the assistant list what is missing for whom before any upload', async () => {
    const reply = await chat(flow, 'What documents are still missing?');
    expect(reply).toContain(`${primaryName()} (primary applicant CUST-1) still needs: PAN card and electricity bill.`);
    expect(reply).toContain(`${coName()} (co-applicant CO-1) still needs: PAN card.`);
    expect(await chat(flow, 'What is a GST certificate and how do I upload it?')).toMatch(/^The GST registration certificate is .* To upload it, send/);
  });

  it('accepts uploads for both applicants: by name, by reference, and a broken file', async () => {
    const res = await post('/v2/verification/multiupload', {
      flow_id: flow,
      file_urls: [
        { file_url: `${integrator.url}/${pans[0].id}`, document_id: 'pan-primary', submission_mode: 'upload' },
        { file_url: `${integrator.url}/${ebill.id}`, document_id: 'ebill-primary', submission_mode: 'camera' },
        { file_url: `${integrator.url}/${pans[1].id}`, document_id: 'pan-co' },
        { file_url: 'http://127.0.0.1:9/missing.png', document_id: 'broken-co', external_reference_id: 'CO-1' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.map((f: any) => [f.document_id, f.file_url])).toEqual([
      ['pan-primary', `${integrator.url}/${pans[0].id}`], ['ebill-primary', `${integrator.url}/${ebill.id}`], ['pan-co', `${integrator.url}/${pans[1].id}`], ['broken-co', 'http://127.0.0.1:9/missing.png'],
    ]);
    expect(new Set(res.body.map((f: any) => f.batch_id)).size).toBe(1);
  });

  it('fills in the checklists as documents are read, each document attributed to its applicant', async () => {
    const primary = await waitFor(() => get(`/v2/verification/status?flow_id=${flow}&external_reference_id=CUST-1`), (r) => ['SUCCESS', 'FAILED'].includes(r.body.master_status), 240_000);
    const co = await waitFor(() => get(`/v2/verification/status?flow_id=${flow}&external_reference_id=CO-1`), (r) => r.body.file_statuses.length === 2 && ['SUCCESS', 'FAILED'].includes(r.body.master_status), 120_000);
    expect(primary.body.file_statuses.map((f: any) => [f.document_id, f.status, f.document_type])).toEqual([['pan-primary', 'PROCESSING_SUCCESS', 'PAN'], ['ebill-primary', 'PROCESSING_SUCCESS', 'EBILL']]);
    expect(co.body.file_statuses.map((f: any) => [f.document_id, f.status, f.error_code])).toEqual([['pan-co', 'PROCESSING_SUCCESS', undefined], ['broken-co', 'FAILED', 'PROCESSING_FAILED']]);
    expect(co.body.master_status).toBe('SUCCESS');
    expect((await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CUST-1`)).body).toEqual({ PAN: true, EBILL: true });
    expect((await get(`/v2/verification/docs?flow_id=${flow}&external_reference_id=CO-1`)).body).toEqual({ PAN: true });
  }, 300_000);

  it('sends the results of the round to callback_url, authorised through auth_token_url and signed', async () => {
    const received = (await waitFor(async () => integrator.callbacks.find((c) => JSON.parse(c.body).flow_id === flow), Boolean, 60_000))!;
    expect(received.headers['webhook-signature']).toMatch(/^v1,/);
    const body = JSON.parse(received.body);
    expect(body).toMatchObject({ event: 'onboarding.results', flow_id: flow, application_id: 'APP-MSME-1', flow_status: 'ACTIVE' });
    expect(body.applicants).toEqual([
      { external_reference_id: 'CO-1', applicant_type: 'co_applicant', checklist: { PAN: true }, checklist_complete: true, master_status: 'SUCCESS' },
      { external_reference_id: 'CUST-1', applicant_type: 'primary', checklist: { PAN: true, EBILL: true }, checklist_complete: true, master_status: 'SUCCESS' },
    ]);
    expect(body.data.map((d: any) => [d.document_id, d.external_reference_id])).toEqual([['pan-primary', 'CUST-1'], ['ebill-primary', 'CUST-1'], ['pan-co', 'CO-1'], ['broken-co', 'CO-1']]);
  });

  it('has the assistant answer from the new state: nothing missing, why a file failed, ready to submit', async () => {
    const missing = await chat(flow, 'What documents are still missing?');
    expect(missing).toContain('(primary applicant CUST-1) has every document on the checklist.');
    expect(missing).toContain('(co-applicant CO-1) has every document on the checklist.');
    expect(await chat(flow, 'Why did broken-co fail?')).toMatch(/^Document broken-co failed \(PROCESSING_FAILED\): it could not be processed/);
    expect(await chat(flow, 'Am I ready to submit?')).toMatch(/^Yes: every applicant has every document/);
  });

  it('submits with close_flow=no (flow stays active), then yes (completed)', async () => {
    const open = await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'no' });
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ flow_id: flow, flow_params: { branch: 'Pune-01' }, flow_status: 'ACTIVE' });
    const byId = Object.fromEntries(open.body.data.map((d: any) => [d.document_id, d]));
    expect(byId['pan-primary']).toMatchObject({ external_reference_id: 'CUST-1', data: { document_type: 'PAN', pan_number: { value: pans[0].truth.pan_number } } });
    expect(byId['pan-co']).toMatchObject({ external_reference_id: 'CO-1', data: { document_type: 'PAN', pan_number: { value: pans[1].truth.pan_number } } });
    expect(byId['ebill-primary']).toMatchObject({ external_reference_id: 'CUST-1', data: { document_type: 'EBILL' } });
    expect(byId['broken-co']).toEqual({ document_id: 'broken-co', external_reference_id: 'CO-1', file_uuid: expect.any(String), data: { processing_error: 'PROCESSING_FAILED' } });
    // Still open: uploads are taken.
    const more = await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: 'http://127.0.0.1:9/late.png', document_id: 'late', external_reference_id: 'CO-1' }] });
    expect(more.status).toBe(201);
    const closed = await a.call('POST', `/v2/verification/flow/submit?flow_id=${flow}&close_flow=yes`, { headers: { Token: token } });
    expect(closed.status).toBe(200);
    expect(closed.body.flow_status).toBe('COMPLETED');
    expect(closed.body.data).toHaveLength(5);
  });

  it('refuses uploads and co-applicants once completed, and the assistant says so', async () => {
    const refused = await post('/v2/verification/multiupload', { flow_id: flow, file_urls: [{ file_url: `${integrator.url}/${pans[0].id}`, document_id: 'after' }] });
    expect(refused).toEqual({ status: 409, body: { error: 'Flow is completed: uploads are closed' } });
    expect((await post('/v2/verification/flow/coapplicant', { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-9', username: 'Late Person' }] })).status).toBe(409);
    expect(await chat(flow, 'Can I submit now?')).toMatch(/already been submitted and closed/);
    const history = await get(`/v2/verification/chat-history?flow_id=${flow}&per_page=100`);
    expect(history.body.total_items).toBe(12); // six exchanges
    expect(history.body.data[1]).toMatchObject({ sender: 'user', message: 'Can I submit now?' });
  });
});
