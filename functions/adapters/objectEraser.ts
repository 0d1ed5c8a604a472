/** Deletes every object under a key prefix of the private bucket (a flow's or batch's files, all their artefacts). */
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { objects, bucketName } from './aws.ts';

/** Returns how many objects were deleted. Listing again until empty also catches keys written meanwhile. */
export async function deletePrefix(prefix: string): Promise<number> {
  // A prefix that is not a folder could reach into a neighbour's keys (flow "ab" vs "abc").
  if (!prefix.endsWith('/') || prefix.split('/').filter(Boolean).length < 3) throw new Error('refusing to delete a prefix that is not a flow or batch folder');
  let deleted = 0;
  for (;;) {
    const page = await objects().send(new ListObjectsV2Command({ Bucket: bucketName(), Prefix: prefix, MaxKeys: 1000 }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (!keys.length) return deleted;
    const out = await objects().send(new DeleteObjectsCommand({ Bucket: bucketName(), Delete: { Objects: keys, Quiet: true } }));
    if (out.Errors?.length) throw new Error(`could not delete ${out.Errors.length} object(s): ${out.Errors[0].Code}`);
    deleted += keys.length;
  }
}
