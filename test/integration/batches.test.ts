/** Bulk and sandbox batches over HTTP: uploads, pagination past 50, errors, tenant and interface isolation, loopback refusal. */
import { describe, expect, it, test } from './fixtures.ts';
import { makeClient, type Api } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';

let a: Api;
let integrator: Integrator;
let bulk: string;
let sandbox: string;

test.beforeAll(async ({ api, integrator: started }) => {
  a = api;
  integrator = started;
  [bulk, sandbox] = await Promise.all([a.token('bulk'), a.token('sandbox')]);
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
});

const files = (n: number) => Array.from({ length: n }, (_, i) => ({ file_url: `${integrator.url}/note.txt`, document_id: `doc-${String(i + 1).padStart(3, '0')}` }));

for (const [name, upload, extracts, tokenOf] of [
  ['bulk', '/v1/bulk/multiupload', '/v1/bulk/extracts', () => bulk],
  ['sandbox', '/v1/docstream/multiupload', '/v1/docstream/extracts', () => sandbox],
] as const) {
  describe(`${name} batches`, () => {
    let batchId: string;
    const get = (q: string) => a.call('GET', `${extracts}?${q}`, { headers: { Token: tokenOf() } });

    it('accepts 60 documents in one batch', async () => {
      const res = await a.call('POST', upload, { json: { product_type: 'MSME_LOAN', file_urls: files(60) }, headers: { Token: tokenOf() } });
      expect(res.status).toBe(201);
      if (name === 'bulk') {
        expect(res.body).toHaveLength(60);
        expect(new Set(res.body.map((f: any) => f.batch_id)).size).toBe(1);
        expect(Object.keys(res.body[0]).sort()).toEqual(['batch_id', 'document_id', 'file_uuid']);
        batchId = res.body[0].batch_id;
      } else {
        expect(Object.keys(res.body)).toEqual(['batch_id']);
        batchId = res.body.batch_id;
      }
      expect(batchId).toMatch(/^BATCH-\d{6}-[A-Z]{6}-\d{14}$/);
    });

    it('paginates in upload order: 50 per page by default, has_next until the last page', async () => {
      await waitFor(() => get(`batch_id=${batchId}&page=2`), (r) => r.body.data?.length === 10 && r.body.data.every((d: any) => d.file_data.error_code));
      const p1 = await get(`batch_id=${batchId}`);
      expect(p1.status).toBe(200);
      expect(p1.body).toMatchObject({ page: 1, per_page: 50, total_pages: 2, total_items: 60, has_next: true, has_prev: false });
      expect(p1.body.data).toHaveLength(50);
      const p2 = await get(`batch_id=${batchId}&page=2`);
      expect(p2.body).toMatchObject({ page: 2, total_pages: 2, has_next: false, has_prev: true });
      const ids = [...p1.body.data, ...p2.body.data].map((d: any) => d.document_id);
      expect(ids).toEqual(files(60).map((f) => f.document_id));
      expect(p2.body.data[0].file_data).toEqual({ error_code: 'UNRECOGNISED', error_reason: 'file is not a JPEG, PNG or PDF' });
      const small = await get(`batch_id=${batchId}&page=3&per_page=25`);
      expect(small.body).toMatchObject({ page: 3, per_page: 25, total_pages: 3, has_next: false, has_prev: true });
      expect(small.body.data.map((d: any) => d.document_id)).toEqual(ids.slice(50));
      const past = await get(`batch_id=${batchId}&page=9`);
      expect(past.body).toMatchObject({ data: [], page: 9, has_next: false });
    }, 120_000);

    it('answers 400 for a missing, malformed or unknown batch_id and bad paging', async () => {
      for (const q of ['', 'batch_id=', 'batch_id=nope', 'batch_id=BATCH-000000-AAAAAA-20260101000000', `batch_id=${batchId}&page=0`, `batch_id=${batchId}&page=x`, `batch_id=${batchId}&per_page=51`]) {
        const res = await get(q);
        expect(res.status, q).toBe(400);
        expect(Object.keys(res.body)).toEqual(['error']);
      }
      expect((await get('')).body.error).toContain('batch_id');
    });

    it("reads another client's batch like an unknown one", async () => {
      const other = await makeClient();
      const theirs = await a.call('GET', `${extracts}?batch_id=${batchId}`, { headers: { Token: await a.token(name, other) } });
      const unknown = await a.call('GET', `${extracts}?batch_id=BATCH-000000-AAAAAA-20260101000000`, { headers: { Token: await a.token(name, other) } });
      expect(theirs.status).toBe(400);
      expect(theirs).toEqual(unknown);
    });

    it('answers 400 for missing fields and 401 without a token', async () => {
      const missing = await a.call('POST', upload, { json: { product_type: 'MSME_LOAN' }, headers: { Token: tokenOf() } });
      expect(missing.status).toBe(400);
      expect(missing.body.error).toContain('file_urls');
      const empty = await a.call('POST', upload, { json: { product_type: 'MSME_LOAN', file_urls: [{ file_url: '', document_id: 'x' }] }, headers: { Token: tokenOf() } });
      expect(empty.status).toBe(400);
      expect(empty.body.error).toContain('file_urls.0.file_url');
      expect((await a.call('POST', upload, { json: { product_type: 'MSME_LOAN', file_urls: files(101) }, headers: { Token: tokenOf() } })).status).toBe(400);
      expect((await a.call('POST', upload, { json: { product_type: 'MSME_LOAN', file_urls: files(1) } })).status).toBe(401);
    });
  });
}

