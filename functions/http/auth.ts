/**
 * Authentication shared by the routes: client credentials, access tokens of one audience,
 * refresh tokens (opaque, hashed, rotated on use), and the static address-match headers.
 */
import { randomUUID } from 'node:crypto';
import { verifySecret, hashRefreshToken, newOpaqueSecret } from '../core/auth/credentials.ts';
import { issueAccessToken, verifyAccessToken, InvalidTokenError } from '../core/auth/jwt.ts';
import { getClient, isClientId, tokenGenerationOf, type ClientInterface, type ClientRecord } from '../adapters/store/clients.ts';
import {
  consumeRefreshToken, getFamily, getRefreshToken, putFamily, putRefreshToken, revokeFamily, rotateFamily, SESSION_SECONDS,
  type RefreshFamily, type RefreshTokenRecord,
} from '../adapters/store/refreshTokens.ts';
import { signingKeys } from '../adapters/signingKey.ts';
import { recentClient } from '../core/auth/recentClients.ts';
import { authenticateAddressMatch } from './v1/address/credentials.ts';
import { logger } from '../adapters/logger.ts';
import type { Audience } from './routes.ts';
import { HttpError, unauthorized } from './middleware/errors.ts';

export type Headers = Record<string, string | undefined>;

/** A client that exists, is enabled, is enabled for this interface and whose secret matches. */
export async function authenticateClient(
  clientId: string, secret: string, iface: ClientInterface,
): Promise<ClientRecord | undefined> {
  const client = isClientId(clientId) ? await getClient(clientId) : undefined;
  // Hash even for unknown ids, so response time does not reveal which ids exist.
  const ok = await verifySecret(secret, client?.secretHash ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA');
  if (!client || !ok || client.disabled || !client.interfaces.includes(iface)) return undefined;
  return client;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

async function accessToken(client: ClientRecord, audience: Audience) {
  return issueAccessToken(await signingKeys(), client.clientId, audience, Date.now(), tokenGenerationOf(client));
}

/** A login: an access token and the first refresh token of a new family (a new session). */
export async function issueTokens(client: ClientRecord, audience: Audience) {
  const access = await accessToken(client, audience);
  const refresh_token = newOpaqueSecret();
  const tokenHash = hashRefreshToken(refresh_token);
  const familyId = randomUUID();
  const sessionExpiresAt = nowSeconds() + SESSION_SECONDS;
  await putRefreshToken({ tokenHash, clientId: client.clientId, audience, familyId, expiresAt: sessionExpiresAt, revoked: false });
  await putFamily({
    familyId, clientId: client.clientId, audience, currentHash: tokenHash, sessionExpiresAt, generation: tokenGenerationOf(client), revoked: false,
  });
  return { ...access, refresh_token, token_type: 'Bearer' };
}

/** `Client-Id` / `Client-Secret` headers to a token, exactly as the spec's error table words it. */
export async function tokenFromCredentials(headers: Headers, audience: Audience) {
  const id = headers['client-id']?.trim();
  const secret = headers['client-secret']?.trim();
  if (!id || !secret) throw new HttpError(400, 'Missing Client-Id or Client-Secret');
  const client = await authenticateClient(id, secret, audience);
  if (!client) throw new HttpError(401, 'Invalid Client-Id or Client-Secret');
  return issueTokens(client, audience);
}

/** The `Token` header as an access token of `audience`; revoked clients fail here too. */
export async function clientFromToken(headers: Headers, audience: Audience): Promise<ClientRecord> {
  const token = headers['token']?.trim();
  if (!token) throw unauthorized();
  let claims: { clientId: string; generation: number };
  try {
    claims = await verifyAccessToken(await signingKeys(), token, audience);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw unauthorized();
    throw err;
  }
  // Remembered for seconds: the token's own signature already vouches for the client id.
  const client = await recentClient(claims.clientId, getClient);
  if (!client || client.disabled || !client.interfaces.includes(audience)) throw unauthorized();
  // Issued before the secret was rotated or the client disabled.
  if (claims.generation !== tokenGenerationOf(client)) throw unauthorized();
  return client;
}

const invalidRefreshToken = () => unauthorized('Invalid refresh token');

/** The client may still hold tokens of this family's generation and audience. */
async function clientOfFamily(family: Pick<RefreshFamily, 'clientId' | 'audience' | 'generation'>): Promise<ClientRecord> {
  const client = await getClient(family.clientId);
  if (!client || client.disabled || !client.interfaces.includes(family.audience) || tokenGenerationOf(client) !== family.generation) {
    throw invalidRefreshToken();
  }
  return client;
}

/**
 * Rotates a refresh token: the presented one is spent and the family gets a new current token,
 * within the session's absolute lifetime. Presenting a spent token is reuse (one of the two
 * holders is not the client): the whole family is revoked, the thief's branch and the client's.
 */
export async function refreshTokens(headers: Headers) {
  const token = headers['token']?.trim();
  if (!token) throw new HttpError(400, 'Missing Token header (the refresh_token)');
  const hash = hashRefreshToken(token);
  const record = await getRefreshToken(hash);
  if (!record) throw invalidRefreshToken();
  if (!record.familyId) return refreshWithoutFamily(record, hash);
  const family = await getFamily(record.familyId);
  if (!family || family.revoked || family.sessionExpiresAt <= nowSeconds()) throw invalidRefreshToken();
  if (family.currentHash !== hash) throw await reuseDetected(family);
  const client = await clientOfFamily(family);
  const refresh_token = newOpaqueSecret();
  const nextHash = hashRefreshToken(refresh_token);
  // The new token's item first: if the rotation below loses, it is an orphan that opens nothing.
  await putRefreshToken({ tokenHash: nextHash, clientId: client.clientId, audience: family.audience, familyId: family.familyId, expiresAt: family.sessionExpiresAt, revoked: false });
  if (!(await rotateFamily(family.familyId, hash, nextHash, nowSeconds()))) throw await reuseDetected(family);
  return { ...(await accessToken(client, family.audience)), refresh_token, token_type: 'Bearer' };
}

async function reuseDetected(family: RefreshFamily) {
  if (await revokeFamily(family.familyId)) {
    logger.warn('spent refresh token presented: its family is revoked', { client: family.clientId, family: family.familyId });
  }
  return invalidRefreshToken();
}

/** Tokens issued before families: spent once, then continued as a family ending when they would have. */
async function refreshWithoutFamily(record: RefreshTokenRecord, hash: string) {
  if (record.revoked || record.expiresAt <= nowSeconds() || !(await consumeRefreshToken(hash))) throw invalidRefreshToken();
  const client = await getClient(record.clientId);
  if (!client || client.disabled || !client.interfaces.includes(record.audience)) throw invalidRefreshToken();
  const refresh_token = newOpaqueSecret();
  const tokenHash = hashRefreshToken(refresh_token);
  const familyId = randomUUID();
  await putRefreshToken({ tokenHash, clientId: client.clientId, audience: record.audience, familyId, expiresAt: record.expiresAt, revoked: false });
  await putFamily({
    familyId, clientId: client.clientId, audience: record.audience, currentHash: tokenHash, sessionExpiresAt: record.expiresAt,
    generation: tokenGenerationOf(client), revoked: false,
  });
  return { ...(await accessToken(client, record.audience)), refresh_token, token_type: 'Bearer' };
}

/** Static lower-case `client_id` / `client_secret` headers of address matching. */
export async function clientFromStaticCredentials(headers: Headers): Promise<ClientRecord> {
  const id = headers['client_id']?.trim();
  const secret = headers['client_secret']?.trim();
  if (!id || !secret) throw new HttpError(401, 'Missing client_id or client_secret');
  const client = await authenticateAddressMatch(id, secret);
  if (!client) throw new HttpError(401, 'Invalid client_id or client_secret');
  return client;
}
