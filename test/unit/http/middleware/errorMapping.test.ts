import { describe, expect, it, vi } from 'vitest';
import {
  ConflictError, GoneError, InvalidRequestError, NotAuthenticatedError, NotFoundError, NotPermittedError, TooBusyError,
  UnavailableError, UnprocessableError, RetryLaterError,
} from '../../../../functions/app/errors.ts';
import { HttpError } from '../../../../functions/http/middleware/errors.ts';
import { refusalOf } from '../../../../functions/http/middleware/errorMapping.ts';
import { logger } from '../../../../functions/adapters/logger.ts';
import { bodyOf, chain, context, event, route } from './fixtures.ts';

const failWith = (err: unknown) => chain(route(), [], async () => { throw err; })(event(), context());

describe('errorMapping', () => {
  it.each([
    [new InvalidRequestError('Missing x'), 400],
    [new NotAuthenticatedError('Invalid token'), 401],
    [new NotPermittedError('product_type X is not enabled for this client'), 403],
    [new NotFoundError('Flow not found'), 409],
    [new ConflictError('Flow is completed'), 409],
    [new GoneError('Applicant already deleted'), 410],
    [new UnprocessableError('Too many files'), 422],
    [new TooBusyError('Too many documents in processing'), 429],
    [new UnavailableError('retry the upload'), 503],
  ])('answers %s with %i and {"error": message}', async (err, status) => {
    const res = await failWith(err);
    expect(res.statusCode).toBe(status);
    expect(bodyOf(res)).toEqual({ error: (err as Error).message });
    expect(res.headers?.['content-type']).toBe('application/json');
  });

  it('sends Retry-After with a retry-later refusal that knows it, and none otherwise', async () => {
    expect((await failWith(new TooBusyError('busy', 7))).headers?.['retry-after']).toBe('7');
    expect((await failWith(new UnavailableError('down'))).headers?.['retry-after']).toBeUndefined();
  });

  it('answers an HttpError with its own status, message and headers', async () => {
    const res = await failWith(new HttpError(413, 'Request body too large', { 'x-a': 'b' }));
    expect(res.statusCode).toBe(413);
    expect(bodyOf(res)).toEqual({ error: 'Request body too large' });
    expect(res.headers?.['x-a']).toBe('b');
  });

  it('maps a subclass like its parent, and a kind without a status (or anything else) to a 500 that hides it', async () => {
    class FlowClosed extends ConflictError {}
    expect(refusalOf(new FlowClosed('closed'))?.status).toBe(409);
    expect(refusalOf(new RetryLaterError('which?'))).toBeUndefined();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const res = await failWith(new Error('secret internals at /var/task'));
    expect(res.statusCode).toBe(500);
    expect(bodyOf(res).error).toBe('Internal error; quote this request id to support: req-1');
    expect(res.body).not.toContain('secret internals');
    expect(error).toHaveBeenCalledWith('request failed', expect.objectContaining({ error: 'Error', message: 'secret internals at /var/task' }));
    error.mockRestore();
  });
});
