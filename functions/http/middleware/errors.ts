/**
 * An error of the HTTP layer itself (body too large, wrong content type, malformed JSON, invalid
 * parameters, Idempotency-Key misuse), whose status and message are safe to show to the caller as
 * `{"error": message}`. The use cases throw domain errors instead (app/errors.ts).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Response headers that go with it (Retry-After of a 429). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (m: string) => new HttpError(400, m);
