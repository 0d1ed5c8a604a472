/**
 * Operator actions on clients, shared by bin/operator.ts and its tests. Secrets are printed once,
 * when made; the table keeps only hashes (client secrets) or the signing key (webhook secrets).
 */
import { hashSecret, newClientId, newOpaqueSecret } from '../core/auth/credentials.ts';
import {
  createClient, getClient, isClientId, listClients, updateClient, ALL_INTERFACES, type ClientInterface,
} from '../adapters/store/clients.ts';
import { revokeClientRefreshTokens } from '../adapters/store/refreshTokens.ts';
import { productTypes } from '../core/products/catalogue.ts';
import { newWebhookSecret } from '../core/callbacks/signature.ts';

export class OperatorError extends Error {}

async function existing(clientId: string) {
  const client = await getClient(clientId);
  if (!client) throw new OperatorError(`no client ${clientId}`);
  return client;
}

function parseList<T extends string>(value: string | undefined, allowed: readonly string[], what: string, fallback: T[]): T[] {
  if (!value) return fallback;
  if (value === '*') return ['*' as T];
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((i) => !allowed.includes(i));
  if (bad.length) throw new OperatorError(`unknown ${what}: ${bad.join(', ')} (known: ${allowed.join(', ')})`);
  return items as T[];
}

function checkUrl(name: string, value: string) {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    /* fall through */
  }
  throw new OperatorError(`${name} must be an absolute http(s) URL`);
}

export async function createClientCommand(opts: { name: string; products?: string; interfaces?: string; clientId?: string; clientSecret?: string }) {
  const clientId = opts.clientId ?? newClientId();
  if (!isClientId(clientId)) throw new OperatorError('client ids are 1-64 letters, digits, _ or -');
  const clientSecret = opts.clientSecret ?? newOpaqueSecret();
  const webhookSecret = newWebhookSecret();
  await createClient({
    clientId,
    name: opts.name,
    secretHash: await hashSecret(clientSecret),
    disabled: false,
    products: parseList(opts.products, [...productTypes(), '*'], 'product', ['*']),
    interfaces: parseList<ClientInterface>(opts.interfaces, ALL_INTERFACES, 'interface', ALL_INTERFACES),
    webhookSecret,
    createdAt: new Date().toISOString(),
  }).catch((err: Error) => {
    if (err.name === 'ConditionalCheckFailedException') throw new OperatorError(`client ${clientId} already exists`);
    throw err;
  });
  return { clientId, clientSecret, webhookSecret };
}

export async function listClientsCommand() {
  return (await listClients()).map((c) => ({
    clientId: c.clientId, name: c.name, disabled: c.disabled, products: c.products.join(','), interfaces: c.interfaces.join(','),
    callbackUrl: c.callbackUrl ?? '', authUrl: c.authUrl ?? '', fullAadhaar: Boolean(c.fullAadhaar), createdAt: c.createdAt,
  }));
}

export async function setDisabledCommand(clientId: string, disabled: boolean) {
  await existing(clientId);
  await updateClient(clientId, { disabled });
  // Disabling also spends every refresh token; access tokens stop at their next use (client check).
  const revoked = disabled ? await revokeClientRefreshTokens(clientId) : 0;
  return { clientId, disabled, refreshTokensRevoked: revoked };
}

export async function rotateSecretCommand(clientId: string) {
  await existing(clientId);
  const clientSecret = newOpaqueSecret();
  await updateClient(clientId, { secretHash: await hashSecret(clientSecret) });
  return { clientId, clientSecret, refreshTokensRevoked: await revokeClientRefreshTokens(clientId) };
}

export async function rotateWebhookSecretCommand(clientId: string) {
  await existing(clientId);
  const webhookSecret = newWebhookSecret();
  await updateClient(clientId, { webhookSecret });
  return { clientId, webhookSecret };
}

export async function setCallbackCommand(clientId: string, opts: { callbackUrl: string; authUrl: string }) {
  await existing(clientId);
  await updateClient(clientId, { callbackUrl: checkUrl('callback-url', opts.callbackUrl), authUrl: checkUrl('auth-url', opts.authUrl) });
  return { clientId, callbackUrl: opts.callbackUrl, authUrl: opts.authUrl };
}

export async function setFullAadhaarCommand(clientId: string, enabled: boolean) {
  await existing(clientId);
  await updateClient(clientId, { fullAadhaar: enabled });
  return { clientId, fullAadhaar: enabled };
}

export async function revokeTokensCommand(clientId: string) {
  await existing(clientId);
  return { clientId, refreshTokensRevoked: await revokeClientRefreshTokens(clientId) };
}
