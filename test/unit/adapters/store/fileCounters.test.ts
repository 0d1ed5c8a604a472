import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../../functions/local/embedded.ts';
import { claimCallback, completeCrossChecks, createOwner, finishFile, getOwner, markDownloaded, putFiles, reserveFiles, updateFile } from '#adapters/store/owners.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

const result = { data: {}, error_code: '', error_reason: '' };

describe('file counters', () => {
  it('count each file once however often a task is retried, and recover a lost count', async () => {
    const owner = { kind: 'flow' as const, clientId: 'cli_c', id: '00000000-0000-4000-8000-000000000001' };
    await createOwner({ ...owner, productType: 'MSME_LOAN' });
    const { first } = await reserveFiles(owner, 2, 'test-upload-1');
    await putFiles(owner, [1, 2].map((i) => ({ seq: first + i - 1, fileUuid: `f${i}`, documentId: `d${i}`, batchId: 'b', state: 'QUEUED' as const })));

    expect(await markDownloaded(owner, 1, { objectKey: 'k1', mime: 'image/png' })).toBe(true);
    expect(await markDownloaded(owner, 1, { objectKey: 'k1', mime: 'image/png' })).toBe(false);
    expect(await finishFile(owner, 1, 'DONE', result, 'processed')).toBe(true);
    // A retry, and a later failure handler, find the file final: no second count, no other counter.
    expect(await finishFile(owner, 1, 'DONE', result, 'processed')).toBe(false);
    expect(await finishFile(owner, 1, 'FAILED', result, 'processingFailed')).toBe(false);

    // File 2's final state was written but its count lost (the process died between the writes).
    await markDownloaded(owner, 2, { objectKey: 'k2', mime: 'image/png' });
    await updateFile(owner, 2, { state: 'DONE', countedAs: 'processed', result });
    expect((await getOwner(owner))!.processed).toBe(1);
    // The retried task recovers it.
    expect(await finishFile(owner, 2, 'DONE', result, 'processed')).toBe(false);
    expect(await getOwner(owner)).toMatchObject({ filesTotal: 2, downloaded: 2, processed: 2, processingFailed: 0 });
  });

  it('hand the callback of a set of files to one execution, and drop cross-checks overtaken by an upload', async () => {
    const owner = { kind: 'flow' as const, clientId: 'cli_c', id: '00000000-0000-4000-8000-000000000002' };
    await createOwner({ ...owner, productType: 'CONSUMER_DURABLE_LOAN' });
    await reserveFiles(owner, 1, 'test-upload');
    const claims = await Promise.all([claimCallback(owner, 1), claimCallback(owner, 1)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimCallback(owner, 1)).toBe(false);

    expect(await completeCrossChecks(owner, 1, [])).toBe(true);
    expect((await getOwner(owner))!.crossCheckStatus).toBe('COMPLETED');
    // A second upload makes those cross-checks stale, and a late write of the old round is dropped.
    await reserveFiles(owner, 1, 'test-upload');
    expect((await getOwner(owner))!.crossCheckStatus).toBe('NOT_STARTED');
    expect(await completeCrossChecks(owner, 1, [])).toBe(false);
    expect(await claimCallback(owner, 2)).toBe(true);
  });
});
