import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../../functions/local/embedded.ts';
import { claimCallback, completeCrossChecks, createFlowOrBatch, finishFile, getFlowOrBatch, markDownloaded, putFiles, reserveFiles, updateFile } from '#adapters/store/flowsAndBatches.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(() => services.stop());

const result = { data: {}, error_code: '', error_reason: '' };

describe('file counters', () => {
  it('count each file once however often a task is retried, and recover a lost count', async () => {
    const flow = { kind: 'flow' as const, clientId: 'cli_c', id: '00000000-0000-4000-8000-000000000001' };
    await createFlowOrBatch({ ...flow, productType: 'MSME_LOAN' });
    const { first } = await reserveFiles(flow, 2, 'test-upload-1');
    await putFiles(flow, [1, 2].map((i) => ({ seq: first + i - 1, fileUuid: `f${i}`, documentId: `d${i}`, batchId: 'b', state: 'QUEUED' as const })));

    expect(await markDownloaded(flow, 1, { objectKey: 'k1', mime: 'image/png' })).toBe(true);
    expect(await markDownloaded(flow, 1, { objectKey: 'k1', mime: 'image/png' })).toBe(false);
    expect(await finishFile(flow, 1, 'DONE', result, 'processed')).toBe(true);
    // A retry, and a later failure handler, find the file final: no second count, no other counter.
    expect(await finishFile(flow, 1, 'DONE', result, 'processed')).toBe(false);
    expect(await finishFile(flow, 1, 'FAILED', result, 'processingFailed')).toBe(false);

    // File 2's final state was written but its count lost (the process died between the writes).
    await markDownloaded(flow, 2, { objectKey: 'k2', mime: 'image/png' });
    await updateFile(flow, 2, { state: 'DONE', countedAs: 'processed', result });
    expect((await getFlowOrBatch(flow))!.processed).toBe(1);
    // The retried task recovers it.
    expect(await finishFile(flow, 2, 'DONE', result, 'processed')).toBe(false);
    expect(await getFlowOrBatch(flow)).toMatchObject({ filesTotal: 2, downloaded: 2, processed: 2, processingFailed: 0 });
  });

  it('hand the callback of a set of files to one execution, and drop cross-checks overtaken by an upload', async () => {
    const flow = { kind: 'flow' as const, clientId: 'cli_c', id: '00000000-0000-4000-8000-000000000002' };
    await createFlowOrBatch({ ...flow, productType: 'CONSUMER_DURABLE_LOAN' });
    await reserveFiles(flow, 1, 'test-upload');
    const claims = await Promise.all([claimCallback(flow, 1), claimCallback(flow, 1)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimCallback(flow, 1)).toBe(false);

    expect(await completeCrossChecks(flow, 1, [])).toBe(true);
    expect((await getFlowOrBatch(flow))!.crossCheckStatus).toBe('COMPLETED');
    // A second upload makes those cross-checks stale, and a late write of the old round is dropped.
    await reserveFiles(flow, 1, 'test-upload');
    expect((await getFlowOrBatch(flow))!.crossCheckStatus).toBe('NOT_STARTED');
    expect(await completeCrossChecks(flow, 1, [])).toBe(false);
    expect(await claimCallback(flow, 2)).toBe(true);
  });
});
