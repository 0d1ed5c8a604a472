import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../../../functions/app/errors.ts';
import { logger } from '../../../../functions/adapters/logger.ts';
import { requestLog } from '../../../../functions/http/middleware/requestLog.ts';
import type { RouteMiddleware } from '../../../../functions/http/middleware/state.ts';
import { chain, context, event, route } from './fixtures.ts';

afterEach(() => vi.restoreAllMocks());
const asClient: RouteMiddleware = { before: ({ context: { state } }) => { state.client = { clientId: 'cli_a' } as never; } };

describe('requestLog', () => {
  it('logs a served request with its status, time and client, never its headers', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    await chain(route(), [asClient], undefined, [requestLog()])(event({ headers: { Token: 'secret-token' } }), context());
    expect(info).toHaveBeenCalledWith('request served', { status: 201, ms: expect.any(Number), client: 'cli_a' });
    expect(JSON.stringify(info.mock.calls)).not.toContain('secret-token');
  });

  it('logs a refusal with the status and the reason the caller was given', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    await chain(route(), [], async () => { throw new NotFoundError('Flow not found'); }, [requestLog()])(event(), context());
    expect(info).toHaveBeenCalledWith('request refused', { status: 409, reason: 'Flow not found', ms: expect.any(Number) });
    expect(info).not.toHaveBeenCalledWith('request served', expect.anything());
  });

  it('leaves a failure (500) to errorMapping, which logs it with its stack', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    await chain(route(), [], async () => { throw new TypeError('x is undefined'); }, [requestLog()])(event(), context());
    expect(info).not.toHaveBeenCalledWith('request refused', expect.anything());
    expect(error).toHaveBeenCalledWith('request failed', expect.objectContaining({ error: 'TypeError' }));
  });
});
