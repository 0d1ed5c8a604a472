/**
 * Clients proving who they are with a secret: the client credentials of the token endpoints, and
 * the static `client_id` / `client_secret` of address matching. A client's own address-matching
 * secret (issued and rotated by the operator) opens that route and nothing else; leaking it from an
 * address-matching integration exposes no documents. Until a client is issued one, its client
 * secret is still accepted there (this release only: docs/decisions.md).
 */
import { verifySecret } from '../core/auth/credentials.ts';
import { getClient, isClientId } from '../adapters/store/clients.ts';
import type { ClientInterface, ClientRecord } from '#core/domain/clients.ts';
import { logger } from '../adapters/logger.ts';

/** Verified against a dummy hash for unknown ids, so response time does not reveal which ids exist. */
const NO_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAA';

/** A client that exists, is enabled, is enabled for this interface and whose secret matches. */
export async function authenticateClient(clientId: string, secret: string, iface: ClientInterface): Promise<ClientRecord | undefined> {
  const client = isClientId(clientId) ? await getClient(clientId) : undefined;
  const ok = await verifySecret(secret, client?.secretHash ?? NO_HASH);
  if (!client || !ok || client.disabled || !client.interfaces.includes(iface)) return undefined;
  return client;
}

export async function authenticateAddressMatch(clientId: string, secret: string): Promise<ClientRecord | undefined> {
  const client = isClientId(clientId) ? await getClient(clientId) : undefined;
  const legacy = Boolean(client && !client.addressMatchSecretHash);
  const ok = await verifySecret(secret, client?.addressMatchSecretHash ?? client?.secretHash ?? NO_HASH);
  if (!client || !ok || client.disabled || !client.interfaces.includes('addressMatch')) return undefined;
  if (legacy) logger.warn('address matching opened with the client secret (deprecated): issue an address-matching secret', { client: client.clientId });
  return client;
}

/** A client as the use cases and the HTTP layer speak of it. */
export type Client = ClientRecord;
