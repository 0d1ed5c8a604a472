import type { Product } from '../../core/products/catalogue.ts';
import { badRequest } from '../middleware/errors.ts';

/** The document types a user_docs list names, each one the product accepts (else a message saying which not). */
export function userDocsProblem(product: Product, userDocs: readonly string[]): string | undefined {
  const unknown = [...new Set(userDocs.filter((d) => !product.documentTypes.includes(d)))];
  return unknown.length ? `user_docs: ${unknown.join(', ')} not accepted for ${product.productType} (accepted: ${product.documentTypes.join(', ')})` : undefined;
}

/** user_docs of a flow init: 400 naming the types the product does not accept; duplicates dropped. */
export function checkUserDocs(product: Product, userDocs: readonly string[]): string[] {
  const problem = userDocsProblem(product, userDocs);
  if (problem) throw badRequest(`Invalid parameters: ${problem}`);
  return [...new Set(userDocs)];
}
