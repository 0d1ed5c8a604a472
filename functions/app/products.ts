import { findProduct, UnknownProductError, type Product } from '../core/products/catalogue.ts';
import type { ClientRecord } from '#core/domain/clients.ts';
import { isIP } from 'node:net';
import { isAddressAllowed } from '../adapters/safeFetch.ts';
import { loopbackAllowed } from '../adapters/aws.ts';
import { InvalidRequestError, NotPermittedError } from './errors.ts';

const invalid = (m: string) => new InvalidRequestError(m);

/** The product of a request: known (else 400 naming it) and enabled for this client (else 403). */
export function productFor(client: ClientRecord, productType: string): Product {
  let product: Product;
  try {
    product = findProduct(productType);
  } catch (err) {
    if (err instanceof UnknownProductError) throw invalid(err.message);
    throw err;
  }
  if (!client.products.includes('*') && !client.products.includes(productType)) {
    throw new NotPermittedError(`product_type ${productType} is not enabled for this client`);
  }
  return product;
}

/** auth_url / callback_url must be absolute http(s) URLs; reachability is checked when used. */
export function requireHttpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`Invalid parameters: ${name} (must be an absolute http(s) URL)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`Invalid parameters: ${name} (must be an absolute http(s) URL)`);
  if (url.username || url.password) throw invalid(`Invalid parameters: ${name} (credentials in the URL are not accepted)`);
  if (url.protocol === 'http:' && !loopbackAllowed()) throw invalid(`Invalid parameters: ${name} (must be an https URL)`);
  // A literal address the service would refuse to call is refused now rather than at first use.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !isAddressAllowed(host, loopbackAllowed())) throw invalid(`Invalid parameters: ${name} (address not allowed)`);
  return value;
}
