/**
 * Aadhaar numbers at rest: sealed for clients enabled for full numbers (and opened only for them),
 * masked everywhere else, and never left in the table or the bucket, whatever the document's verdict.
 * A card uploaded as a PDF gets the same redacted copy (page 1 rendered), and a PAN PDF the
 * originality signal.
 */
import { describe, expect, it, test } from './fixtures.ts';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { makeClient, flowInitBody, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { updateClient } from '#adapters/store/clients.ts';
import { ddb, objects, tableName, bucketName } from '#adapters/aws.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';
import { findQrCodes } from '#adapters/qrLocator.ts';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';

let service: LocalService;
let a: Api;
let integrator: Integrator;
let aadhaar: Fixture;
let pan: Fixture;
let digits: string;
let aadhaarScan: Buffer;

/** A one-page "scanned" PDF: the PNG as the page's only content, no text layer. */
async function scanPdf(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const img = await doc.embedPng(png);
  const page = doc.addPage([595, (img.height * 595) / img.width]);
  page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return Buffer.from(await doc.save());
}

test.beforeAll(async ({ service: running, api, integrator: started }) => {
  [service, a, integrator] = [running, api, started];
  [aadhaar, pan] = await generateCorpus({ seed: 9, perType: 1, pdfs: false, types: ['AADHAAR', 'PAN'] });
  integrator.files.set('/aadhaar.png', { bytes: aadhaar.bytes, type: aadhaar.mime });
  digits = String(aadhaar.truth.aadhaar_number).replace(/\D/g, '');
  // The PDF card carries a (synthetic) secure QR code too, which its redacted copy must block.
  const qr = await QRCode.toBuffer('synthetic secure QR payload', { width: 260, margin: 2 });
  const { width = 0, height = 0 } = await sharp(aadhaar.bytes).metadata();
  aadhaarScan = await sharp(aadhaar.bytes).composite([{ input: qr, left: width - 330, top: height - 360 }]).png().toBuffer();
  integrator.files.set('/aadhaar.pdf', { bytes: await scanPdf(aadhaarScan), type: 'application/pdf' });
  integrator.files.set('/pan.pdf', { bytes: await scanPdf(pan.bytes), type: 'application/pdf' });
}, 60_000);
// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

/** `keep`: file uuids whose original may stay (documents other than Aadhaar cards). */
async function nothingStoredInPlain(keep: string[] = []) {
  const items = await ddb().send(new ScanCommand({ TableName: tableName() }));
  expect(JSON.stringify(items.Items)).not.toContain(digits.slice(0, 8));
  const listed = await objects().send(new ListObjectsV2Command({ Bucket: bucketName() }));
  const keys = (listed.Contents ?? []).map((o) => o.Key!);
  expect(keys.filter((k) => k.endsWith('/original') && !keep.some((uuid) => k.endsWith(`/${uuid}/original`)))).toEqual([]);
  for (const key of keys.filter((k) => k.endsWith('.json'))) {
    const body = await (await objects().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }))).Body!.transformToString();
    expect(body.replace(/\s/g, ''), key).not.toContain(digits.slice(0, 8));
  }
}

