/**
 * The document pipeline end to end over HTTP: the local server, the ASL run by
 * aws-local-stepfunctions, tesseract OCR, the face engine, real S3/DynamoDB wire protocols.
 */
import { describe, expect, it, test } from './fixtures.ts';
import { readFileSync } from 'node:fs';
import { flowInitBody, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import { generateCorpus, type Fixture } from '../fixtures/documents/generate.ts';
import { closeEngines } from '#adapters/engines.ts';
import { findQrCodes } from '#adapters/qrLocator.ts';
import sharp from 'sharp';
import QRCode from 'qrcode';

let a: Api;
let token: string;
let integrator: Integrator;
let corpus: Fixture[];

const V3_TYPES = ['INVOICE', 'IMEI_CLOSEUP_IMAGE', 'AADHAAR', 'PAN', 'DELIVERY_ORDER'] as const;

test.beforeAll(async ({ api, token: mainToken, integrator: started }) => {
  [a, token, integrator] = [api, mainToken, started];
  corpus = await generateCorpus({ seed: 11, perType: 1, pdfs: false, types: V3_TYPES });
  // The Aadhaar card carries a (synthetic) secure QR code on its back, which redaction must block.
  const aadhaar = corpus.find((f) => f.type === 'AADHAAR')!;
  const qr = await QRCode.toBuffer('synthetic secure QR payload', { width: 260, margin: 2 });
  const { width = 0, height = 0 } = await sharp(aadhaar.bytes).metadata();
  aadhaar.bytes = await sharp(aadhaar.bytes).composite([{ input: qr, left: width - 330, top: height - 360 }]).png().toBuffer();
  aadhaar.mime = 'image/png';
  for (const f of corpus) integrator.files.set(`/${f.id}`, { bytes: f.bytes, type: f.mime });
  integrator.files.set('/open-box.jpg', { bytes: readFileSync(new URL('../fixtures/faces/scene-box-one.jpg', import.meta.url)), type: 'image/jpeg' });
  integrator.files.set('/notes.txt', { bytes: Buffer.from('just some text, not a document image'), type: 'text/plain' });
}, 180_000);

// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

const get = (path: string) => a.call('GET', path, { headers: { Token: token } });

describe('v3 flow through the pipeline', () => {
  let flow: string;
  let extracts: { ocr_data: any[]; cross_checks: any[] };

  it('accepts an upload of every CONSUMER_DURABLE_LOAN document plus broken files', async () => {
    flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }),
      headers: { Token: token },
    })).body.flow_uuid;
    const files = [
      ...corpus.map((f) => ({ file_url: `${integrator.url}/${f.id}`, document_id: f.type })),
      { file_url: `${integrator.url}/open-box.jpg`, document_id: 'ASSET_OPEN_BOX_IMAGE' },
      { file_url: 'http://127.0.0.1:1/unreachable.png', document_id: 'unreachable' },
      { file_url: `${integrator.url}/notes.txt`, document_id: 'text-file' },
    ];
    const res = await a.call('POST', '/v3/verification/multiupload', { json: { flow_uuid: flow, file_urls: files }, headers: { Token: token } });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(files.length);
    expect(new Set(res.body.map((f: any) => f.batch_id)).size).toBe(1);
    expect(res.body.map((f: any) => f.document_id)).toEqual(files.map((f) => f.document_id));
    expect(new Set(res.body.map((f: any) => f.file_uuid)).size).toBe(files.length);
  });

  it('reaches master_status SUCCESS', async () => {
    const st = await waitFor(() => get(`/v3/verification/status?flow_uuid=${flow}`), (r) => ['SUCCESS', 'FAILED'].includes(r.body.master_status), 240_000);
    expect(st.body).toEqual({ upload_status: 'SUCCESS', processing_status: 'SUCCESS', crossheck_status: 'COMPLETED', master_status: 'SUCCESS' });
    extracts = (await get(`/v3/verification/extracts?flow_uuid=${flow}`)).body;
    expect(extracts.ocr_data).toHaveLength(corpus.length + 3);
  }, 300_000);

  it('gives each broken file its own per-document error', () => {
    const byId = Object.fromEntries(extracts.ocr_data.map((o) => [o.document_id, o]));
    expect(byId.unreachable).toMatchObject({ data: {}, error_code: 'PROCESSING_FAILED' });
    expect(byId.unreachable.error_reason).toMatch(/download failed/);
    expect(byId['text-file']).toMatchObject({ data: {}, error_code: 'UNRECOGNISED', error_reason: 'file is not a JPEG, PNG or PDF' });
  });

  it('classifies every document and extracts its fields with the spec value types', () => {
    const byId = Object.fromEntries(extracts.ocr_data.map((o) => [o.document_id, o]));
    for (const f of corpus) {
      const item = byId[f.type];
      expect(item.error_code, `${f.type}: ${item.error_reason}`).toBe('');
      expect(item.data.document_type).toBe(f.type);
    }
    const pan = byId.PAN.data;
    const panTruth = corpus.find((f) => f.type === 'PAN')!.truth as Record<string, unknown>;
    expect(pan.pan_number.value).toBe(panTruth.pan_number);
    expect(['yes', 'no']).toContain(pan.is_original.value);
    expect(['original', 'xerox_copy', 'photo_of_photo']).toContain(pan.document_quality_flag.value);
    expect(pan.is_original.confidence_score).toBeLessThanOrEqual(0.7);
    const aadhaar = byId.AADHAAR.data.aadhaar_number;
    const digits = String((corpus.find((f) => f.type === 'AADHAAR')!.truth as Record<string, unknown>).aadhaar_number).replace(/\D/g, '');
    expect(aadhaar.value).toBe(`XXXX XXXX ${digits.slice(-4)}`);
    expect(aadhaar.redact_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+redacted\.png\?/);
    expect(JSON.stringify(extracts)).not.toContain(digits);
    const address = byId.AADHAAR.data.address;
    expect(Object.keys(address.formatted_address).sort()).toEqual(['address_line_1', 'address_line_2', 'city', 'postcode', 'state']);
    expect(address.formatted_address.postcode).toMatch(/^\d{6}$/);
    expect(byId.INVOICE.data.dealer_address.formatted_address.city).not.toBe('');
    const imei = byId.IMEI_CLOSEUP_IMAGE.data;
    expect(imei.imei_number.value).toEqual(corpus.find((f) => f.type === 'IMEI_CLOSEUP_IMAGE')!.truth.imei_number);
    expect(typeof imei.price.value).toBe('number');
    expect(typeof byId.INVOICE.data.total_invoice_amount.value).toBe('number');
    for (const item of extracts.ocr_data.filter((o) => !o.error_code)) {
      for (const [name, field] of Object.entries(item.data)) {
        if (name === 'document_type') continue;
        expect((field as any).confidence_score, name).toBeGreaterThanOrEqual(0);
        expect((field as any).confidence_score, name).toBeLessThanOrEqual(1);
      }
    }
  });

  it('counts the face in the open-box photo', () => {
    const box = extracts.ocr_data.find((o) => o.document_id === 'ASSET_OPEN_BOX_IMAGE');
    expect(box.error_code).toBe('');
    expect(box.data).toMatchObject({ document_type: 'ASSET_OPEN_BOX_IMAGE', customer_present: { value: 'yes' }, number_of_faces_visible: { value: 1 } });
  });

  it('serves the redacted Aadhaar image without the first 8 digits', async () => {
    const item = extracts.ocr_data.find((o) => o.document_id === 'AADHAAR');
    const res = await fetch(item.data.aadhaar_number.redact_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/png');
    const redacted = Buffer.from(await res.clone().arrayBuffer());
    expect(await findQrCodes(redacted)).toEqual([]);
    const original = integrator.files.get('/' + corpus.find((f) => f.type === 'AADHAAR')!.id)!.bytes;
    expect(await findQrCodes(original)).toHaveLength(1);
    const { createTesseractEngine } = await import('../../functions/adapters/ocr/tesseract.ts');
    const { DocumentModel } = await import('../../functions/core/documents/index.ts');
    const engine = createTesseractEngine();
    try {
      const text = new DocumentModel(await engine.recognise(Buffer.from(await res.arrayBuffer()))).text.replace(/\s/g, '');
      const digits = String((corpus.find((f) => f.type === 'AADHAAR')!.truth as Record<string, unknown>).aadhaar_number).replace(/\D/g, '');
      expect(text).not.toContain(digits.slice(0, 8));
      expect(text).not.toContain(digits.slice(0, 4));
    } finally {
      await engine.close();
    }
  }, 60_000);

  it('keeps no full Aadhaar number in the table or the bucket', async () => {
    const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ListObjectsV2Command, GetObjectCommand } = await import('@aws-sdk/client-s3');
    const { ddb, objects, tableName, bucketName } = await import('../../functions/adapters/aws.ts');
    const digits = String((corpus.find((f) => f.type === 'AADHAAR')!.truth as Record<string, unknown>).aadhaar_number).replace(/\D/g, '');
    const items = await ddb().send(new ScanCommand({ TableName: tableName() }));
    expect(JSON.stringify(items.Items)).not.toContain(digits.slice(0, 8));
    const listed = await objects().send(new ListObjectsV2Command({ Bucket: bucketName() }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!);
    expect(keys.some((k) => k.endsWith('/redacted.png'))).toBe(true);
    for (const key of keys.filter((k) => k.endsWith('.json'))) {
      const body = await (await objects().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }))).Body!.transformToString();
      expect(body.replace(/\s/g, ''), key).not.toContain(digits.slice(0, 8));
    }
  });

  it('produces the declared cross-checks with integer scores', () => {
    const names = new Set(extracts.cross_checks.map((c) => c.name));
    expect(names.has('CUSTOMER_NAME')).toBe(true);
    expect(names.has('DEALER_ADDRESS')).toBe(true);
    for (const c of extracts.cross_checks) {
      // The spec's keys, plus the confidence of the compared values on text checks (docs/confidence.md).
      const keys = ['name', 'similarity_score', 'source_doc', 'source_field_name', 'source_value', 'target_doc', 'target_field_name', 'target_value'];
      expect(Object.keys(c).sort()).toEqual(c.name === 'PHOTO_MATCH' ? keys : [...keys, 'confidence_score'].sort());
      if (c.name !== 'PHOTO_MATCH') expect(c.confidence_score).toBeGreaterThanOrEqual(0);
      expect(Number.isInteger(c.similarity_score)).toBe(true);
    }
  });
});
