/**
 * Per-route metrics: the latency of every request and a count of server errors (5xx), each with
 * the route as a dimension ("POST /v3/verification/multiupload"), then whatever else the
 * invocation added (callbacks delivered, ...) flushed once. EMF lines in the function's log
 * (adapters/metrics.ts); silent outside Lambda.
 */
import { metrics, flushMetrics, MetricUnit } from '../../adapters/metrics.ts';
import type { RouteMiddleware, RouteRequest } from './state.ts';

export const ROUTE_DIMENSION = 'route';
export const routeMetricNames = { latency: 'RouteLatency', errors: 'RouteErrors' } as const;

/**
 * The route's metrics are single metrics: their dimension set (the route) differs from the
 * invocation's other metrics. One instance per container, not one per request: Powertools builds a
 * Console and reads the environment for each new one (about 0.3 ms a request, measured), while a
 * single metric publishes each addMetric at once and clears its dimensions, so reusing it emits the
 * same EMF lines. Built again if `singleMetric` itself was replaced (a test's spy).
 */
let single: { from: typeof metrics.singleMetric; metric: ReturnType<typeof metrics.singleMetric> } | undefined;
function singleMetric() {
  if (single?.from !== metrics.singleMetric) single = { from: metrics.singleMetric, metric: metrics.singleMetric() };
  return single.metric;
}

function record({ context: { state }, response }: RouteRequest, routeKey: string) {
  const single = singleMetric();
  single.addDimension(ROUTE_DIMENSION, routeKey);
  single.addMetric(routeMetricNames.latency, MetricUnit.Milliseconds, Date.now() - state.started);
  // No answer at all is a failure too (an error no middleware mapped).
  const status = response?.statusCode ?? 500;
  if (status >= 500) {
    single.addDimension(ROUTE_DIMENSION, routeKey);
    single.addMetric(routeMetricNames.errors, MetricUnit.Count, 1);
  }
  flushMetrics();
}

export const routeMetrics = (routeKey: string): RouteMiddleware => ({
  after: (request) => record(request, routeKey),
  onError: (request) => record(request, routeKey),
});
