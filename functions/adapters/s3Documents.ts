/** Document bytes and derived artefacts in the private bucket, under the owning client's prefix. */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { objects, bucketName } from './aws.ts';
import type { FlowOrBatchRef } from '#core/domain/flows.ts';

export const documentPrefix = (flowOrBatch: FlowOrBatchRef, fileUuid: string) => `clients/${flowOrBatch.clientId}/${flowOrBatch.kind}/${flowOrBatch.id}/${fileUuid}`;

/**
 * Every object one file can have, by fixed names: a task re-run after a crash finds (and a failed
 * file's cleanup deletes) exactly what an earlier run may have written.
 */
export function fileObjects(flowOrBatch: FlowOrBatchRef, fileUuid: string) {
  const prefix = documentPrefix(flowOrBatch, fileUuid);
  return {
    original: `${prefix}/original`,
    /** OCR Blocks as read (may hold a full Aadhaar number until the file is finished). */
    blocks: `${prefix}/blocks.json`,
    /** The Blocks kept once the file is finished, Aadhaar digits masked. */
    maskedBlocks: `${prefix}/blocks.masked.json`,
    /** An Aadhaar card's copy with the first 8 digits and the QR code blocked. */
    redacted: `${prefix}/redacted.png`,
  };
}

export async function putObject(key: string, body: Buffer | string, contentType: string) {
  await objects().send(new PutObjectCommand({ Bucket: bucketName(), Key: key, Body: body, ContentType: contentType, ServerSideEncryption: 'AES256' }));
}

export async function getObject(key: string): Promise<Buffer> {
  const out = await objects().send(new GetObjectCommand({ Bucket: bucketName(), Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

export async function deleteObject(key: string) {
  await objects().send(new DeleteObjectCommand({ Bucket: bucketName(), Key: key }));
}
