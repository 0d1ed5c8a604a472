/** An error whose status and message are safe to show to the caller as `{"error": message}`. */
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
export const unauthorized = (m = 'Invalid token') => new HttpError(401, m);
export const conflict = (m: string) => new HttpError(409, m);
export const unprocessable = (m: string) => new HttpError(422, m);
