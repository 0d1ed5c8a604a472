/**
 * A multi-page PDF through the real ASL on the local runner: the IsPdf Choice sends it to
 * RecogniseTextAsync (lambda:invoke.waitForTaskToken in AWS), which the runner resolves to the
 * synchronous local OCR (recogniseText) with the state's Payload, task token included.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, startService, flowInitBody, type Api } from '../../integration/harness.ts';
import { startIntegrator, waitFor, type Integrator } from '../../integration/integrator.ts';
import { generateCorpus, type Fixture } from '../../fixtures/documents/generate.ts';
import type { LocalService } from '../../../functions/local/index.ts';
import { closeEngines } from '#adapters/engines.ts';
import { localTaskToken } from '../../../functions/local/stateMachine.ts';

/** Inputs the local OCR handler received, recorded without changing what it does. */
const ocrInputs = vi.hoisted(() => [] as unknown[]);
vi.mock('#pipeline/recogniseText.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#pipeline/recogniseText.ts')>();
  return {
    handler: (input: unknown, context?: unknown) => {
      ocrInputs.push(input);
      return (original.handler as (i: unknown, c?: unknown) => Promise<unknown>)(input, context);
    },
  };
});

let service: LocalService;
let integrator: Integrator;
let a: Api;
let statement: Fixture;

beforeAll(async () => {
  let corpus: Fixture[];
  [service, integrator, corpus] = await Promise.all([startService(), startIntegrator(), generateCorpus({ seed: 5, perType: 0, pdfs: true })]);
  // The two-page bank statement with a text layer: multi-page, and no OCR model needed to read it.
  statement = corpus.find((f) => f.type === 'BANK_STATEMENT' && f.degradation === 'pdf_text')!;
  expect(statement.pages).toBe(2);
  integrator.files.set('/statement.pdf', { bytes: statement.bytes, type: 'application/pdf' });
  a = api(service);
}, 180_000);

afterAll(async () => {
  await service?.stop();
  await integrator?.close();
  await closeEngines();
});

describe('local runner: a PDF through the ASL', () => {
  it('routes the PDF to RecogniseTextAsync, runs the local OCR with the state payload and extracts the statement', async () => {
    const token = await a.token();
    const headers = { Token: token };
    const flow = (await a.call('POST', '/v3/verification/flow/init', { json: flowInitBody({ product_type: 'MSME_LOAN', auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers })).body.flow_uuid;
    expect(flow).toBeTruthy();
    const upload = await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/statement.pdf`, document_id: 'statement' }] },
      headers,
    });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);

    const status = await waitFor(
      () => a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers }),
      (r) => ['SUCCESS', 'FAILED'].includes(r.body.processing_status),
      120_000,
    );
    expect(status.body.processing_status).toBe('SUCCESS');

    // The async state's Payload reached the local handler: the flow, its file (with the sniffed mime) and the token.
    expect(ocrInputs).toHaveLength(1);
    expect(ocrInputs[0]).toMatchObject({ file: { seq: expect.any(Number), mime: 'application/pdf' }, taskToken: localTaskToken });

    const extracts = (await a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers })).body;
    const item = extracts.ocr_data.find((o: { document_id: string }) => o.document_id === 'statement');
    expect(item.error_code, item.error_reason).toBe('');
    expect(item.data.document_type).toBe('BANK_STATEMENT');
  }, 180_000);
});
