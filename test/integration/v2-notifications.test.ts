/**
 * Onboarding notifications to chat_notification_url over the local server, through the real
 * pipeline: each event (document processed / failed, checklist complete, flow submitted) arrives
 * at a stand-in receiver authorised through auth_token_url, signed (Standard Webhooks) and exactly
 * once, whoever notices it first (finalise, chat, submit, the reconciler); a failed delivery is
 * retried from the outbox, and one that keeps failing becomes a dead letter.
 */
import { describe, expect, it, test } from './fixtures.ts';
import { DEMO, type Api } from './harness.ts';
import { waitFor, type Integrator, type ReceivedCallback } from './integrator.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';
import { getClient } from '#adapters/store/clients.ts';
import { getDeadLetter, listAttempts } from '#adapters/store/callbacks.ts';
import { listOutbox } from '#adapters/store/outbox.ts';
import { verifyStandardWebhook } from '#core/callbacks/signature.ts';
import { MAX_ATTEMPTS } from '../../functions/app/onboarding/notificationSender.ts';
import { replayDeadLetterCommand } from '../../functions/operator/deadLetters.ts';

test.override('serviceOptions', { reconcileEveryMs: 300 });
test.override('serviceEnv', { NOTIFICATION_RETRY_BASE_MS: '100' });

let a: Api;
let token: string;
let integrator: Integrator;
let pans: Fixture[];

test.beforeAll(async ({ api, token: mainToken, integrator: started }) => {
  [a, token, integrator] = [api, mainToken, started];
  const corpus = await generateCorpus({ seed: 11, perType: 2, pdfs: false, types: ['PAN'] });
  pans = corpus;
  for (const f of corpus) integrator.files.set(`/${f.id}`, { bytes: f.bytes, type: f.mime });
}, 180_000);

// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

