import { endpoint } from './endpoint.ts';
import { HttpError } from './errors.ts';

/** A route of the spec whose behaviour a later issue builds; authenticated and validated already. */
export const notImplemented = (key: string) =>
  endpoint(key, async () => {
    throw new HttpError(501, 'not implemented');
  });
