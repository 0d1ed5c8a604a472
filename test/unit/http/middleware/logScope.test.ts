import { describe, expect, it } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../../../../functions/adapters/logger.ts';
import { withRequestLogKeys } from '../../../../functions/http/middleware/logScope.ts';
import { chain, context, event, logLines, route } from './fixtures.ts';

describe('logScope', () => {
  it('keeps each concurrent invocation\'s request id and route on its own lines (one process, as locally)', async () => {
    // Interleaved on purpose: a logs after b started and again after b logged; b the other way round.
    const handler = (key: string) => withRequestLogKeys(key, chain(route(), [], async ({ state }) => {
      await sleep(state.requestId === 'a' ? 30 : 5);
      logger.info(`first ${state.requestId}`);
      await sleep(state.requestId === 'a' ? 1 : 40);
      logger.info(`second ${state.requestId}`);
      return {};
    }));
    const lines = await logLines(() => Promise.all([
      handler('POST /a')(event({ requestContext: { requestId: 'a' } as never }), context()),
      handler('POST /b')(event({ requestContext: { requestId: 'b' } as never }), context()),
    ]));
    const mine = lines.filter((l) => /^(first|second) /.test(String(l.message)));
    expect(mine).toHaveLength(4);
    for (const l of mine) {
      const id = String(l.message).split(' ')[1];
      expect([l.request_id, l.route]).toEqual([id, `POST /${id}`]);
    }
  });

  it('falls back to the Lambda request id when API Gateway gives none', async () => {
    const handler = withRequestLogKeys('GET /x', chain(route(), [], async () => (logger.info('no gateway'), {})));
    const lines = await logLines(() => handler(event({ requestContext: undefined as never }), context({ awsRequestId: 'lambda-9' })));
    expect(lines.find((l) => l.message === 'no gateway')?.request_id).toBe('lambda-9');
  });
});
