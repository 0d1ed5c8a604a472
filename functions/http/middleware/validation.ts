import type { ZodError, ZodType } from 'zod';
import { badRequest } from './errors.ts';
import type { RouteMiddleware } from './state.ts';

/**
 * Turns zod issues into one message naming every offending parameter, in the spec's wording:
 * missing or empty names first ("Missing or empty required parameters: application_id"), then
 * wrongly typed or out-of-range ones.
 */
export function describeIssues(error: ZodError): string {
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || 'body';
    const received = (issue as { input?: unknown }).input;
    const isMissing =
      (issue.code === 'invalid_type' && received === undefined) ||
      (issue.code === 'too_small' && (issue as { origin?: string }).origin === 'string' && issue.path.length > 0);
    if (isMissing) missing.push(name);
    else invalid.push(`${name} (${issue.message})`);
  }
  const parts: string[] = [];
  if (missing.length) parts.push(`Missing or empty required parameters: ${[...new Set(missing)].join(', ')}`);
  if (invalid.length) parts.push(`Invalid parameters: ${[...new Set(invalid)].join('; ')}`);
  return parts.join('. ');
}

export function parseWith<T>(schema: ZodType<T>, input: unknown): T {
  // reportInput: an issue then carries the offending value, which tells "missing" from "wrong type".
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw badRequest(describeIssues(result.error));
  return result.data;
}

/** The body and query against the route's schemas; the core then sees their parsed types. */
export const validation = (): RouteMiddleware => ({
  before: ({ event, context: { state } }) => {
    const { route } = state;
    state.body = route.body ? parseWith(route.body, state.rawBody ?? {}) : undefined;
    state.query = route.query ? parseWith(route.query, event.queryStringParameters ?? {}) : event.queryStringParameters ?? {};
  },
});
