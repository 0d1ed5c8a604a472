import { describe, expect, it } from 'vitest';
import { logger } from '../../../../functions/adapters/logger.ts';
import { lambdaContext } from '../../../../functions/http/middleware/lambdaContext.ts';
import { withRequestLogKeys } from '../../../../functions/http/middleware/logScope.ts';
import { chain, context, event, logLines, route } from './fixtures.ts';

describe('lambdaContext (Powertools injectLambdaContext)', () => {
  it('puts cold_start and the function on every line the invocation logs, beside its own request id', async () => {
    const handler = withRequestLogKeys('POST /test/things', chain(route(), [], async () => {
      logger.info('inside the use case');
      return {};
    }, [lambdaContext()]));
    const [line] = (await logLines(() => handler(event(), context()))).filter((l) => l.message === 'inside the use case');
    expect(line).toMatchObject({
      cold_start: expect.any(Boolean), function_name: 'docstream-test-fn', function_request_id: 'lambda-1', request_id: 'req-1', route: 'POST /test/things',
    });
  });

  it('refreshes them for each invocation: its own function_request_id, and a cold start only once', async () => {
    const handler = chain(route(), [], async ({ state }) => (logger.info(`call ${state.requestId}`), {}), [lambdaContext()]);
    const lines = await logLines(async () => {
      await handler(event({ requestContext: { requestId: 'one' } as never }), context({ awsRequestId: 'l-1' }));
      await handler(event({ requestContext: { requestId: 'two' } as never }), context({ awsRequestId: 'l-2', functionName: 'another-fn' }));
    });
    const one = lines.find((l) => l.message === 'call one');
    const two = lines.find((l) => l.message === 'call two');
    expect([one?.function_request_id, two?.function_request_id, two?.function_name]).toEqual(['l-1', 'l-2', 'another-fn']);
    expect(two?.cold_start).toBe(false);
  });
});
