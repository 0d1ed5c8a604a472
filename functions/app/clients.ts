/**
 * Client administration (the operator's): create, list, enable and disable clients, rotate their
 * secrets, set their callback, Aadhaar and retention settings. Secrets are returned once, when
 * made; the table keeps only hashes (client secrets) or the signing key (webhook secrets). Every
 * change is in the audit trail, never the secret itself.
 */
import { hashSecret, newClientId, newOpaqueSecret } from '../core/auth/credentials.ts';
import { newWebhookSecret } from '../core/callbacks/signature.ts';
import { createClient as putNewClient, getClient, isClientId, listClients as listClientRecords, updateClient } from '../adapters/store/clients.ts';

export { ALL_INTERFACES } from '../adapters/store/clients.ts';
import type { ClientInterface, ClientRecord } from '#core/domain/clients.ts';
import { revokeClientRefreshTokens } from '../adapters/store/refreshTokens.ts';
import { recordAudit, type AuditAction } from '../adapters/store/audit.ts';
import { ConflictError, InvalidRequestError, NotFoundError, NotPermittedError } from './errors.ts';

/** A client as the use cases and the HTTP layer speak of it. */
export type Client = ClientRecord;

const audit = (action: AuditAction, clientId: string, detail?: Record<string, string | number | boolean>) =>
  recordAudit({ action, actor: 'operator', clientId, subject: 'client', ...(detail ? { detail } : {}) });

async function existing(clientId: string) {
  const client = await getClient(clientId);
  if (!client) throw new NotFoundError(`no client ${clientId}`);
  return client;
}

function checkUrl(name: string, value: string) {
  try {
    const u = new URL(value);
    if (u.protocol === 'http:' || u.protocol === 'https:') return value;
  } catch {
    /* fall through */
  }
  throw new InvalidRequestError(`${name} must be an absolute http(s) URL`);
}

export interface NewClient {
  name: string;
  /** Product types, or ['*'] for all. */
  products: string[];
  interfaces: ClientInterface[];
  clientId?: string;
  clientSecret?: string;
}

export async function createClient(opts: NewClient) {
  const clientId = opts.clientId ?? newClientId();
  if (!isClientId(clientId)) throw new InvalidRequestError('client ids are 1-64 letters, digits, _ or -');
  const clientSecret = opts.clientSecret ?? newOpaqueSecret();
  const webhookSecret = newWebhookSecret();
  await putNewClient({
    clientId,
    name: opts.name,
    secretHash: await hashSecret(clientSecret),
    disabled: false,
    products: opts.products,
    interfaces: opts.interfaces,
    webhookSecret,
    createdAt: new Date().toISOString(),
  }).catch((err: Error) => {
    if (err.name === 'ConditionalCheckFailedException') throw new ConflictError(`client ${clientId} already exists`);
    throw err;
  });
  await audit('CLIENT_CHANGED', clientId, { change: 'created' });
  return { clientId, clientSecret, webhookSecret };
}

export async function listClients() {
  return (await listClientRecords()).map((c) => ({
    clientId: c.clientId, name: c.name, disabled: c.disabled, products: c.products.join(','), interfaces: c.interfaces.join(','),
    callbackUrl: c.callbackUrl ?? '', authUrl: c.authUrl ?? '', fullAadhaar: Boolean(c.fullAadhaar),
    addressSecret: c.addressMatchSecretIssuedAt ?? (c.interfaces.includes('addressMatch') ? 'client secret (deprecated)' : ''),
    retentionDays: c.retentionDays ?? 'stage', createdAt: c.createdAt,
  }));
}

export async function setClientDisabled(clientId: string, disabled: boolean) {
  await existing(clientId);
  await updateClient(clientId, { disabled });
  await audit('CLIENT_CHANGED', clientId, { change: disabled ? 'disabled' : 'enabled' });
  // Disabling also spends every refresh token; access tokens stop at their next use (client check).
  const revoked = disabled ? await revokeClientRefreshTokens(clientId) : 0;
  return { clientId, disabled, refreshTokensRevoked: revoked };
}

export async function rotateClientSecret(clientId: string) {
  await existing(clientId);
  const clientSecret = newOpaqueSecret();
  await updateClient(clientId, { secretHash: await hashSecret(clientSecret) });
  await audit('SECRET_ROTATED', clientId);
  return { clientId, clientSecret, refreshTokensRevoked: await revokeClientRefreshTokens(clientId) };
}

export async function rotateWebhookSecret(clientId: string) {
  await existing(clientId);
  const webhookSecret = newWebhookSecret();
  await updateClient(clientId, { webhookSecret });
  await audit('WEBHOOK_SECRET_ROTATED', clientId);
  return { clientId, webhookSecret };
}

export async function setClientCallback(clientId: string, opts: { callbackUrl: string; authUrl: string }) {
  await existing(clientId);
  await updateClient(clientId, { callbackUrl: checkUrl('callback-url', opts.callbackUrl), authUrl: checkUrl('auth-url', opts.authUrl) });
  await audit('CLIENT_CHANGED', clientId, { change: 'callback' });
  return { clientId, callbackUrl: opts.callbackUrl, authUrl: opts.authUrl };
}

export async function setFullAadhaar(clientId: string, enabled: boolean) {
  await existing(clientId);
  await updateClient(clientId, { fullAadhaar: enabled });
  await audit('CLIENT_CHANGED', clientId, { change: 'fullAadhaar', fullAadhaar: enabled });
  return { clientId, fullAadhaar: enabled };
}

export async function revokeClientTokens(clientId: string) {
  await existing(clientId);
  return { clientId, refreshTokensRevoked: await revokeClientRefreshTokens(clientId) };
}

/**
 * Issues the client's address-matching secret, or rotates it (the previous one stops at once).
 * From then on the client secret no longer opens address matching.
 */
export async function issueAddressSecret(clientId: string) {
  const client = await existing(clientId);
  if (!client.interfaces.includes('addressMatch')) throw new NotPermittedError(`client ${clientId} is not enabled for addressMatch`);
  const clientSecret = newOpaqueSecret();
  const issuedAt = new Date().toISOString();
  await updateClient(clientId, { addressMatchSecretHash: await hashSecret(clientSecret), addressMatchSecretIssuedAt: issuedAt });
  await audit('ADDRESS_SECRET_ISSUED', clientId, { rotated: Boolean(client.addressMatchSecretHash) });
  return { client_id: clientId, client_secret: clientSecret, issuedAt, validFor: 'POST /v1/address/match/batch only' };
}

/** Longest retention an operator may set; the stage's retention still caps it where data is written. */
export const MAX_RETENTION_DAYS = 3650;

/** `days`: a whole number of days, or `default` for the stage's retention. Applies to flows and batches made from now on. */
export async function setClientRetention(clientId: string, days: string) {
  await existing(clientId);
  let retentionDays: number | undefined;
  if (days !== 'default') {
    retentionDays = Number(days);
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > MAX_RETENTION_DAYS) {
      throw new InvalidRequestError(`retention takes a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or default`);
    }
  }
  await updateClient(clientId, { retentionDays });
  await audit('CLIENT_CHANGED', clientId, { change: 'retention', retentionDays: retentionDays ?? 'stage' });
  return { clientId, retentionDays: retentionDays ?? 'stage' };
}
