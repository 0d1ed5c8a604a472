import { afterEach, describe, expect, it, vi } from 'vitest';
import { InvalidRequestError } from '../../../../functions/app/errors.ts';
import { metrics } from '../../../../functions/adapters/metrics.ts';
import { logger } from '../../../../functions/adapters/logger.ts';
import { routeMetrics, routeMetricNames, ROUTE_DIMENSION } from '../../../../functions/http/middleware/metrics.ts';
import { chain, context, event, route } from './fixtures.ts';

/** Each single metric the middleware emits: its dimensions and metrics, as EMF would carry them. */
function capture() {
  const emitted: Array<{ dimensions: Record<string, string>; metrics: Array<[string, string, number]> }> = [];
  vi.spyOn(metrics, 'singleMetric').mockImplementation(() => {
    const one = { dimensions: {} as Record<string, string>, metrics: [] as Array<[string, string, number]> };
    emitted.push(one);
    return {
      addDimension: (k: string, v: string) => void (one.dimensions[k] = v),
      addMetric: (n: string, u: string, v: number) => void one.metrics.push([n, u, v]),
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
});
