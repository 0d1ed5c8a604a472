import { endpoint } from './middleware/endpoint.ts';
import { buildOpenApiDocument } from './openapiDocument.ts';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

export const handler = endpoint('GET /openapi.json', async () => (document ??= buildOpenApiDocument()));
