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

function record({ context: { state }, response }: RouteRequest, routeKey: string) {
  // A metric of its own: its dimension set (the route) differs from the invocation's other metrics.
  const single = metrics.singleMetric();
  single.addDimension(ROUTE_DIMENSION, routeKey);
  single.addMetric(routeMetricNames.latency, MetricUnit.Milliseconds, Date.now() - state.started);
  // No answer at all is a failure too (an error no middleware mapped).
  const status = response?.statusCode ?? 500;
  if (status >= 500) {
    const errors = metrics.singleMetric();
    errors.addDimension(ROUTE_DIMENSION, routeKey);
    errors.addMetric(routeMetricNames.errors, MetricUnit.Count, 1);
  }
  flushMetrics();
}

export const routeMetrics = (routeKey: string): RouteMiddleware => ({
  after: (request) => record(request, routeKey),
  onError: (request) => record(request, routeKey),
});
