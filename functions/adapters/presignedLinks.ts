/**
 * Redacted Aadhaar images are stored privately; results keep only their S3 key (`redact_key`) and
 * every read turns it into a short-lived pre-signed GET (`redact_url`, functions/extracts).
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { objects, bucketName } from './aws.ts';

/** Long enough to fetch and store the image after reading the results; short enough to limit a leak. */
export const REDACT_URL_SECONDS = 15 * 60;

export const presignGet = (key: string, expiresIn = REDACT_URL_SECONDS) =>
  getSignedUrl(objects(), new GetObjectCommand({ Bucket: bucketName(), Key: key }), { expiresIn });
