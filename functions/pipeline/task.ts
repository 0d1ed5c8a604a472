import type { Context } from 'aws-lambda';
import { withLogKeys } from '../adapters/logger.ts';
import { asTransient } from './errors.ts';
import { flushMetrics } from '../adapters/metrics.ts';

/**
 * A pipeline Task's Lambda handler: every log line it writes carries the invocation's request id,
 * every transient failure leaves under a name the ASL's Retry lists (errors.ts), and the metrics it
 * added are flushed, success or not.
 */
export function task<I, O>(run: (input: I) => Promise<O>) {
  return async (input: I, context?: Context): Promise<O> =>
    withLogKeys({ request_id: context?.awsRequestId ?? 'unknown' }, async () => {
      try {
        return await run(input);
      } catch (err) {
        throw asTransient(err);
      } finally {
        flushMetrics();
      }
    });
}
