/**
 * Authentication shared by the routes: client credentials, access tokens of one audience,
 * refresh tokens (opaque, hashed, rotated on use), and the static address-match credentials.
 * Callers pass the presented values (the HTTP layer reads them from headers); refusals are
 * domain errors whose messages are the spec's wording.
 */
import { randomUUID } from 'node:crypto';
import { hashRefreshToken, newOpaqueSecret, verifySecret } from '../core/auth/credentials.ts';
import { issueAccessToken, verifyAccessToken, InvalidTokenError } from '../core/auth/jwt.ts';
import { getClient, isClientId, tokenGenerationOf } from '../adapters/store/clients.ts';
import type { ClientInterface, ClientRecord } from '#core/domain/clients.ts';
import {
  consumeRefreshToken, getFamily, getRefreshToken, putFamily, putRefreshToken, revokeFamily, rotateFamily, SESSION_SECONDS,
} from '../adapters/store/refreshTokens.ts';
import type { RefreshFamily, RefreshTokenRecord } from '#core/domain/auth.ts';
import { signingKeys } from '../adapters/signingKey.ts';
import { recentClient } from '../adapters/recentClients.ts';
import { logger } from '../adapters/logger.ts';
import type { Audience } from '../core/auth/audience.ts';
import { InvalidRequestError, NotAuthenticatedError } from './errors.ts';

/** What a caller presented; absent or blank values are refused with the spec's wording. */
export interface Presented {
  id?: string;
  secret?: string;
}

const invalidToken = () => new NotAuthenticatedError('Invalid token');

/** Verified against a dummy hash for unknown ids, so response time does not reveal which ids exist. */
const NO_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA';

/** A client that exists, is enabled, is enabled for this interface and whose secret matches. */
export async function authenticateClient(clientId: string, secret: string, iface: ClientInterface): Promise<ClientRecord | undefined> {
  const client = isClientId(clientId) ? await getClient(clientId) : undefined;
  const ok = await verifySecret(secret, client?.secretHash ?? NO_HASH);
  if (!client || !ok || client.disabled || !client.interfaces.includes(iface)) return undefined;
  return client;
}

/**
 * The static credentials of address matching. A client's own address-matching secret (issued and
 * rotated by the operator) opens that route and nothing else; leaking it from an address-matching
 * integration exposes no documents. Until a client is issued one, its client secret is still
 * accepted there (this release only: docs/decisions.md).
 */
export async function authenticateAddressMatch(clientId: string, secret: string): Promise<ClientRecord | undefined> {
  const client = isClientId(clientId) ? await getClient(clientId) : undefined;
  const legacy = Boolean(client && !client.addressMatchSecretHash);
  const ok = await verifySecret(secret, client?.addressMatchSecretHash ?? client?.secretHash ?? NO_HASH);
  if (!client || !ok || client.disabled || !client.interfaces.includes('addressMatch')) return undefined;
  if (legacy) logger.warn('address matching opened with the client secret (deprecated): issue an address-matching secret', { client: client.clientId });
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

/** Client credentials (`Client-Id` / `Client-Secret`) to a token, exactly as the spec's error table words it. */
export async function tokenFromCredentials({ id, secret }: Presented, audience: Audience) {
  id = id?.trim();
  secret = secret?.trim();
  if (!id || !secret) throw new InvalidRequestError('Missing Client-Id or Client-Secret');
  const client = await authenticateClient(id, secret, audience);
  if (!client) throw new NotAuthenticatedError('Invalid Client-Id or Client-Secret');
  return issueTokens(client, audience);
}

/** An access token of `audience` to its client; revoked clients fail here too. */
export async function clientFromToken(presented: string | undefined, audience: Audience): Promise<ClientRecord> {
  const token = presented?.trim();
  if (!token) throw invalidToken();
  let claims: { clientId: string; generation: number };
  try {
    claims = await verifyAccessToken(await signingKeys(), token, audience);
  } catch (err) {
    if (err instanceof InvalidTokenError) throw invalidToken();
    throw err;
  }
  // Remembered for seconds: the token's own signature already vouches for the client id.
  const client = await recentClient(claims.clientId, getClient);
  if (!client || client.disabled || !client.interfaces.includes(audience)) throw invalidToken();
  // Issued before the secret was rotated or the client disabled.
  if (claims.generation !== tokenGenerationOf(client)) throw invalidToken();
  return client;
}

const invalidRefreshToken = () => new NotAuthenticatedError('Invalid refresh token');

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
export async function refreshTokens(presented: string | undefined) {
  const token = presented?.trim();
  if (!token) throw new InvalidRequestError('Missing Token header (the refresh_token)');
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

/** The static `client_id` / `client_secret` of address matching. */
export async function clientFromStaticCredentials({ id, secret }: Presented): Promise<ClientRecord> {
  id = id?.trim();
  secret = secret?.trim();
  if (!id || !secret) throw new NotAuthenticatedError('Missing client_id or client_secret');
  const client = await authenticateAddressMatch(id, secret);
  if (!client) throw new NotAuthenticatedError('Invalid client_id or client_secret');
  return client;
}
