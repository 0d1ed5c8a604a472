import { endpoint } from './routeTable/openapi.ts';
// Generated at build time by `npm run openapi` (bin/openapi.ts), pinned fresh by
// test/unit/openapi/contract.test.ts: the route serves it without the generator in its bundle.
import document from '../../docs/openapi.json' with { type: 'json' };

export const handler = endpoint('GET /openapi.json', async () => document);
