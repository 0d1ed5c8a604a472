/**
 * Evidence for reviewers over HTTP: a generated PAN card read by the local service (tesseract),
 * fetched with evidence=true from v3 and bulk; the PAN number's box must lie where the generator
 * printed it. Without the flag, and in the callback, no field carries evidence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startService, flowInitBody, type Api } from './harness.ts';
import { startIntegrator, waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import { LAYOUTS } from '../fixtures/documents/layouts.ts';
import { createRng, subSeed } from '../fixtures/documents/random.ts';
import { closeEngines } from '#adapters/engines.ts';

const SEED = 5;
let service: LocalService;
let integrator: Integrator;
let a: Api;
let token: string;
let bulk: string;
let panNumber: string;
/** Where the generator drew the PAN number, as fractions of the page (the clean PNG is the page, 1:1). */
let printed: { left: number; top: number; width: number; height: number };

beforeAll(async () => {
  [service, integrator] = await Promise.all([startService(), startIntegrator()]);
  a = api(service);
  [token, bulk] = await Promise.all([a.token(), a.token('bulk')]);
  const [pan] = await generateCorpus({ seed: SEED, perType: 1, pdfs: false, types: ['PAN'] });
  integrator.files.set('/pan.png', { bytes: pan.bytes, type: pan.mime });
  // The same layout generateCorpus drew (its first PAN fixture uses the classic family and this sub-seed).
  const layout = LAYOUTS.PAN(createRng(subSeed(SEED, 'PAN', 0)), {});
  panNumber = String(pan.truth.pan_number);
  expect(layout.truth.pan_number).toBe(panNumber);
  const page = layout.pages[0];
  const el = page.elements.find((e) => e.kind === 'text' && e.text.includes(panNumber));
  if (el?.kind !== 'text') throw new Error('the PAN number is not drawn as one text run');
  // Glyph advance as test/fixtures/documents/pageBlocks.ts estimates it; the run starts at x.
  const width = el.text.length * el.size * 0.6;
  const left = el.anchor === 'middle' ? el.x - width / 2 : el.anchor === 'end' ? el.x - width : el.x;
  printed = { left: left / page.width, top: (el.y - el.size * 0.8) / page.height, width: width / page.width, height: el.size / page.height };
}, 120_000);

afterAll(async () => {
  await service.stop();
  await integrator.close();
  await closeEngines();
});

const hasEvidenceKey = (body: unknown) => JSON.stringify(body).includes('"evidence"');

function expectNearPrinted(evidence: any) {
  expect(evidence.page).toBe(1);
  const { left, top, width, height } = evidence.bounding_box;
  expect(width).toBeGreaterThan(0);
  expect(height).toBeGreaterThan(0);
  expect(left).toBeGreaterThanOrEqual(0);
  expect(top).toBeGreaterThanOrEqual(0);
  expect(left + width).toBeLessThanOrEqual(1);
  expect(top + height).toBeLessThanOrEqual(1);
  // Centres agree within 3% of the page, and the boxes mostly overlap (measured: centres 0.002 and
  // 0.004 apart, intersection over union 0.65; the printed box is estimated from an average glyph).
  expect(Math.abs(left + width / 2 - (printed.left + printed.width / 2))).toBeLessThan(0.03);
  expect(Math.abs(top + height / 2 - (printed.top + printed.height / 2))).toBeLessThan(0.03);
  const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  const inter = overlap(left, left + width, printed.left, printed.left + printed.width) * overlap(top, top + height, printed.top, printed.top + printed.height);
  expect(inter / (width * height + printed.width * printed.height - inter)).toBeGreaterThan(0.4);
}

describe('GET extracts with evidence=true', () => {
  it('v3: the PAN number carries its page and box where it was printed; without the flag and in the callback, nothing', async () => {
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }),
      headers: { Token: token },
    })).body.flow_uuid as string;
    const up = await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/pan.png`, document_id: 'pan-1' }] },
      headers: { Token: token },
    });
    expect(up.status).toBe(201);
    const [callback] = await waitFor(async () => integrator.callbacks.filter((c) => JSON.parse(c.body).flow_uuid === flow), (c) => c.length > 0);

    const get = (q: string) => a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}${q}`, { headers: { Token: token } });
    const withEvidence = await get('&evidence=true');
    expect(withEvidence.status).toBe(200);
    const pan = withEvidence.body.ocr_data[0].data.pan_number;
    expect(pan.value).toBe(panNumber);
    expectNearPrinted(pan.evidence);

    const plain = await get('');
    const explicitFalse = await get('&evidence=false');
    expect(hasEvidenceKey(plain.body)).toBe(false);
    expect(explicitFalse.body).toEqual(plain.body);
    expect(hasEvidenceKey(JSON.parse(callback.body))).toBe(false);
    // The flag only adds: take evidence away and the two bodies are the same.
    expect(JSON.parse(JSON.stringify(withEvidence.body, (k, v) => (k === 'evidence' ? undefined : v)))).toEqual(plain.body);
  }, 180_000);

  it('bulk: the same field carries evidence; on all three routes a value other than true/false is a 400 naming the parameter', async () => {
    const up = await a.call('POST', '/v1/bulk/multiupload', {
      json: { product_type: 'CONSUMER_DURABLE_LOAN', file_urls: [{ file_url: `${integrator.url}/pan.png`, document_id: 'pan-1' }] },
      headers: { Token: bulk },
    });
    expect(up.status).toBe(201);
    const batch = up.body[0].batch_id as string;
    const get = (q: string) => a.call('GET', `/v1/bulk/extracts?batch_id=${batch}${q}`, { headers: { Token: bulk } });
    const done = await waitFor(() => get('&evidence=true'), (r) => Boolean(r.body.data?.[0]?.file_data?.document_type || r.body.data?.[0]?.file_data?.error_code));
    expectNearPrinted(done.body.data[0].file_data.pan_number.evidence);
    expect(hasEvidenceKey((await get('')).body)).toBe(false);

    const sandbox = await a.token('sandbox');
    const routes = [[`/v1/bulk/extracts?batch_id=${batch}`, bulk], ['/v3/verification/extracts?flow_uuid=x', token], ['/v1/docstream/extracts?batch_id=x', sandbox]] as const;
    for (const [path, t] of routes) {
      const bad = await a.call('GET', `${path}&evidence=yes`, { headers: { Token: t } });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/evidence/);
    }
  }, 180_000);
});
