/**
 * What a route is: the runtime part of the route table (path, auth, schemas, flags). Documentation
 * (OpenAPI) is generated from the same entries at build time only (../openapiDocument.ts).
 */
import * as z from 'zod';
import type { ZodType } from 'zod';

import type { Audience } from '../../core/auth/audience.ts';

export type { Audience };

export type RouteAuth =
  | { kind: 'none' }
  /** Client-Id / Client-Secret headers, answered with a token for this audience. */
  | { kind: 'clientCredentials'; audience: Audience }
  /** The `Token` header must carry a JWT of this audience. */
  | { kind: 'token'; audience: Audience }
  /** The `Token` header carries an opaque refresh token. */
  | { kind: 'refreshToken' }
  /** Lower-case `client_id` / `client_secret` headers that do not expire (address matching). */
  | { kind: 'staticCredentials' };

export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  /** Module under functions/http, without extension; mirrors the path so it can be found from it. */
  handler: string;
  auth: RouteAuth;
  /** The spec's host: the sandbox paths live on {sandbox_url}. Locally both share one origin. */
  host: 'main' | 'sandbox';
  summary: string;
  body?: ZodType;
  query?: ZodType;
  /** Success status and schema (204: no body; the schema is then unused). */
  success: { status: 200 | 201 | 204; schema: ZodType };
  /** Documented error statuses (besides the 400/401/413/415 every route may answer). */
  errors?: number[];
  /** Heavier routes (OCR-adjacent, matching) get more memory in AWS. */
  memoryMb?: number;
  /** Creates something: honours `Idempotency-Key` (middleware/idempotency.ts). */
  creates?: true;
}

/** Erasure answers 204 with no body (docs/data-lifecycle.md). */
export const Erased = z.null();

export const routeKey = (r: Pick<Route, 'method' | 'path'>) => `${r.method} ${r.path}`;

/**
 * A part of the route table, its entries' literal types kept (method, path, schemas, auth), so a
 * handler's `endpoint(key, core)` infers its body, query and client from its route.
 */
export const defineRoutes = <const T extends readonly Route[]>(routes: T): T => routes;
