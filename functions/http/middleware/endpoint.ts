/**
 * `endpoint(key, core)` over the whole route table, for handlers not yet importing `endpoint` from
 * their part of it (routeTable/*.ts): their bundles carry every route's schemas. The handler
 * itself is built by serve.ts.
 */
import { findRoute } from '../routes.ts';
import { routeHandler, type Core } from './serve.ts';

export { MAX_BODY_BYTES, type Request, type Reply } from './serve.ts';

export function endpoint<B = unknown, Q = unknown>(key: string, core: Core<B, Q>) {
  return routeHandler<B, Q>(findRoute(key), core);
}
