/**
 * Fair sharing at the door: an upload is admitted only while its client, and the stage as a whole, stay within
 * their files in flight (adapters/store/admission.ts). Beyond a client's limit: 429; beyond the stage's: 503;
 * both with `Retry-After`, and nothing of the upload is stored.
 */
import { admit, retryAfterSeconds, type AdmissionFlowOrBatch } from '../adapters/store/admission.ts';
import { TooBusyError, UnavailableError } from './errors.ts';

export async function admitUpload(flowOrBatch: AdmissionFlowOrBatch, fileUuids: string[]): Promise<void> {
  const admission = await admit(flowOrBatch, fileUuids);
  if (admission.admitted) return;
  const retryAfter = retryAfterSeconds();
  if (admission.scope === 'client') {
    throw new TooBusyError(
      `Too many documents in processing: a client may have ${admission.limit} files in flight (this upload has ${fileUuids.length}); retry when earlier files finish`,
      retryAfter,
    );
  }
  throw new UnavailableError('Document processing is at capacity; retry the upload later', retryAfter);
}
