import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { tracingPossible } from '../../../functions/adapters/tracer.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('tracer (Powertools and the X-Ray SDK loaded only where tracing can be on)', () => {
  it('follows Powertools: on only in Lambda, and POWERTOOLS_TRACE_ENABLED=false turns it off in any case', () => {
    expect(tracingPossible({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x' })).toBe(true);
    expect(tracingPossible({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
    expect(tracingPossible({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingPossible({ POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(false);
    expect(tracingPossible({})).toBe(false);
  });

  it('outside Lambda is the stand-in: clients are returned as they are and the handler middleware finds tracing off', async () => {
    const fresh = await import('../../../functions/adapters/tracer.ts');
    const { tracer } = fresh;
    expect(tracer).toBe(fresh.tracingOff);
    expect(tracer).not.toBeInstanceOf(Tracer);
    const client = { send: () => 1 };
    expect(tracer.captureAWSv3Client(client)).toBe(client);
    expect(tracer.isTracingEnabled()).toBe(false);
    expect(tracer.getSegment()).toBeUndefined();
  });

  it('in Lambda is Powertools\' Tracer (tracing on), and with POWERTOOLS_TRACE_ENABLED=false the stand-in again', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    const on = (await import('../../../functions/adapters/tracer.ts')).tracer;
    expect(on).toBeInstanceOf(Tracer);
    expect(on.isTracingEnabled()).toBe(true);

    vi.resetModules();
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'false');
    const off = (await import('../../../functions/adapters/tracer.ts')).tracer;
    expect(off).not.toBeInstanceOf(Tracer);
    expect(off.isTracingEnabled()).toBe(false);
  });
});
