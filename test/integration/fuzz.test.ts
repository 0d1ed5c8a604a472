/**
 * Property-based fuzzing over HTTP: mutated bodies, headers and query strings against every route
 * of the route table. No answer may be a 5xx, and every 4xx is JSON {"error": "..."}.
 * `npm run bench:fuzz` runs the same generator for 10,000 requests.
 */
import { describe, it, test } from './fixtures.ts';
import fc from 'fast-check';
import { routes, routeKey } from '#http/routes.ts';
import type { Integrator } from './integrator.ts';
import { answerProblem, fuzzContext, requestsFor, send, type FuzzContext } from './fuzzRequests.ts';
import type { LocalService } from '../../functions/local/index.ts';

/** Requests per route: ~25 routes keep the whole file within ~30 s on two cores. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

let service: LocalService;
let integrator: Integrator;
let ctx: FuzzContext;
test.beforeAll(async ({ service: running, integrator: started }) => {
  [service, integrator] = [running, started];
  integrator.files.set('/note.txt', { bytes: Buffer.from('plain text'), type: 'text/plain' });
  ctx = await fuzzContext(service.url, integrator.url);
});

describe('fuzzed requests', () => {
  for (const route of routes) {
    it(`${routeKey(route)}: no 5xx, every 4xx is {"error"}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, ctx), async (req) => {
          const answer = await send(ctx, req);
          const problem = answerProblem(req, answer);
          if (problem) throw new Error(`${problem}: ${req.method} ${req.path.slice(0, 200)} after ${req.mutations.join('; ')} -> ${JSON.stringify(answer.body).slice(0, 300)}`);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }, 60_000);
  }
});
