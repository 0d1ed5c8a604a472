/**
 * `npm run openapi`: writes docs/openapi.json from the route table (with the examples recorded in
 * docs/openapi-examples.json) and the Postman collection generated from it. To record new examples
 * from a run of the local service: `npx tsx bin/openapi-examples.ts` (it ends by calling this).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOpenApiDocument } from '#http/openapiDocument.ts';
import { buildPostmanCollection } from '#http/postmanCollection.ts';
import type { ExamplesFile } from '#http/openapiExamples.ts';

export const OPENAPI_FILE = new URL('../docs/openapi.json', import.meta.url);
export const POSTMAN_FILE = new URL('../docs/postman/docstream.postman_collection.json', import.meta.url);

export const serialise = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

export function writeContractFiles(examples?: ExamplesFile) {
  const document = buildOpenApiDocument(examples);
  writeFileSync(OPENAPI_FILE, serialise(document));
  mkdirSync(new URL('.', POSTMAN_FILE), { recursive: true });
  writeFileSync(POSTMAN_FILE, serialise(buildPostmanCollection(document)));
  console.log(`wrote ${fileURLToPath(OPENAPI_FILE)} and ${fileURLToPath(POSTMAN_FILE)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) writeContractFiles();
