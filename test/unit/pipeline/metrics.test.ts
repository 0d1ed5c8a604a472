/**
 * The pipeline's custom metrics, read from the EMF lines the tasks print (what CloudWatch reads in
 * Lambda): a processed file and a failed file each count once under their document type, and
 * callbacks count as delivered or dead-lettered. The stores are replaced by in-memory fakes; the
 * task code, its wrapper and Powertools run as they are.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blocksFromLines } from '../../fixtures/documents/fromLines.ts';

// Outside Lambda the metrics are off (functions/adapters/metrics.ts): this test turns them on
// before the module is loaded, as a developer would.
const saved = vi.hoisted(() => {
  const before = { ...process.env };
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  process.env.STAGE = 'test';
  process.env.LOG_LEVEL = 'SILENT';
  return before;
});

const store = vi.hoisted(() => ({
  file: undefined as Record<string, unknown> | undefined,
  objects: new Map<string, Buffer>(),
  finished: [] as Array<{ state: string; counter: string }>,
  firstWrite: true,
}));

vi.mock('../../../functions/adapters/store/flowsAndBatches.ts', () => ({
  getFile: async () => store.file,
  isFinished: (f: { state: string }) => f.state === 'DONE' || f.state === 'FAILED',
  recount: async () => {},
  getFlowOrBatch: async () => undefined,
  settleRound: async () => {},
  finishFile: async (_o: unknown, _seq: number, state: string, _r: unknown, counter: string, extra: object = {}) => {
    store.finished.push({ state, counter });
    const first = store.firstWrite;
    if (first && store.file) store.file = { ...store.file, ...extra, state };
    return first;
  },
}));
vi.mock('../../../functions/adapters/store/clients.ts', () => ({ getClient: async () => ({ clientId: 'cli_a' }) }));
vi.mock('../../../functions/adapters/store/callbacks.ts', () => ({ putDeadLetter: async () => {} }));
vi.mock('../../../functions/adapters/s3Documents.ts', () => ({
  fileObjects: (_o: unknown, uuid: string) => ({ original: `${uuid}/original`, blocks: `${uuid}/blocks.json`, maskedBlocks: `${uuid}/blocks.masked.json`, redacted: `${uuid}/redacted.png` }),
  getObject: async (key: string) => store.objects.get(key) ?? Buffer.from(''),
  putObject: async (key: string, body: string | Buffer) => void store.objects.set(key, Buffer.from(body)),
}));
vi.mock('../../../functions/app/files/cleanUp.ts', () => ({ cleanUpFinishedFile: async () => {} }));
vi.mock('../../../functions/app/callbackAttempts.ts', () => ({ attemptDelivery: async () => ({ ok: true, attempt: 1 }) }));

const { handler: extractFields } = await import('../../../functions/pipeline/extractFields.ts');
const { handler: recordFileFailure } = await import('../../../functions/pipeline/recordFileFailure.ts');
const { handler: deliverCallback } = await import('../../../functions/pipeline/deliverCallback.ts');
const { handler: deadLetterCallback } = await import('../../../functions/pipeline/deadLetterCallback.ts');
const { metricNames, metricsNamespace, DOCUMENT_TYPE_DIMENSION } = await import('../../../functions/adapters/metrics.ts');

interface Emf {
  _aws: { CloudWatchMetrics: Array<{ Namespace: string; Dimensions: string[][]; Metrics: Array<{ Name: string; Unit: string }> }> };
  [key: string]: unknown;
}

/** Every EMF line printed while `fn` runs (other stdout lines pass through). */
async function emfOf(fn: () => Promise<unknown>): Promise<Emf[]> {
  const lines: Emf[] = [];
  const write = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
    const text = chunk.toString();
    if (text.includes('"_aws"')) {
      for (const l of text.split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Emf);
      return true;
    }
    return write(chunk, ...rest);
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

const flow = { kind: 'flow' as const, clientId: 'cli_a', id: 'flow-1', productType: 'CONSUMER_DURABLE_LOAN' };
/** A task's input as the state machine hands it: the flow under the payload's key (adapters/pipelinePayload.ts). */
const payload = { owner: flow };
const context = { awsRequestId: 'req-1' } as never;

beforeEach(() => {
  store.objects.clear();
  store.finished = [];
  store.firstWrite = true;
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  process.env = saved;
});

describe('document metrics', () => {
  it('a processed file counts once as DocumentsProcessed with its document_type', async () => {
    const lines = ['DELIVERY ORDER', 'To,', 'The Proprietor / Manager', 'Royal Appliances', 'Please deliver the product mentioned below to our customer.', 'Asset Model: OPPO Reno11 5G'];
    store.objects.set('f-1/blocks.json', Buffer.from(JSON.stringify(blocksFromLines(lines.map((text) => ({ text }))))));
    store.file = { seq: 1, fileUuid: 'f-1', state: 'DOWNLOADED', ocrKey: 'f-1/blocks.json', objectKey: 'f-1/original', mime: 'application/pdf' };

    const emf = await emfOf(() => extractFields({ ...payload, file: { seq: 1 } }, context));

    expect(store.finished).toEqual([{ state: 'DONE', counter: 'processed' }]);
    expect(emf).toHaveLength(1);
    const [line] = emf;
    expect(line._aws.CloudWatchMetrics).toEqual([{
      Namespace: metricsNamespace('test'),
      Dimensions: [['service', DOCUMENT_TYPE_DIMENSION]],
      Metrics: [{ Name: metricNames.documentsProcessed, Unit: 'Count' }],
    }]);
    expect(line[DOCUMENT_TYPE_DIMENSION]).toBe('DELIVERY_ORDER');
    expect(line[metricNames.documentsProcessed]).toBe(1);
  });

  it('a run that finds its result already written by another run counts nothing', async () => {
    const lines = ['DELIVERY ORDER', 'Please deliver the product mentioned below to our customer.'];
    store.objects.set('f-1/blocks.json', Buffer.from(JSON.stringify(blocksFromLines(lines.map((text) => ({ text }))))));
    store.file = { seq: 1, fileUuid: 'f-1', state: 'DOWNLOADED', ocrKey: 'f-1/blocks.json', objectKey: 'f-1/original', mime: 'application/pdf' };
    store.firstWrite = false;

    expect(await emfOf(() => extractFields({ ...payload, file: { seq: 1 } }, context))).toEqual([]);
    expect(store.finished).toHaveLength(1);
  });

  it('a failed file counts once as DocumentsFailed with its document_type (UNKNOWN before classification)', async () => {
    store.file = { seq: 2, fileUuid: 'f-2', state: 'DOWNLOADED', documentType: 'INVOICE' };
    const failure = { Error: 'States.Timeout', Cause: '' };
    const classified = await emfOf(() => recordFileFailure({ ...payload, file: { seq: 2 }, failure }, context));
    expect(store.finished).toEqual([{ state: 'FAILED', counter: 'processingFailed' }]);
    expect(classified).toHaveLength(1);
    expect(classified[0]._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: metricNames.documentsFailed, Unit: 'Count' }]);
    expect(classified[0]._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', DOCUMENT_TYPE_DIMENSION]]);
    expect(classified[0][DOCUMENT_TYPE_DIMENSION]).toBe('INVOICE');
    expect(classified[0][metricNames.documentsFailed]).toBe(1);

    store.file = { seq: 3, fileUuid: 'f-3', state: 'QUEUED' };
    const unread = await emfOf(() => recordFileFailure({ ...payload, file: { seq: 3 }, failure: { Error: 'FetchRejectedError', Cause: 'HTTP 404' } }, context));
    expect(unread.map((l) => [l[DOCUMENT_TYPE_DIMENSION], l[metricNames.documentsFailed]])).toEqual([['UNKNOWN', 1]]);
  });

  it('a file already finished when its failure is recorded counts nothing', async () => {
    store.file = { seq: 2, fileUuid: 'f-2', state: 'DONE', documentType: 'INVOICE' };
    expect(await emfOf(() => recordFileFailure({ ...payload, file: { seq: 2 }, failure: { Error: 'States.Timeout' } }, context))).toEqual([]);
  });
});

describe('callback metrics', () => {
  const callback = { eventId: 'evt-1', ...payload, url: 'https://example.test/cb', body: '{}' } as never;

  it('a delivered callback counts as CallbacksDelivered, flushed by the task wrapper', async () => {
    const emf = await emfOf(() => deliverCallback({ callback }, context));
    expect(emf).toHaveLength(1);
    expect(emf[0]._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: metricsNamespace('test'), Dimensions: [['service']] });
    expect(emf[0][metricNames.callbacksDelivered]).toBe(1);
  });

  it('a dead-lettered callback counts as CallbacksDeadLettered', async () => {
    const emf = await emfOf(() => deadLetterCallback({ callback, callbackFailure: { Error: 'CallbackDeliveryError', Cause: 'HTTP 500' } }, context));
    expect(emf).toHaveLength(1);
    expect(emf[0][metricNames.callbacksDeadLettered]).toBe(1);
    expect(emf[0][metricNames.callbacksDelivered]).toBeUndefined();
  });
});
