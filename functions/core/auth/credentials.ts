import { randomBytes, scrypt, timingSafeEqual, createHash } from 'node:crypto';

/**
 * Client secrets are stored as slow salted hashes (scrypt), so a leaked table does not leak
 * credentials. Cost parameters travel with the hash so they can be raised later.
 */
const N = 16384;
const r = 8;
const p = 1;
const KEY_LEN = 32;

function scryptAsync(secret: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LEN, { N: n, r: rr, p: pp, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(secret, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, rr, pp, salt, expected] = parts;
  const key = await scryptAsync(secret, Buffer.from(salt, 'base64url'), Number(n), Number(rr), Number(pp));
  const want = Buffer.from(expected, 'base64url');
  return want.length === key.length && timingSafeEqual(want, key);
}

/** Opaque random credential (client secret, refresh token, webhook secret). */
export const newOpaqueSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

export const newClientId = () => `cli_${randomBytes(10).toString('hex')}`;

/**
 * Refresh tokens are high-entropy random values, so a fast hash is enough to store them
 * (nothing to brute-force) and lets us look them up by hash.
 */
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('base64url');
