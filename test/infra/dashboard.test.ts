/**
 * The per-stage dashboard graphs the service's own metrics under the namespace, names and
 * dimensions the code emits (functions/adapters/metrics.ts): documents processed and failed per
 * document type, callbacks delivered and dead-lettered. Synthesised without bundling, as in
 * stack.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { synthStage } from './synth.ts';
import { DASHBOARD_DOCUMENT_TYPES } from '../../lib/dashboard.ts';
import { DOCUMENT_TYPES } from '#core/documents/index.ts';
import { DOCUMENT_TYPE_DIMENSION, METRICS_SERVICE, metricNames, metricsNamespace } from '#adapters/metrics.ts';
import { envNames } from '#adapters/tableSchema.ts';

interface Widget { properties: { title?: string; metrics?: unknown[][]; stacked?: boolean } }
type Resource = { Type: string; Properties: any };

/**
 * The dashboard's widgets, with the body's Fn::Join resolved enough to parse (tokens become "?"),
 * and the template's resources.
 */
function synthesise(stage: string): { widgets: Widget[]; resources: Resource[] } {
  const resources = Object.values(synthStage(stage, { validate: false }).json.Resources as Record<string, Resource>);
  const [dashboard] = resources.filter((r) => r.Type === 'AWS::CloudWatch::Dashboard');
  const body = dashboard.Properties.DashboardBody;
  const text = typeof body === 'string' ? body : (body['Fn::Join'][1] as unknown[]).map((p) => (typeof p === 'string' ? p : '?')).join('');
  return { widgets: JSON.parse(text).widgets, resources };
}

/** A widget's metric lines as [namespace, name, dimensions, label]. */
function linesOf(widget: Widget) {
  return (widget.properties.metrics ?? []).map((m) => {
    const options = (typeof m[m.length - 1] === 'object' ? m[m.length - 1] : {}) as { label?: string; stat?: string };
    const parts = m.filter((p) => typeof p === 'string') as string[];
    const [namespace, name, ...pairs] = parts;
    const dimensions = Object.fromEntries(Array.from({ length: pairs.length / 2 }, (_, i) => [pairs[2 * i], pairs[2 * i + 1]]));
    return { namespace, name, dimensions, label: options.label, stat: options.stat };
  });
}

let prod: Widget[];
let dev: Widget[];
let prodResources: Resource[];

beforeAll(() => {
  ({ widgets: prod, resources: prodResources } = synthesise('prod'));
  ({ widgets: dev } = synthesise('dev'));
}, 120_000);


const byTitle = (widgets: Widget[], start: string) => {
  const found = widgets.filter((w) => w.properties.title?.startsWith(start));
  expect(found, start).toHaveLength(1);
  return found[0];
};

describe('dashboard: the service\'s own metrics', () => {
  it('the document types graphed are the core\'s list and UNKNOWN', () => {
    expect([...DASHBOARD_DOCUMENT_TYPES]).toEqual([...DOCUMENT_TYPES, 'UNKNOWN']);
  });

  for (const [title, metricName] of [
    ['Documents processed per type', metricNames.documentsProcessed],
    ['Documents failed or rejected per type', metricNames.documentsFailed],
  ] as const) {
    it(`${title}: one stacked line per document type, summed, in the stage's namespace`, () => {
      const widget = byTitle(prod, title);
      expect(widget.properties.stacked).toBe(true);
      const lines = linesOf(widget);
      expect(lines.map((l) => l.dimensions[DOCUMENT_TYPE_DIMENSION])).toEqual([...DASHBOARD_DOCUMENT_TYPES]);
      for (const l of lines) {
        expect(l).toMatchObject({ namespace: metricsNamespace('prod'), name: metricName, stat: 'Sum' });
        // Exactly the dimension set the code emits: CloudWatch matches dimension sets whole.
        expect(Object.keys(l.dimensions).sort()).toEqual([DOCUMENT_TYPE_DIMENSION, 'service'].sort());
        expect(l.dimensions.service).toBe(METRICS_SERVICE);
        expect(l.label).toBe(l.dimensions[DOCUMENT_TYPE_DIMENSION]);
      }
    });
  }

  it('Callbacks: delivered and dead-lettered from the custom metrics, failed attempts from DeliverCallback errors', () => {
    const lines = linesOf(byTitle(prod, 'Callbacks'));
    expect(lines.find((l) => l.label === 'delivered')).toMatchObject({
      namespace: metricsNamespace('prod'), name: metricNames.callbacksDelivered, dimensions: { service: METRICS_SERVICE }, stat: 'Sum',
    });
    expect(lines.find((l) => l.label === 'dead-lettered')).toMatchObject({
      namespace: metricsNamespace('prod'), name: metricNames.callbacksDeadLettered, dimensions: { service: METRICS_SERVICE }, stat: 'Sum',
    });
    expect(lines.find((l) => l.label === 'failed attempts (retried)')).toMatchObject({ namespace: 'AWS/Lambda', name: 'Errors' });
  });

  it('the tasks that emit them run with the stage the namespace is named after, metrics not switched off', () => {
    // functions/adapters/metrics.ts names the namespace from envNames.stage; EMF needs no IAM (log lines).
    const tasks = prodResources.filter((r) => r.Type === 'AWS::Lambda::Function' && /^Pipeline task (ExtractFields|RecordFileFailure|RecordMapFailure|DeliverCallback|DeadLetterCallback)$/.test(r.Properties.Description ?? ''));
    expect(tasks).toHaveLength(5);
    for (const fn of tasks) {
      const env = fn.Properties.Environment.Variables as Record<string, string>;
      expect(env[envNames.stage], fn.Properties.Description).toBe('prod');
      expect(env.POWERTOOLS_METRICS_DISABLED, fn.Properties.Description).toBeUndefined();
      expect(env.POWERTOOLS_DEV, fn.Properties.Description).toBeUndefined();
    }
  });

  it('each stage graphs its own namespace', () => {
    const namespaces = (widgets: Widget[]) => new Set(widgets.flatMap(linesOf).map((l) => l.namespace).filter((n) => n?.startsWith('DocService/')));
    expect([...namespaces(prod)]).toEqual([metricsNamespace('prod')]);
    expect([...namespaces(dev)]).toEqual([metricsNamespace('dev')]);
  });
});
