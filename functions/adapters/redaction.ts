/**
 * Redacted Aadhaar images are stored privately; results keep only their S3 key (`redact_key`) and
 * every read turns it into a short-lived pre-signed GET (`redact_url`).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { objects, bucketName } from './aws.ts';

/** Long enough to fetch and store the image after reading the results; short enough to limit a leak. */
export const REDACT_URL_SECONDS = 15 * 60;

export const presignGet = (key: string, expiresIn = REDACT_URL_SECONDS) =>
  getSignedUrl(objects(), new GetObjectCommand({ Bucket: bucketName(), Key: key }), { expiresIn });

export async function presignRedactions(data: Record<string, unknown>): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(data)) {
    if (field && typeof field === 'object' && 'redact_key' in field) {
      const { redact_key, ...rest } = field as { redact_key: string };
      out[name] = { ...rest, redact_url: await presignGet(redact_key) };
    } else out[name] = field;
  }
  return out;
}
