import { describe, expect, it } from 'vitest';
import { deriveStatuses, emptyCounters, type FileCounters } from '#core/flow/status.ts';

const c = (over: Partial<FileCounters>): FileCounters => ({ ...emptyCounters(), ...over });
const flow = (counters: Partial<FileCounters>, cross: 'NOT_STARTED' | 'PENDING' | 'COMPLETED' = 'NOT_STARTED') =>
  deriveStatuses(c(counters), cross, { crossChecks: true });

describe('flow statuses', () => {
  it('start NOT_STARTED', () => {
    expect(flow({})).toEqual({ upload_status: 'NOT_STARTED', processing_status: 'NOT_STARTED', crossheck_status: 'NOT_STARTED', master_status: 'NOT_STARTED' });
  });
  it('move to IN_PROGRESS/PENDING once files are accepted', () => {
    expect(flow({ filesTotal: 3 })).toMatchObject({ upload_status: 'IN_PROGRESS', processing_status: 'PENDING', master_status: 'IN_PROGRESS' });
    expect(flow({ filesTotal: 3, downloaded: 1 })).toMatchObject({ upload_status: 'IN_PROGRESS', processing_status: 'IN_PROGRESS' });
  });
  it('wait for cross-checks before master SUCCESS', () => {
    const done = { filesTotal: 2, downloaded: 2, processed: 2 };
    expect(flow(done, 'PENDING')).toMatchObject({ processing_status: 'SUCCESS', crossheck_status: 'PENDING', master_status: 'IN_PROGRESS' });
    expect(flow(done, 'COMPLETED')).toMatchObject({ master_status: 'SUCCESS' });
  });
  it('keep SUCCESS when some documents fail on their own', () => {
    expect(flow({ filesTotal: 3, downloaded: 2, downloadFailed: 1, processed: 1, processingFailed: 1 }, 'COMPLETED')).toMatchObject({
      upload_status: 'SUCCESS', processing_status: 'SUCCESS', master_status: 'SUCCESS',
    });
  });
  it('FAIL when nothing could be downloaded or nothing processed', () => {
    expect(flow({ filesTotal: 2, downloadFailed: 2 })).toMatchObject({ upload_status: 'FAILED', processing_status: 'FAILED', master_status: 'FAILED' });
    expect(flow({ filesTotal: 2, downloaded: 2, processingFailed: 2 })).toMatchObject({ upload_status: 'SUCCESS', processing_status: 'FAILED', master_status: 'FAILED' });
  });
  it('batches finish without cross-checks', () => {
    expect(deriveStatuses(c({ filesTotal: 1, downloaded: 1, processed: 1 }), 'NOT_STARTED', { crossChecks: false }).master_status).toBe('SUCCESS');
  });
});
