/**
 * One CloudWatch dashboard per stage, `DocService-<stage>`: what integrators feel (requests, errors
 * and latency per route), what the pipeline does (executions, duration, files extracted and failed),
 * whether callbacks arrive (delivered, failed attempts, dead-lettered) and whether Textract throttles.
 * Built from metrics AWS publishes (API Gateway per-method metrics are on: metricsEnabled) and from
 * the service's own (functions/adapters/metrics.ts: EMF lines in the task logs, no IAM needed), whose
 * namespace, names and dimensions are imported from there so the two cannot drift apart.
 */
import { Duration } from 'aws-cdk-lib';
import {
  Dashboard, GraphWidget, Metric, TextWidget, type IMetric, type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { routeKey, routes } from '../functions/http/routes.ts';
import { DOCUMENT_TYPES } from '../functions/core/documents/index.ts';
import { DOCUMENT_TYPE_DIMENSION, METRICS_SERVICE, metricNames, metricsNamespace } from '../functions/adapters/metrics.ts';
import type { StageConfig } from './stage-config.ts';

export interface DashboardProps {
  stageConfig: StageConfig;
  restApi: RestApi;
  functions: IFunction[];
  stateMachine: StateMachine;
}

/** The Textract operations the service calls (functions/adapters/textract*.ts). */
export const TEXTRACT_OPERATIONS = ['DetectDocumentText', 'StartDocumentTextDetection', 'GetDocumentTextDetection'];

export const dashboardName = (stage: string) => `DocService-${stage}`;

/** Every value the document_type dimension takes: UNKNOWN is a file that was never classified. */
export const DASHBOARD_DOCUMENT_TYPES = [...DOCUMENT_TYPES, 'UNKNOWN'] as const;

const period = Duration.minutes(5);
const wide = { width: 12, height: 6 };

export function serviceDashboard(scope: Construct, props: DashboardProps): Dashboard {
  const { stageConfig, restApi, stateMachine } = props;
  const fn = (id: string) => props.functions.find((f) => f.node.id === id);
  const custom = (metricName: string, label: string, dimensions: Record<string, string> = {}) => new Metric({
    namespace: metricsNamespace(stageConfig.stage), metricName, statistic: 'Sum', period, label,
    dimensionsMap: { service: METRICS_SERVICE, ...dimensions },
  });
  // One line per type, stacked: the top line is the total. Listed, not a SEARCH expression, so that
  // every type has its line (and the dashboard its assertion) before it first occurs.
  const perType = (metricName: string) =>
    DASHBOARD_DOCUMENT_TYPES.map((type) => custom(metricName, type, { [DOCUMENT_TYPE_DIMENSION]: type }));

  // Per route: API Gateway's per-method metrics (dimensions ApiName, Stage, Resource, Method).
  const perRoute = (metricName: string, statistic: string) =>
    routes.map((r) => new Metric({
      namespace: 'AWS/ApiGateway', metricName, statistic, period, label: routeKey(r),
      dimensionsMap: { ApiName: restApi.restApiName, Stage: stageConfig.stage, Resource: r.path, Method: r.method },
    }));

  const widgets: IWidget[][] = [
    [
      new TextWidget({
        width: 24, height: 2,
        markdown: `# DocService ${stageConfig.stage}\nRequests, errors and latency per route; the document pipeline; callbacks; Textract. Alarms notify the stack's AlarmTopic. Troubleshooting: docs/troubleshooting.md.`,
      }),
    ],
    [
      new GraphWidget({ title: 'Requests per route (count / 5 min)', left: perRoute('Count', 'Sum'), ...wide }),
      new GraphWidget({ title: 'Latency per route (p95, ms)', left: perRoute('Latency', 'p95'), ...wide }),
    ],
    [
      new GraphWidget({ title: '5xx per route (count / 5 min)', left: perRoute('5XXError', 'Sum'), ...wide }),
      new GraphWidget({ title: '4xx per route (count / 5 min)', left: perRoute('4XXError', 'Sum'), ...wide }),
    ],
    [
      new GraphWidget({
        title: 'Pipeline executions (count / 5 min)',
        left: [
          stateMachine.metricStarted({ period, label: 'started' }),
          stateMachine.metricSucceeded({ period, label: 'succeeded' }),
          stateMachine.metricFailed({ period, label: 'failed' }),
          stateMachine.metricTimedOut({ period, label: 'timed out' }),
        ],
        ...wide,
      }),
      new GraphWidget({
        title: 'Pipeline duration (ms)',
        left: [
          stateMachine.metricTime({ period, statistic: 'Average', label: 'average' }),
          stateMachine.metricTime({ period, statistic: 'p95', label: 'p95' }),
        ],
        ...wide,
      }),
    ],
    [
      new GraphWidget({ title: 'Documents processed per type (count / 5 min)', left: perType(metricNames.documentsProcessed), stacked: true, ...wide }),
      new GraphWidget({ title: 'Documents failed or rejected per type (count / 5 min)', left: perType(metricNames.documentsFailed), stacked: true, ...wide }),
    ],
    [
      new GraphWidget({
        title: 'Callbacks (count / 5 min)',
        left: [
          custom(metricNames.callbacksDelivered, 'delivered'),
          custom(metricNames.callbacksDeadLettered, 'dead-lettered'),
          // Each DeliverCallback run is one attempt; a failed one throws (a Lambda error) and is retried.
          ...errors(fn('DeliverCallback'), 'failed attempts (retried)'),
        ],
        ...wide,
      }),
      new GraphWidget({
        title: 'Whole-Map failures (RecordMapFailure runs / 5 min)',
        left: invocations(fn('RecordMapFailure'), 'Map failed (its files count as failed above)'),
        ...wide,
      }),
    ],
    [
      new GraphWidget({
        title: 'Textract throttles and errors (account and region, count / 5 min)',
        left: TEXTRACT_OPERATIONS.flatMap((operation) => [
          new Metric({ namespace: 'AWS/Textract', metricName: 'ThrottledCount', dimensionsMap: { Operation: operation }, statistic: 'Sum', period, label: `${operation} throttled` }),
          new Metric({ namespace: 'AWS/Textract', metricName: 'ServerErrorCount', dimensionsMap: { Operation: operation }, statistic: 'Sum', period, label: `${operation} server errors` }),
        ]),
        ...wide,
      }),
      new GraphWidget({
        title: 'Function errors and throttles (count / 5 min)',
        left: props.functions.map((f) => f.metricErrors({ period, statistic: 'Sum', label: `${f.node.id} errors` })),
        right: props.functions.map((f) => f.metricThrottles({ period, statistic: 'Sum', label: `${f.node.id} throttles` })),
        ...wide,
      }),
    ],
  ];

  return new Dashboard(scope, 'Dashboard', { dashboardName: dashboardName(stageConfig.stage), widgets });
}

function invocations(f: IFunction | undefined, label: string): IMetric[] {
  return f ? [f.metricInvocations({ period, statistic: 'Sum', label })] : [];
}

function errors(f: IFunction | undefined, label: string): IMetric[] {
  return f ? [f.metricErrors({ period, statistic: 'Sum', label })] : [];
}