describe('interfaces closed to each other', () => {
  it('a batch made through bulk is unknown to sandbox, and the reverse, for the same client', async () => {
    const unknownId = 'BATCH-000000-AAAAAA-20260101000000';
    const made = {
      bulk: (await a.call('POST', '/v1/bulk/multiupload', { json: { product_type: 'MSME_LOAN', file_urls: files(1) }, headers: { Token: bulk } })).body[0].batch_id,
      sandbox: (await a.call('POST', '/v1/docstream/multiupload', { json: { product_type: 'MSME_LOAN', file_urls: files(1) }, headers: { Token: sandbox } })).body.batch_id,
    };
    const read = { bulk: (id: string) => a.call('GET', `/v1/bulk/extracts?batch_id=${id}`, { headers: { Token: bulk } }),
      sandbox: (id: string) => a.call('GET', `/v1/docstream/extracts?batch_id=${id}`, { headers: { Token: sandbox } }) };
    // Its own interface reads it.
    expect((await read.bulk(made.bulk)).status).toBe(200);
    expect((await read.sandbox(made.sandbox)).status).toBe(200);
    // The other interface answers exactly as for a batch that does not exist.
    const crossed = [await read.sandbox(made.bulk), await read.bulk(made.sandbox)];
    const missing = [await read.sandbox(unknownId), await read.bulk(unknownId)];
    expect(crossed[0].status).toBe(400);
    expect(crossed).toEqual(missing);
  });
});

describe('loopback URLs with the local allowance off', () => {
  it('refuses loopback and private addresses per document, never the request', async () => {
    process.env.ALLOW_LOOPBACK_URLS = 'false';
    try {
      const res = await a.call('POST', '/v1/bulk/multiupload', {
        json: {
          product_type: 'MSME_LOAN',
          file_urls: [
            { file_url: `${integrator.url}/note.txt`, document_id: 'loopback' },
            { file_url: 'http://10.0.0.1/doc.png', document_id: 'private' },
            { file_url: 'http://169.254.169.254/latest/meta-data/', document_id: 'metadata' },
            { file_url: 'ftp://example.org/doc.png', document_id: 'scheme' },
          ],
        },
        headers: { Token: bulk },
      });
      expect(res.status).toBe(201);
      const page = await waitFor(
        () => a.call('GET', `/v1/bulk/extracts?batch_id=${res.body[0].batch_id}`, { headers: { Token: bulk } }),
        (r) => r.body.data.every((d: any) => d.file_data.error_code),
      );
      for (const d of page.body.data) {
        expect(d.file_data.error_code, d.document_id).toBe('PROCESSING_FAILED');
        expect(d.file_data.error_reason, d.document_id).toMatch(/not allowed|scheme/i);
      }
    } finally {
      process.env.ALLOW_LOOPBACK_URLS = 'true';
    }
  });
});
