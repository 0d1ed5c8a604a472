/** Writes docs/openapi.json from the route table (run by `npm run openapi` and at build). */
import { writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../functions/http/openapiDocument.ts';

writeFileSync(new URL('../docs/openapi.json', import.meta.url), JSON.stringify(buildOpenApiDocument(), null, 2) + '\n');
console.log('wrote docs/openapi.json');
