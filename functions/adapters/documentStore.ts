/** Document bytes and derived artefacts in the private bucket, under the owning client's prefix. */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { objects, bucketName } from './aws.ts';
import type { OwnerRef } from './store/owners.ts';

export const documentPrefix = (owner: OwnerRef, fileUuid: string) => `clients/${owner.clientId}/${owner.kind}/${owner.id}/${fileUuid}`;

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
