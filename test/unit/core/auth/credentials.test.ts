import { describe, expect, it } from 'vitest';
import { hashSecret, verifySecret, hashRefreshToken, newOpaqueSecret } from '#core/auth/credentials.ts';
import { keysFromSeed, issueAccessToken, verifyAccessToken, InvalidTokenError } from '#core/auth/jwt.ts';

describe('client secrets', () => {
  it('are stored as salted scrypt hashes that verify only the right secret', async () => {
    const a = await hashSecret('s3cret');
    const b = await hashSecret('s3cret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('s3cret');
    expect(a.startsWith('scrypt$')).toBe(true);
    expect(await verifySecret('s3cret', a)).toBe(true);
    expect(await verifySecret('s3cret!', a)).toBe(false);
    expect(await verifySecret('s3cret', 'garbage')).toBe(false);
  });
  it('refresh tokens hash deterministically and are random', () => {
    const t = newOpaqueSecret();
    expect(hashRefreshToken(t)).toBe(hashRefreshToken(t));
    expect(newOpaqueSecret()).not.toBe(t);
  });
});

describe('access tokens', () => {
  const keys = keysFromSeed('seed-one');
  it('verify for their audience only', async () => {
    const { access_token } = await issueAccessToken(keys, 'cli_a', 'sandbox');
    expect(await verifyAccessToken(keys, access_token, 'sandbox')).toEqual({ clientId: 'cli_a', generation: 0 });
    await expect(verifyAccessToken(keys, access_token, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('fail with another key, and after expiry', async () => {
    const { access_token } = await issueAccessToken(keys, 'cli_a', 'main');
    await expect(verifyAccessToken(keysFromSeed('seed-two'), access_token, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
    const old = await issueAccessToken(keys, 'cli_a', 'main', Date.now() - 3601_000);
    await expect(verifyAccessToken(keys, old.access_token, 'main')).rejects.toBeInstanceOf(InvalidTokenError);
  });
  it('derive the same key pair from the same seed', () => {
    expect(keysFromSeed('seed-one').kid).toBe(keys.kid);
    expect(keysFromSeed('seed-two').kid).not.toBe(keys.kid);
  });
});
