/**
 * The examples of the OpenAPI document: answers recorded from a run of the local service by
 * bin/openapi-examples.ts into docs/openapi-examples.json (imported, so the Lambda bundle carries them).
 */
import recorded from '../../docs/openapi-examples.json' with { type: 'json' };

export const EXAMPLES_FILE = new URL('../../docs/openapi-examples.json', import.meta.url);

export interface OperationExamples {
  /** The valid request sent: its JSON body, its query parameters, the optional headers it set (lower-case names). */
  request?: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string> };
  /** The first answer seen per HTTP status. */
  responses: Record<string, unknown>;
}

export interface WebhookExample {
  headers: Record<string, string>;
  body: unknown;
}

export interface ExamplesFile {
  generated_by: string;
  /** Keyed by route key ("POST /v3/verification/flow/init"). */
  operations: Record<string, OperationExamples>;
  webhooks: Record<string, WebhookExample>;
}

export const recordedExamples = recorded as ExamplesFile;
