/**
 * Authentication shared by the routes: client credentials, access tokens of one audience,
 * refresh tokens (opaque, hashed, rotated on use), and the static address-match headers.
 */
import { verifySecret, hashRefreshToken, newOpaqueSecret } from '../core/auth/credentials.ts';
import { issueAccessToken, verifyAccessToken, InvalidTokenError } from '../core/auth/jwt.ts';
import { getClient, isClientId, type ClientInterface, type ClientRecord } from '../adapters/store/clients.ts';
import {
  consumeRefreshToken, getRefreshToken, putRefreshToken, REFRESH_TOKEN_SECONDS,
} from '../adapters/store/refreshTokens.ts';
import { signingKeys } from '../adapters/signingKey.ts';
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

export async function issueTokens(clientId: string, audience: Audience) {
  const keys = await signingKeys();
  const access = await issueAccessToken(keys, clientId, audience);
  const refresh_token = newOpaqueSecret();
  await putRefreshToken({
    tokenHash: hashRefreshToken(refresh_token),
    clientId,
    audience,
    expiresAt: Math.floor(Date.now() / 1000) + REFRESH_TOKEN_SECONDS,
    revoked: false,
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
  return issueTokens(client.clientId, audience);
}

/** The `Token` header as an access token of `audience`; revoked clients fail here too. */
export async function clientFromToken(headers: Headers, audience: Audience): Promise<ClientRecord> {
  const token = headers['token']?.trim();
  if (!token) throw unauthorized();
  let clientId: string;
  try {
    ({ clientId } = await verifyAccessToken(await signingKeys(), token, audience));
  } catch (err) {
    if (err instanceof InvalidTokenError) throw unauthorized();
    throw err;
  }
  const client = await getClient(clientId);
  if (!client || client.disabled || !client.interfaces.includes(audience)) throw unauthorized();
  return client;
}

/** Rotates a refresh token: the presented one is spent, a new pair is issued for its audience. */
export async function refreshTokens(headers: Headers) {
  const token = headers['token']?.trim();
  if (!token) throw new HttpError(400, 'Missing Token header (the refresh_token)');
  const hash = hashRefreshToken(token);
  const record = await getRefreshToken(hash);
  const now = Math.floor(Date.now() / 1000);
  if (!record || record.revoked || record.expiresAt <= now) throw unauthorized('Invalid refresh token');
  if (!(await consumeRefreshToken(hash))) throw unauthorized('Invalid refresh token');
  const client = await getClient(record.clientId);
  if (!client || client.disabled || !client.interfaces.includes(record.audience)) throw unauthorized('Invalid refresh token');
  return issueTokens(client.clientId, record.audience);
}

/** Static lower-case `client_id` / `client_secret` headers of address matching. */
export async function clientFromStaticCredentials(headers: Headers): Promise<ClientRecord> {
  const id = headers['client_id']?.trim();
  const secret = headers['client_secret']?.trim();
  if (!id || !secret) throw new HttpError(401, 'Missing client_id or client_secret');
  const client = await authenticateClient(id, secret, 'addressMatch');
  if (!client) throw new HttpError(401, 'Invalid client_id or client_secret');
  return client;
}
