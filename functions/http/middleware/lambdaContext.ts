/**
 * Powertools' own context injection: every line logged during the invocation carries cold_start,
 * function_name, function_request_id and the rest of the Lambda context. The invocation's own keys
 * (request_id, route) are added by logScope.ts, which isolates concurrent invocations.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { powertoolsLogger } from '../../adapters/logger.ts';

export const lambdaContext = () => injectLambdaContext(powertoolsLogger);
