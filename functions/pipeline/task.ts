import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { powertoolsLogger, withLogKeys } from '../adapters/logger.ts';
import { tracer } from '../adapters/tracer.ts';
import { flushMetrics } from '../adapters/metrics.ts';
import { asTransient } from '#adapters/transientErrors.ts';
import { fromPayload, toPayload } from '#adapters/pipelinePayload.ts';

/** The metrics the task added, flushed once, success or not (adapters/metrics.ts). */
export const metricsFlush = (): middy.MiddlewareObj => ({
  after: () => flushMetrics(),
  onError: () => flushMetrics(),
});

/**
 * Every transient failure leaves under a name the ASL's Retry lists (errors.ts): middy rethrows
 * `request.error` when no middleware answered, so replacing it renames what the state sees.
 */
export const transientErrors = (): middy.MiddlewareObj => ({
  onError: (request) => {
    request.error = asTransient(request.error) as Error;
  },
});

/**
 * A pipeline Task's Lambda handler: middy with Powertools' context on every log line (cold_start,
 * function_name), the X-Ray subsegment (responses not recorded: they carry extracted fields; a
 * no-op where tracing is off), the metrics flush and the transient-error names. The invocation's
 * request id is an AsyncLocalStorage key around it all (adapters/logger.ts): locally, tasks and
 * HTTP requests run concurrently in one process and must not share keys.
 */
export function task<I, O>(run: (input: I) => Promise<O>) {
  // No early timeout: a task that runs out of time fails as Lambda names it (Sandbox.Timedout), which the ASL retries.
  const chain = middy<I, O>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(powertoolsLogger))
    .use(captureLambdaHandler(tracer, { captureResponse: false }))
    .use(metricsFlush())
    .use(transientErrors())
    .handler((input) => run(input));
  return (input: I, context?: Context): Promise<O> =>
    withLogKeys({ request_id: context?.awsRequestId ?? 'unknown' }, () => chain(input, context ?? ({} as Context)));
}

/**
 * A Task state's handler: `task` around a use case that reads and returns the use cases' names, the
 * state machine's payload translated on the way in and out (adapters/pipelinePayload.ts).
 */
export function pipelineTask<I, O>(run: (input: I) => Promise<O>) {
  return task(async (payload: Record<string, unknown>) => toPayload(await run(fromPayload(payload) as I)));
}
