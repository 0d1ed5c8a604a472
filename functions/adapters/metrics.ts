/**
 * Custom CloudWatch metrics, written as EMF lines to the function's log (CloudWatch turns them into
 * metrics: no PutMetricData call, so no IAM beyond the log group every function has). One Metrics
 * instance per container; whoever adds to it flushes once per invocation (`flushMetrics`, called by
 * the pipeline's task wrapper). The dashboard (lib/dashboard.ts) reads the same names from here.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { envNames } from './tableSchema.ts';
import { logger } from './logger.ts';

export { MetricUnit };

/**
 * The `service` dimension every metric here carries. Fixed, like the namespace below (no
 * POWERTOOLS_* override): the dashboard is built from these values at synth time and must match.
 */
export const METRICS_SERVICE = 'docstream';

/** One namespace per stage, so two stages in one account never add into each other's graphs. */
export const metricsNamespace = (stage: string) => `DocService/${stage}`;

/** The metric names the code emits and the dashboard graphs. */
export const metricNames = {
  documentsProcessed: 'DocumentsProcessed',
  documentsFailed: 'DocumentsFailed',
  callbacksDelivered: 'CallbacksDelivered',
  callbacksDeadLettered: 'CallbacksDeadLettered',
} as const;

/** Dimension of the per-type document metrics (the spec's field name). */
export const DOCUMENT_TYPE_DIMENSION = 'document_type';

// Outside Lambda (npm start, the tests) nothing reads EMF: the lines would only interleave with
// the JSON logs on stdout. Off there unless POWERTOOLS_METRICS_DISABLED says otherwise (a test or
// a developer sets it to "false" to see them). Set in the environment, not on this instance,
// because Powertools' singleMetric() builds new instances that read it again.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.POWERTOOLS_METRICS_DISABLED === undefined) {
  process.env.POWERTOOLS_METRICS_DISABLED = 'true';
}

export const metrics = new Metrics({
  namespace: metricsNamespace(process.env[envNames.stage] || 'local'),
  serviceName: METRICS_SERVICE,
  // Powertools' own warnings (a bad dimension) go to the structured log, not a bare console line.
  logger,
});

/** Emits what this invocation added; silent when it added nothing (most HTTP routes, most tasks). */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}

/**
 * One finished file, by its document type. A metric of its own (emitted at once): its dimension
 * set differs from whatever else the invocation adds to the shared instance.
 */
export function countDocument(outcome: 'processed' | 'failed', documentType: string): void {
  const single = metrics.singleMetric();
  single.addDimension(DOCUMENT_TYPE_DIMENSION, documentType || 'UNKNOWN');
  single.addMetric(outcome === 'processed' ? metricNames.documentsProcessed : metricNames.documentsFailed, MetricUnit.Count, 1);
}

/** One callback event delivered or given up on (flushed with the invocation). */
export function countCallback(outcome: 'delivered' | 'deadLettered'): void {
  metrics.addMetric(outcome === 'delivered' ? metricNames.callbacksDelivered : metricNames.callbacksDeadLettered, MetricUnit.Count, 1);
}