const post = (path: string, json: unknown) => a.call('POST', path, { json, headers: { Token: token } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const eventsOf = (flow: string) => integrator.callbacks.filter((c) => JSON.parse(c.body).flow_id === flow);
const summary = (c: ReceivedCallback) => {
  const b = JSON.parse(c.body);
  return [b.event, b.document_id ?? b.external_reference_id ?? b.flow_status].join(' ');
};

async function newFlow(applicationId: string, notificationPath: string) {
  const init = await post('/v2/verification/flow/init', {
    product_type: 'MSME_LOAN', application_id: applicationId, external_reference_id: 'CUST-1', username: String(pans[0].truth.name_as_per_pan),
    user_docs: ['PAN'], auth_token_url: `${integrator.url}/auth`, chat_notification_url: `${integrator.url}${notificationPath}`,
  });
  expect(init.status).toBe(201);
  return init.body.flow_id as string;
}

describe('notifications to chat_notification_url', () => {
  it('sends each event once, signed and authorised: documents read and failed, checklists complete, then the submission', async () => {
    const flow = await newFlow('APP-NOTIFY-1', '/callback');
    const co = await post('/v2/verification/flow/coapplicant', { flow_id: flow, co_applicants: [{ external_reference_id: 'CO-1', username: String(pans[1].truth.name_as_per_pan), user_docs: ['PAN'] }] });
    expect(co.body.created).toHaveLength(1);
    const up = await post('/v2/verification/multiupload', {
      flow_id: flow,
      file_urls: [
        { file_url: `${integrator.url}/${pans[0].id}`, document_id: 'pan-primary', external_reference_id: 'CUST-1' },
        { file_url: `${integrator.url}/${pans[1].id}`, document_id: 'pan-co', external_reference_id: 'CO-1' },
        { file_url: 'http://127.0.0.1:9/missing.png', document_id: 'broken-co', external_reference_id: 'CO-1' },
      ],
    });
    expect(up.status).toBe(201);
    const fileUuid = Object.fromEntries(up.body.map((f: { document_id: string; file_uuid: string }) => [f.document_id, f.file_uuid]));

    // No request of ours is needed: finalise notices the finished documents at the end of the execution.
    await waitFor(async () => eventsOf(flow).map(summary), (n) => n.length >= 5, 120_000);
    expect(eventsOf(flow).map(summary).sort()).toEqual([
      'applicant.checklist_complete CO-1', 'applicant.checklist_complete CUST-1',
      'document.failed broken-co', 'document.processed pan-co', 'document.processed pan-primary',
    ]);
    const bodies = eventsOf(flow).map((c) => JSON.parse(c.body));
    expect(bodies.find((b) => b.document_id === 'broken-co')).toEqual({
      event: 'document.failed', flow_id: flow, external_reference_id: 'CO-1', document_id: 'broken-co', file_uuid: fileUuid['broken-co'],
      error_code: 'PROCESSING_FAILED', event_id: expect.any(String), created_at: expect.any(String),
    });
    expect(bodies.find((b) => b.document_id === 'pan-primary')).toMatchObject({ event: 'document.processed', external_reference_id: 'CUST-1', file_uuid: fileUuid['pan-primary'], document_type: 'PAN' });
    expect(bodies.find((b) => b.event === 'applicant.checklist_complete' && b.external_reference_id === 'CO-1')).toMatchObject({ checklist: { PAN: true } });

    // Reads that notice the same state again, and a submit that keeps the flow open, send nothing new.
    expect((await post('/v2/verification/chat', { flow_id: flow, message: 'What is still missing?' })).status).toBe(200);
    expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'no' })).status).toBe(200);
    await sleep(1000);
    expect(eventsOf(flow)).toHaveLength(5);

    // Closing sends flow.submitted; submitting again, chatting and reconciler ticks add nothing.
    expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'yes' })).body.flow_status).toBe('COMPLETED');
    expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'yes' })).status).toBe(200);
    expect((await post('/v2/verification/chat', { flow_id: flow, message: 'Am I ready to submit?' })).status).toBe(200);
    await sleep(1500);
    const received = eventsOf(flow);
    expect(received.map(summary).filter((s) => s.startsWith('flow.'))).toEqual(['flow.submitted COMPLETED']);
    expect(received).toHaveLength(6);

    const secret = (await getClient(DEMO.clientId))!.webhookSecret!;
    const ids = new Set<string>();
    for (const c of received) {
      expect(c.headers.authorization).toBe('Bearer integrator-issued-token');
      expect(verifyStandardWebhook({ secret, headers: c.headers as Record<string, string>, body: c.body })).toMatchObject({ ok: true });
      expect(verifyStandardWebhook({ secret: `${secret}x`, headers: c.headers as Record<string, string>, body: c.body }).ok).toBe(false);
      expect(JSON.parse(c.body).event_id).toBe(c.headers['webhook-id']);
      ids.add(String(c.headers['webhook-id']));
    }
    expect(ids.size).toBe(6);
    const outbox = await listOutbox(DEMO.clientId, flow);
    expect(outbox.map((e) => [e.kind, e.state, e.attempts])).toEqual(expect.arrayContaining([['flow.submitted', 'DELIVERED', 1]]));
    expect(outbox.every((e) => e.state === 'DELIVERED' && e.attempts === 1)).toBe(true);
  }, 180_000);

  it('retries a failed delivery from the outbox with the same event id, and records every attempt', async () => {
    const flow = await newFlow('APP-NOTIFY-2', '/callback');
    integrator.failNextCallbacks(1);
    expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'yes' })).status).toBe(200);
    const received = await waitFor(async () => eventsOf(flow), (cs) => cs.length >= 2, 30_000);
    expect(received.map(summary)).toEqual(['flow.submitted COMPLETED', 'flow.submitted COMPLETED']);
    expect(received[0].headers['webhook-id']).toBe(received[1].headers['webhook-id']);
    // The receiver has answered; the outbox is settled right after.
    const entry = await waitFor(async () => (await listOutbox(DEMO.clientId, flow))[0], (e) => e.state !== 'PENDING', 10_000);
    expect(entry).toMatchObject({ kind: 'flow.submitted', state: 'DELIVERED', attempts: 2 });
    const attempts = await listAttempts({ flowOrBatch: { kind: 'onboarding', clientId: DEMO.clientId, id: flow }, eventId: entry.eventId });
    expect(attempts.map((t) => [t.ok, t.status])).toEqual([[false, 503], [true, 200]]);
    await sleep(1000);
    expect(eventsOf(flow)).toHaveLength(2);
  }, 60_000);

  it(`dead-letters an event whose receiver keeps failing, after ${MAX_ATTEMPTS} attempts; the operator's replay sends its own body`, async () => {
    const flow = await newFlow('APP-NOTIFY-3', '/callback');
    integrator.failNextCallbacks(Infinity);
    try {
      expect((await post('/v2/verification/flow/submit', { flow_id: flow, close_flow: 'yes' })).status).toBe(200);
      const entry = await waitFor(async () => (await listOutbox(DEMO.clientId, flow))[0], (e) => e?.state === 'DEAD', 60_000);
      expect(entry.attempts).toBe(MAX_ATTEMPTS);
      const dead = await getDeadLetter(entry.eventId);
      expect(dead).toMatchObject({ eventId: entry.eventId, flowOrBatch: { kind: 'onboarding', id: flow }, url: `${integrator.url}/callback` });
      expect(dead!.reason).toMatch(new RegExp(`^attempt ${MAX_ATTEMPTS}: .*503`));
      const flowOrBatch = { kind: 'onboarding' as const, clientId: DEMO.clientId, id: flow };
      expect(await listAttempts({ flowOrBatch, eventId: entry.eventId })).toHaveLength(MAX_ATTEMPTS);
      expect(eventsOf(flow)).toHaveLength(MAX_ATTEMPTS);

      integrator.failNextCallbacks(0);
      expect(await replayDeadLetterCommand(entry.eventId)).toMatchObject({ eventId: entry.eventId, delivered: true, attempt: MAX_ATTEMPTS + 1, status: 200 });
      const last = eventsOf(flow).at(-1)!;
      expect(last.headers['webhook-id']).toBe(entry.eventId);
      expect(last.body).toBe(entry.body);
      expect(JSON.parse(last.body)).toMatchObject({ event: 'flow.submitted', flow_id: flow, flow_status: 'COMPLETED' });
      expect(await getDeadLetter(entry.eventId)).toBeUndefined();
      expect((await listOutbox(DEMO.clientId, flow))[0]).toMatchObject({ state: 'DELIVERED' });
    } finally {
      integrator.failNextCallbacks(0);
    }
  }, 90_000);
});
