import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidRequestError } from '../../../../functions/app/errors.ts';
import { metrics } from '../../../../functions/adapters/metrics.ts';
import { logger } from '../../../../functions/adapters/logger.ts';
import { routeMetrics, routeMetricNames, ROUTE_DIMENSION } from '../../../../functions/http/middleware/metrics.ts';
import { chain, context, event, route } from './fixtures.ts';

/**
 * Each single metric the middleware emits: its dimensions and metrics, as EMF would carry them. Like
 * Powertools' single metric, each addMetric is published at once with the dimensions added before
 * it, which are then cleared (the middleware may reuse one instance).
 */
function capture() {
  const emitted: Array<{ dimensions: Record<string, string>; metrics: Array<[string, string, number]> }> = [];
  vi.spyOn(metrics, 'singleMetric').mockImplementation(() => {
    let dimensions: Record<string, string> = {};
    return {
      addDimension: (k: string, v: string) => void (dimensions[k] = v),
      addMetric: (n: string, u: string, v: number) => {
        emitted.push({ dimensions, metrics: [[n, u, v]] });
        dimensions = {};
      },
    } as never;
  });
  const flushed = vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => metrics);
  vi.spyOn(metrics, 'hasStoredMetrics').mockReturnValue(true);
  return { emitted, flushed };
}

afterEach(() => vi.restoreAllMocks());

const KEY = 'POST /test/things';

describe('routeMetrics', () => {
  it('records the latency of a served request under its route, and flushes the invocation\'s metrics', async () => {
    const { emitted, flushed } = capture();
    await chain(route(), [], async () => new Promise((r) => setTimeout(() => r({}), 20)), [routeMetrics(KEY)])(event(), context());
    expect(emitted).toHaveLength(1);
    expect(emitted[0].dimensions).toEqual({ [ROUTE_DIMENSION]: KEY });
    const [[name, unit, ms]] = emitted[0].metrics;
    expect([name, unit]).toEqual([routeMetricNames.latency, 'Milliseconds']);
    expect(ms).toBeGreaterThanOrEqual(15);
    expect(flushed).toHaveBeenCalledTimes(1);
  });

  it('counts a 5xx as an error of the route, a refusal (4xx) not', async () => {
    const { emitted } = capture();
    await chain(route(), [], async () => { throw new InvalidRequestError('bad'); }, [routeMetrics(KEY)])(event(), context());
    expect(emitted.flatMap((e) => e.metrics.map((m) => m[0]))).toEqual([routeMetricNames.latency]);
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    await chain(route(), [], async () => { throw new Error('boom'); }, [routeMetrics(KEY)])(event(), context());
    const errors = emitted.filter((e) => e.metrics.some((m) => m[0] === routeMetricNames.errors));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toEqual({ dimensions: { [ROUTE_DIMENSION]: KEY }, metrics: [[routeMetricNames.errors, 'Count', 1]] });
  });

  it('emits one EMF line per metric with the route as its only dimension, request after request (one reused single metric)', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: any[]) => {
      if (chunk.toString().includes('"_aws"')) return Boolean(lines.push(chunk.toString()));
      return write(chunk, ...rest);
    });
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    await chain(route(), [], async () => ({}), [routeMetrics(KEY)])(event(), context());
    await chain(route(), [], async () => { throw new Error('boom'); }, [routeMetrics(KEY)])(event(), context());
    vi.unstubAllEnvs();
    const emf = lines.map((l) => JSON.parse(l));
    expect(emf.map((e) => e._aws.CloudWatchMetrics[0].Metrics.map((m: { Name: string }) => m.Name))).toEqual([
      [routeMetricNames.latency], [routeMetricNames.latency], [routeMetricNames.errors],
    ]);
    for (const e of emf) {
      expect(e._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service', ROUTE_DIMENSION]]);
      expect(e[ROUTE_DIMENSION]).toBe(KEY);
    }
  });
});
