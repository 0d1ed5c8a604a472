/**
 * The one route table. CDK builds API Gateway from it (lib/api.ts) and the local server dispatches
 * from it (bin/local.ts); the OpenAPI document is generated from it at build time (openapiDocument.ts).
 * A route's handler lives at functions/http/<handler>.ts and exports `handler`; it imports
 * `endpoint` from its own part of the table (routeTable/*.ts), so its bundle holds that part only.
 */
import { authRoutes } from './routeTable/auth.ts';
import { v3Routes } from './routeTable/v3.ts';
import { v2Routes } from './routeTable/v2.ts';
import { batchRoutes } from './routeTable/batch.ts';
import { addressRoutes } from './routeTable/address.ts';
import { openapiRoutes } from './routeTable/openapi.ts';
import { routeKey, type Route } from './routeTable/types.ts';

export { routeKey, type Audience, type Route, type RouteAuth } from './routeTable/types.ts';

export const routes: Route[] = [...authRoutes, ...v3Routes, ...v2Routes, ...batchRoutes, ...addressRoutes, ...openapiRoutes];

export function findRoute(key: string): Route {
  const route = routes.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`no route ${key} in the route table`);
  return route;
}

export { ErrorBody } from './schemas/common.ts';
