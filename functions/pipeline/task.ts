import type { Context } from 'aws-lambda';
import { logger } from '../core/logger.ts';

/** A pipeline Task's Lambda handler: every log line it writes carries the invocation's request id. */
export function task<I, O>(run: (input: I) => Promise<O>) {
  return async (input: I, context?: Context): Promise<O> => {
    logger.appendKeys({ request_id: context?.awsRequestId ?? 'unknown' });
    try {
      return await run(input);
    } finally {
      logger.removeKeys(['request_id']);
    }
  };
}