describe('Aadhaar numbers at rest', () => {
  it('are returned in full only to a client the operator enabled, and stored only sealed', async () => {
    const full = await makeClient();
    await updateClient(full.clientId, { fullAadhaar: true });
    const fullToken = await a.token('main', full);
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: fullToken },
    })).body.flow_uuid;
    await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: [{ file_url: `${integrator.url}/aadhaar.png`, document_id: 'a' }] }, headers: { Token: fullToken } });
    const done = await waitFor(() => a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: fullToken } }), (r) => r.body.ocr_data[0]?.data.aadhaar_number);
    const number = done.body.ocr_data[0].data.aadhaar_number;
    expect(number.value.replace(/\D/g, '')).toBe(digits);
    expect(number.sealed).toBeUndefined();
    expect(number.redact_url).toMatch(/redacted\.png/);
    await service.pipeline.idle();
    await nothingStoredInPlain();
  }, 120_000);

  it('are masked and removed from storage when the card is not a document of the flow\'s product', async () => {
    const token = await a.token('bulk');
    const up = await a.call('POST', '/v1/bulk/multiupload', { json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: `${integrator.url}/aadhaar.png`, document_id: 'a' }] }, headers: { Token: token } });
    const page = await waitFor(
      () => a.call('GET', `/v1/bulk/extracts?batch_id=${up.body[0].batch_id}`, { headers: { Token: token } }),
      (r) => Boolean(r.body.data[0]?.file_data.error_code),
    );
    expect(page.body.data[0].file_data).toMatchObject({ error_code: 'UNRECOGNISED', error_reason: 'AADHAAR is not a supported document type for MSME_LOAN' });
    await service.pipeline.idle();
    await nothingStoredInPlain();
  }, 120_000);

  it('get a redacted copy and a PAN its originality signal when uploaded as PDFs', async () => {
    const token = await a.token('main');
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers: { Token: token },
    })).body.flow_uuid;
    const files = [{ file_url: `${integrator.url}/aadhaar.pdf`, document_id: 'aadhaar-pdf' }, { file_url: `${integrator.url}/pan.pdf`, document_id: 'pan-pdf' }];
    const up = await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: files }, headers: { Token: token } });
    const panUuid = up.body.find((f: any) => f.document_id === 'pan-pdf').file_uuid as string;
    const done = await waitFor(
      () => a.call('GET', `/v3/verification/extracts?flow_uuid=${flow}`, { headers: { Token: token } }),
      (r) => r.body.ocr_data?.length === 2 && r.body.ocr_data.every((o: any) => o.data.document_type || o.error_code),
    );
    const byId = Object.fromEntries(done.body.ocr_data.map((o: any) => [o.document_id, o]));
    expect(byId['aadhaar-pdf'].data.document_type).toBe('AADHAAR');
    expect(byId['pan-pdf'].data.document_type).toBe('PAN');

    const panData = byId['pan-pdf'].data;
    expect(panData.pan_number.value).toBe(pan.truth.pan_number);
    expect(['yes', 'no']).toContain(panData.is_original.value);
    expect(panData.is_original.confidence_score).toBeGreaterThan(0);
    expect(panData.is_original.confidence_score).toBeLessThanOrEqual(0.7);

    const number = byId['aadhaar-pdf'].data.aadhaar_number;
    // Booleans, not the values: a failure must not print the number.
    expect(number.value.startsWith('XXXX XXXX '), 'value is masked').toBe(true);
    expect(number.value.slice(-4) === digits.slice(-4), 'last 4 digits kept').toBe(true);
    expect(number.sealed).toBeUndefined();
    expect(number.redact_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+redacted\.png\?/);
    const res = await fetch(number.redact_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/png');
    const redacted = Buffer.from(await res.arrayBuffer());
    expect(await findQrCodes(aadhaarScan)).toHaveLength(1);
    expect(await findQrCodes(redacted)).toEqual([]);
    const { createTesseractEngine } = await import('../../functions/adapters/ocr/tesseract.ts');
    const { DocumentModel } = await import('../../functions/core/documents/index.ts');
    const engine = createTesseractEngine();
    try {
      const text = new DocumentModel(await engine.recognise(redacted)).text.replace(/\s/g, '');
      expect(text.includes(digits.slice(0, 8)), 'first 8 digits readable in the redacted copy').toBe(false);
      expect(text.includes(digits.slice(0, 4)), 'first 4 digits readable in the redacted copy').toBe(false);
      // The page is legible otherwise: the masking, not a blank render, hides the number.
      expect(text).toMatch(/Government|India|DOB|Male|Female/i);
    } finally {
      await engine.close();
    }
    await service.pipeline.idle();
    await nothingStoredInPlain([panUuid]);
  }, 120_000);
});
