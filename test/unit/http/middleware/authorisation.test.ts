import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NotAuthenticatedError } from '../../../../functions/app/errors.ts';

const auth = vi.hoisted(() => ({
  clientFromToken: vi.fn(),
  clientFromStaticCredentials: vi.fn(),
}));
vi.mock('../../../../functions/app/auth.ts', () => auth);

const { authorisation, clientCredentials } = await import('../../../../functions/http/middleware/authorisation.ts');
const { bodyOf, chain, context, event, route } = await import('./fixtures.ts');

const client = { clientId: 'cli_a' };
const send = (r: ReturnType<typeof route>, headers: Record<string, string>) =>
  chain(r, [authorisation()], async ({ state }) => ({ client: state.client?.clientId ?? null }))(event({ headers }), context());

beforeEach(() => {
  auth.clientFromToken.mockReset().mockResolvedValue(client);
  auth.clientFromStaticCredentials.mockReset().mockResolvedValue(client);
});

describe('authorisation', () => {
  it('opens a token route with the Token header for the route audience', async () => {
    const res = await send(route({ auth: { kind: 'token', audience: 'bulk' } }), { Token: 'jwt' });
    expect(bodyOf(res)).toEqual({ client: 'cli_a' });
    expect(auth.clientFromToken).toHaveBeenCalledWith('jwt', 'bulk');
  });

  it('opens address matching with the static lower-case headers', async () => {
    await send(route({ auth: { kind: 'staticCredentials' } }), { client_id: 'cli_a', client_secret: 's' });
    expect(auth.clientFromStaticCredentials).toHaveBeenCalledWith({ id: 'cli_a', secret: 's' });
  });

  it('refuses before the core runs when the use case refuses (401)', async () => {
    auth.clientFromToken.mockRejectedValue(new NotAuthenticatedError('Invalid token'));
    const core = vi.fn();
    const res = await chain(route({ auth: { kind: 'token', audience: 'main' } }), [authorisation()], core)(event(), context());
    expect([res.statusCode, bodyOf(res)]).toEqual([401, { error: 'Invalid token' }]);
    expect(core).not.toHaveBeenCalled();
  });

  it('leaves token endpoints (credentials, refresh token) and open routes to their use case', async () => {
    for (const kind of ['clientCredentials', 'refreshToken', 'none'] as const) {
      const a = kind === 'clientCredentials' ? { kind, audience: 'main' as const } : { kind };
      expect(bodyOf(await send(route({ auth: a }), { Token: 'x' }))).toEqual({ client: null });
    }
    expect(auth.clientFromToken).not.toHaveBeenCalled();
    expect(clientCredentials({ 'client-id': 'i', 'client-secret': 's' })).toEqual({ id: 'i', secret: 's' });
  });
});
