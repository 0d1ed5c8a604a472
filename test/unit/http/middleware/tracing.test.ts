import { afterEach, describe, expect, it, vi } from 'vitest';
import { tracer } from '../../../../functions/adapters/tracer.ts';
import { logger } from '../../../../functions/adapters/logger.ts';
import { tracing } from '../../../../functions/http/middleware/tracing.ts';
import { bodyOf, chain, context, event, route } from './fixtures.ts';

afterEach(() => vi.restoreAllMocks());

describe('tracing (Powertools captureLambdaHandler)', () => {
  it('is off outside Lambda (no X-Ray daemon here): the answer is unchanged and nothing is recorded', async () => {
    expect(tracer.isTracingEnabled()).toBe(false);
    const annotate = vi.spyOn(tracer, 'annotateColdStart');
    const res = await chain(route(), [], async () => ({ ok: 1 }), [tracing()])(event(), context());
    expect(bodyOf(res)).toEqual({ ok: 1 });
    expect(annotate).not.toHaveBeenCalled();
  });

  it('where tracing is on, annotates the cold start and records errors but never the response (personal data)', async () => {
    vi.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true);
    vi.spyOn(tracer, 'getSegment').mockReturnValue(undefined);
    const annotate = vi.spyOn(tracer, 'annotateColdStart').mockImplementation(() => {});
    vi.spyOn(tracer, 'addServiceNameAnnotation').mockImplementation(() => {});
    const response = vi.spyOn(tracer, 'addResponseAsMetadata');
    const errors = vi.spyOn(tracer, 'addErrorAsMetadata').mockImplementation(() => {});
    await chain(route(), [], async () => ({ pan: 'ABCDE1234F' }), [tracing()])(event(), context());
    expect(annotate).toHaveBeenCalledTimes(1);
    expect(response).not.toHaveBeenCalled();
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    await chain(route(), [], async () => { throw new Error('boom'); }, [tracing()])(event(), context()).catch(() => {});
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
  });

  it('leaves the SDK clients as they are where tracing is off (captureAWSv3Client is a no-op)', async () => {
    const { S3Client } = await import('@aws-sdk/client-s3');
    const client = new S3Client({ region: 'ap-south-1' });
    expect(tracer.captureAWSv3Client(client)).toBe(client);
  });
});
