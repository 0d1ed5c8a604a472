import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedServices, type EmbeddedServices } from '../../../functions/local/embedded.ts';
import { useLocalPipeline } from '#adapters/pipelineStarter.ts';
import { createFlowOrBatch, getFlowOrBatch, listFiles } from '#adapters/store/flowsAndBatches.ts';
import { storeAndProcess } from '../../../functions/app/uploads.ts';
import { deriveStatuses } from '#core/flow/status.ts';
import { UnavailableError } from '../../../functions/app/errors.ts';
import { refusalOf } from '#http/middleware/errorMapping.ts';

let services: EmbeddedServices;
beforeAll(async () => {
  services = await startEmbeddedServices({});
});
afterAll(async () => {
  useLocalPipeline(undefined);
  await services.stop();
});

describe('storeAndProcess', () => {
  it('stores nothing of an upload whose pipeline cannot start, and answers 503', async () => {
    const batch = { kind: 'batch' as const, clientId: 'cli_x', id: 'BATCH-000001-ABCDEF-20260101000000', productType: 'MSME_LOAN' };
    await createFlowOrBatch({ ...batch, channel: 'bulk' });
    useLocalPipeline({
      run: async () => {
        throw Object.assign(new Error('rate exceeded'), { name: 'ThrottlingException' });
      },
      isRunning: () => false,
    });
    const err = await storeAndProcess(batch, batch.id, [{ file_url: 'https://example.org/a.png', document_id: 'a' }]).catch((e) => e);
    expect(err).toBeInstanceOf(UnavailableError);
    expect(refusalOf(err)?.status).toBe(503);
    expect(await listFiles(batch)).toEqual([]);
    const stored = (await getFlowOrBatch(batch))!;
    expect(stored.filesTotal).toBe(0);
    expect(deriveStatuses(stored, stored.crossCheckStatus, { crossChecks: false }).master_status).toBe('NOT_STARTED');
  });
});
