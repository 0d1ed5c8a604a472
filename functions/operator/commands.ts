/**
 * Operator commands on clients, shared by bin/operator.ts and its tests: the command line's own
 * parsing (comma lists, `*`) here, the actions themselves in the use cases (app/clients.ts), whose
 * refusals reach the operator as OperatorError with the same message.
 */
import type { ClientInterface } from '#core/domain/clients.ts';
import { productTypes } from '#core/products/catalogue.ts';
import * as clients from '../app/clients.ts';
import { DomainError } from '../app/errors.ts';

export class OperatorError extends Error {}

/** A use case as a command: its refusals are the operator's errors, printed as they are. */
export function command<A extends unknown[], R>(run: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await run(...args);
    } catch (err) {
      if (err instanceof DomainError) throw new OperatorError(err.message);
      throw err;
    }
  };
}

function parseList<T extends string>(value: string | undefined, allowed: readonly string[], what: string, fallback: T[]): T[] {
  if (!value) return fallback;
  if (value === '*') return ['*' as T];
  const items = value.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = items.filter((i) => !allowed.includes(i));
  if (bad.length) throw new OperatorError(`unknown ${what}: ${bad.join(', ')} (known: ${allowed.join(', ')})`);
  return items as T[];
}

export const createClientCommand = command(async (opts: { name: string; products?: string; interfaces?: string; clientId?: string; clientSecret?: string }) =>
  clients.createClient({
    name: opts.name,
    clientId: opts.clientId,
    clientSecret: opts.clientSecret,
    products: parseList(opts.products, [...productTypes(), '*'], 'product', ['*']),
    interfaces: parseList<ClientInterface>(opts.interfaces, clients.ALL_INTERFACES, 'interface', clients.ALL_INTERFACES),
  }));
export const listClientsCommand = command(clients.listClients);
export const setDisabledCommand = command(clients.setClientDisabled);
export const rotateSecretCommand = command(clients.rotateClientSecret);
export const rotateWebhookSecretCommand = command(clients.rotateWebhookSecret);
export const setCallbackCommand = command(clients.setClientCallback);
export const setFullAadhaarCommand = command(clients.setFullAadhaar);
export const revokeTokensCommand = command(clients.revokeClientTokens);
export const issueAddressSecretCommand = command(clients.issueAddressSecret);
export const setRetentionCommand = command(clients.setClientRetention);
