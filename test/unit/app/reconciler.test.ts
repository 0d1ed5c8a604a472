/** The reconciler and sequence numbers, on the embedded table with a recording pipeline starter. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../functions/local/embedded.ts';
import { useLocalPipeline } from '#adapters/pipelineStarter.ts';
import { fromPayload, type PipelineInput } from '#adapters/pipelinePayload.ts';
import { createFlowOrBatch, getFlowOrBatch, listFiles, listOpenFlowsAndBatches, putFiles, releaseFiles, reserveFiles, updateFile, type FileRecord } from '#adapters/store/flowsAndBatches.ts';
import { reconcile } from '../../../functions/app/reconciler.ts';

let services: EmbeddedServices;
/** What the reconciler started, read back from the state machine's payload. */
const started: { input: PipelineInput; name: string }[] = [];
const running = new Set<string>();

beforeAll(async () => {
  services = await startEmbeddedServices({});
  useLocalPipeline({ run: async (payload, name) => void started.push({ input: fromPayload(payload) as PipelineInput, name }), isRunning: (name) => running.has(name) });
});
afterAll(async () => {
  useLocalPipeline(undefined);
  await services.stop();
});

const file = (seq: number, over: Partial<FileRecord> = {}): FileRecord => ({ seq, fileUuid: `f${seq}`, documentId: `d${seq}`, batchId: 'b', state: 'QUEUED', ...over });
const result = { data: {}, error_code: '', error_reason: '' };

describe('sequence numbers', () => {
  it('are never handed out twice: a released upload leaves a gap', async () => {
    const flowOrBatch = { kind: 'batch' as const, clientId: 'cli_r', id: 'BATCH-000001-AAAAAA-20260101000000' };
    await createFlowOrBatch({ ...flowOrBatch, productType: 'MSME_LOAN', channel: 'bulk' });
    const { first: a } = await reserveFiles(flowOrBatch, 2, 'upload-a');
    const { first: b } = await reserveFiles(flowOrBatch, 2, 'upload-b');
    await putFiles(flowOrBatch, [file(b), file(b + 1)]);
    // Upload A could not start: its numbers are released while B holds the next ones.
    await releaseFiles(flowOrBatch, [{ seq: a }, { seq: a + 1 }]);
    expect((await reserveFiles(flowOrBatch, 1, 'upload-c')).first).toBe(5);
    expect((await listFiles(flowOrBatch)).map((f) => f.seq)).toEqual([3, 4]);
    expect(await getFlowOrBatch(flowOrBatch)).toMatchObject({ round: 5, filesTotal: 3, released: [1, 2] });
  });
});

describe('the reconciler', () => {
  it('counts a file finished but not counted, releases numbers never stored, and resumes the rest', async () => {
    const flowOrBatch = { kind: 'flow' as const, clientId: 'cli_r', id: '00000000-0000-4000-8000-0000000000a1' };
    await createFlowOrBatch({ ...flowOrBatch, productType: 'CONSUMER_DURABLE_LOAN' });
    await reserveFiles(flowOrBatch, 3, 'flow-upload');
    // File 3 was reserved but never stored (a crash mid-upload); file 1 finished, its count lost.
    await putFiles(flowOrBatch, [file(1), file(2)]);
    await updateFile(flowOrBatch, 1, { state: 'DONE', countedAs: 'processed', result, objectKey: 'k', mime: 'image/png' });
    const startsOf = () => started.filter((s) => s.input.flowOrBatch.id === flowOrBatch.id);
    // Its upload's execution still runs: left alone.
    running.add('flow-upload');
    await reconcile({ graceMs: 0 });
    expect(startsOf()).toEqual([]);
    running.delete('flow-upload');

    await reconcile({ graceMs: 0 });
    expect(startsOf()).toHaveLength(1);
    expect(startsOf()[0].input).toMatchObject({ files: [{ seq: 2 }], resume: true, flowOrBatch: { id: flowOrBatch.id, productType: 'CONSUMER_DURABLE_LOAN' } });
    expect(await getFlowOrBatch(flowOrBatch)).toMatchObject({ filesTotal: 2, downloaded: 1, processed: 1, released: [3] });
    // Just resumed: left to that execution until the grace has passed.
    await reconcile({ graceMs: 60_000 });
    expect(startsOf()).toHaveLength(1);
  });

  it('finalises a flow or batch whose files are all done (a run with no files)', async () => {
    const flowOrBatch = { kind: 'batch' as const, clientId: 'cli_r', id: 'BATCH-000002-BBBBBB-20260101000000' };
    await createFlowOrBatch({ ...flowOrBatch, productType: 'MSME_LOAN', channel: 'bulk' });
    await reserveFiles(flowOrBatch, 1, 'batch-upload');
    await putFiles(flowOrBatch, [file(1, { state: 'FAILED', countedAs: 'downloadFailed', result })]);
    const summary = await reconcile({ graceMs: 0, now: new Date(Date.now() + 1000) });
    expect(summary.finalised).toBeGreaterThanOrEqual(1);
    expect(started.find((s) => s.input.flowOrBatch.id === flowOrBatch.id)?.input).toMatchObject({ files: [], resume: true });
  });

  it('closes a flow or batch whose every upload was released, instead of finalising it for ever', async () => {
    const flowOrBatch = { kind: 'flow' as const, clientId: 'cli_r', id: '00000000-0000-4000-8000-0000000000a2' };
    await createFlowOrBatch({ ...flowOrBatch, productType: 'CONSUMER_DURABLE_LOAN' });
    await reserveFiles(flowOrBatch, 1, 'refused-upload');
    await releaseFiles(flowOrBatch, [{ seq: 1 }]);
    const startsOf = () => started.filter((s) => s.input.flowOrBatch.id === flowOrBatch.id);
    await reconcile({ graceMs: 0, now: new Date(Date.now() + 1000) });
    await reconcile({ graceMs: 0, now: new Date(Date.now() + 2000) });
    expect(startsOf()).toEqual([]);
    expect((await listOpenFlowsAndBatches(new Date(Date.now() + 3000))).map((o) => o.id)).not.toContain(flowOrBatch.id);
  });
});
