/**
 * Every pipeline task is idempotent: after a flow has been processed, running each task again on
 * the same input (a Step Functions retry, a Lambda invoked twice, a reconciler's resumption)
 * changes nothing that is stored, deletes nothing still needed and counts nothing twice; and a
 * run cut off between a file's result and its clean-up is completed by the next run.
 */
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it, test } from './fixtures.ts';
import { api, flowInitBody } from './harness.ts';
import { waitFor, type Integrator } from './integrator.ts';
import { generateCorpus } from '../fixtures/documents/generate.ts';
import type { LocalService } from '../../functions/local/index.ts';
import { closeEngines } from '#adapters/engines.ts';
import { objects, bucketName } from '#adapters/aws.ts';
import { getFlowOrBatch, listFiles, type FlowOrBatchRef } from '#adapters/store/flowsAndBatches.ts';
import { fileObjects } from '#adapters/s3Documents.ts';
import { pipelineTasks } from '#pipeline/tasks.ts';

let service: LocalService;
let integrator: Integrator;

test.beforeAll(async ({ service: running, integrator: started }) => {
  [service, integrator] = [running, started];
  const docs = await generateCorpus({ seed: 21, perType: 1, pdfs: false, types: ['AADHAAR', 'PAN'] });
  for (const d of docs) integrator.files.set(`/${d.type}.png`, { bytes: d.bytes, type: d.mime });
}, 120_000);

// The OCR engines outlive the service; the fixtures stop the service and the integrator.
test.afterAll(() => closeEngines());

async function objectKeys(): Promise<string[]> {
  const out = await objects().send(new ListObjectsV2Command({ Bucket: bucketName() }));
  return (out.Contents ?? []).map((o) => o.Key!).sort();
}

async function snapshot(ref: FlowOrBatchRef) {
  const { executions: _executions, ...stored } = (await getFlowOrBatch(ref))!;
  return { flowOrBatch: stored, files: await listFiles(ref), objects: await objectKeys() };
}

const handlerOf = async (state: string) => {
  const task = pipelineTasks.find((t) => t.state === state)!;
  return (await import(`../../functions/pipeline/${task.localHandler ?? task.handler}.ts`)).handler as (input: unknown) => Promise<unknown>;
};

describe('pipeline tasks run again', () => {
  it('leave the same result, delete nothing needed, count once, and finish a cut-off clean-up', async () => {
    const a = api(service);
    const headers = { Token: await a.token() };
    const flow = (await a.call('POST', '/v3/verification/flow/init', {
      json: flowInitBody({ auth_url: `${integrator.url}/auth`, callback_url: `${integrator.url}/callback` }), headers,
    })).body.flow_uuid;
    await a.call('POST', '/v3/verification/multiupload', {
      json: { flow_uuid: flow, file_urls: ['AADHAAR', 'PAN'].map((t) => ({ file_url: `${integrator.url}/${t}.png`, document_id: t })) }, headers,
    });
    await waitFor(() => a.call('GET', `/v3/verification/status?flow_uuid=${flow}`, { headers }), (r) => r.body.master_status === 'SUCCESS');
    await waitFor(async () => integrator.callbacks.length, (n) => n === 1);
    await service.pipeline.idle();

    const flowRef = { kind: 'flow' as const, clientId: 'cli_test_demo', id: flow, productType: 'CONSUMER_DURABLE_LOAN' };
    // Each task's input as the state machine hands it: the flow under the payload's key (adapters/pipelinePayload.ts).
    const payload = { owner: flowRef };
    const before = await snapshot(flowRef);
    const aadhaar = before.files.find((f) => f.documentType === 'AADHAAR')!;
    expect(aadhaar.objectKey).toBe(fileObjects(flowRef, aadhaar.fileUuid).redacted);
    expect(before.objects).not.toContain(fileObjects(flowRef, aadhaar.fileUuid).original);

    for (const f of before.files) {
      const input = { ...payload, file: { seq: f.seq, mime: f.mime } };
      for (const state of ['DownloadFile', 'RecogniseText', 'ExtractFields']) await (await handlerOf(state))(input);
      await (await handlerOf('RecordFileFailure'))({ ...input, failure: { Error: 'States.Timeout' } });
    }
    await (await handlerOf('RecordMapFailure'))({ ...payload, files: before.files.map((f) => ({ seq: f.seq })) });
    await (await handlerOf('CrossCheck'))(payload);
    // The round's callback is delivered: a second Finalise claims nothing, even as a resumption.
    expect(await (await handlerOf('Finalise'))({ ...payload, resume: true })).toEqual({});
    expect(await snapshot(flowRef)).toEqual(before);

    // A run cut off after the Aadhaar file's result but before its clean-up: the original is back.
    const original = fileObjects(flowRef, aadhaar.fileUuid).original;
    await objects().send(new PutObjectCommand({ Bucket: bucketName(), Key: original, Body: 'unredacted' }));
    await (await handlerOf('ExtractFields'))({ ...payload, file: { seq: aadhaar.seq } });
    expect(await snapshot(flowRef)).toEqual(before);
    expect(integrator.callbacks).toHaveLength(1);
  }, 180_000);
});
