// Verified tokens are remembered per container; what a verification refused must still be refused on
// every later call, and a remembered token must stop working when it expires.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_SECONDS, InvalidTokenError, issueAccessToken, keysFromSeed, verifyAccessToken } from '#core/auth/jwt.ts';

afterEach(() => vi.useRealTimers());

describe('verifyAccessToken, remembered', () => {
  it('answers the same claims twice and refuses the token for another audience both times', async () => {
    const keys = keysFromSeed('remembered-1');
    const { access_token } = await issueAccessToken(keys, 'cli_r', 'main', Date.now(), 3);
    expect(await verifyAccessToken(keys, access_token, 'main')).toEqual({ clientId: 'cli_r', generation: 3 });
    expect(await verifyAccessToken(keys, access_token, 'main')).toEqual({ clientId: 'cli_r', generation: 3 });
    await expect(verifyAccessToken(keys, access_token, 'bulk')).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verifyAccessToken(keys, access_token, 'bulk')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-11-24T08:00:00Z');
    vi.setSystemTime(start);
    const keys = keysFromSeed('remembered-2');
    const { access_token } = await issueAccessToken(keys, 'cli_e', 'main', Date.now());
    await verifyAccessToken(keys, access_token, 'main');
    vi.setSystemTime(start.getTime() + ACCESS_TOKEN_SECONDS * 1000 - 1000);
    expect((await verifyAccessToken(keys, access_token, 'main')).clientId).toBe('cli_e');
    vi.setSystemTime(start.getTime() + ACCESS_TOKEN_SECONDS * 1000);
    await expect(verifyAccessToken(keys, access_token, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('does not carry a token verified under one key pair over to another', async () => {
    const keys = keysFromSeed('remembered-3');
    const { access_token } = await issueAccessToken(keys, 'cli_k', 'main');
    await verifyAccessToken(keys, access_token, 'main');
    await expect(verifyAccessToken(keysFromSeed('rotated'), access_token, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token with one changed signature character even after the original was remembered', async () => {
    const keys = keysFromSeed('remembered-4');
    const { access_token } = await issueAccessToken(keys, 'cli_t', 'main');
    await verifyAccessToken(keys, access_token, 'main');
    const last = access_token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = access_token.slice(0, -2) + last + access_token.at(-1);
    await expect(verifyAccessToken(keys, tampered, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
