/**
 * Cross-checks of a whole CONSUMER_DURABLE_LOAN flow from the fixture corpus: the same customer
 * across INVOICE, DELIVERY_ORDER, AADHAAR, PAN and an open-box photo scores high; a swapped
 * customer scores low.
 */
import { describe, expect, it, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { flowInitBody, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import { generateFlowDocuments } from '../fixtures/documents/flow.ts';
import { closeEngines } from '#adapters/engines.ts';

let a: Api;
let token: string;
let integrator: Integrator;
const face = (name: string) => readFileSync(new URL(`../fixtures/faces/${name}`, import.meta.url));

test.beforeAll(({ api, token: mainToken, integrator: started }) => {
  a = api;
  token = mainToken;
  integrator = started;
}, 60_000);
// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

async function crossChecksOf(name: string, opts: { swapCustomer: boolean; openBox: string }) {
  const docs = await generateFlowDocuments({ seed: 41, swapCustomer: opts.swapCustomer, aadhaarPhoto: face('id-astronaut.jpg') });
  for (const d of docs) integrator.files.set(`/${name}/${d.type}`, { bytes: d.bytes, type: d.mime });
  integrator.files.set(`/${name}/ASSET_OPEN_BOX_IMAGE`, { bytes: face(opts.openBox), type: 'image/jpeg' });
  const flow = (await a.call('POST', '/v3/verification/flow/init', {
    json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token },
  })).body.flow_uuid;
  const types = [...docs.map((d) => d.type), 'ASSET_OPEN_BOX_IMAGE'];
  const up = await a.call('POST', '/v3/verification/multiupload', {
    json: { flow_uuid: flow, file_urls: types.map((t) => ({ file_url: `${integrator.url}/${name}/${t}`, document_id: t })) },
    headers: { Token: token },
  });
  expect(up.status).toBe(201);
  await waitFor(() => a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers: { Token: token } }), (r) => r.body.master_status === 'SUCCESS', 180_000);
  const extracts = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } })).body;
  for (const o of extracts.ocr_data) expect(o.error_code, `${o.document_id}: ${o.error_reason}`).toBe('');
  if (process.env.TEST_DEBUG) console.error(JSON.stringify(extracts, null, 1));
  const score = (check: string, target: string) => extracts.cross_checks.find((c: any) => c.name === check && c.target_doc === target)?.similarity_score;
  return { checks: extracts.cross_checks, score };
}

describe('cross-checks of a CONSUMER_DURABLE_LOAN flow', () => {
  it('yields every declared check, matching pairs high', async () => {
    const { checks, score } = await crossChecksOf('same', { swapCustomer: false, openBox: 'scene-box-one.jpg' });
    expect(new Set(checks.map((c: any) => c.name))).toEqual(new Set(['DEALER_ADDRESS', 'CUSTOMER_NAME', 'CUSTOMER_MOBILE_NUMBER', 'PHOTO_MATCH']));
    expect(score('CUSTOMER_NAME', 'DELIVERY_ORDER')).toBeGreaterThanOrEqual(90);
    expect(score('CUSTOMER_NAME', 'AADHAAR')).toBeGreaterThanOrEqual(90);
    expect(score('CUSTOMER_NAME', 'PAN')).toBeGreaterThanOrEqual(90);
    expect(score('CUSTOMER_MOBILE_NUMBER', 'INVOICE')).toBe(100);
    expect(score('DEALER_ADDRESS', 'DELIVERY_ORDER')).toBeGreaterThanOrEqual(80);
    expect(score('PHOTO_MATCH', 'ASSET_OPEN_BOX_IMAGE')).toBeGreaterThanOrEqual(80);
  }, 240_000);

  it('scores a swapped customer and another face low', async () => {
    const { score } = await crossChecksOf('swapped', { swapCustomer: true, openBox: 'scene-box-one-other.jpg' });
    expect(score('CUSTOMER_NAME', 'AADHAAR')).toBeGreaterThanOrEqual(90);
    expect(score('CUSTOMER_NAME', 'DELIVERY_ORDER')).toBeLessThan(50);
    expect(score('CUSTOMER_NAME', 'PAN')).toBeLessThan(50);
    expect(score('CUSTOMER_MOBILE_NUMBER', 'INVOICE')).toBeLessThan(50);
    expect(score('PHOTO_MATCH', 'ASSET_OPEN_BOX_IMAGE')).toBeLessThan(80);
  }, 240_000);
});
