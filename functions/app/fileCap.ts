/**
 * The cap on files one flow or batch may ever hold. v3 extracts and callbacks carry every file of
 * a flow in one body, which must stay under Lambda's 6 MB answer (docs/decisions.md).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../adapters/aws.ts';
import { conditionally } from '../adapters/store/conditional.ts';
import { ownerPk, type OwnerRef } from '../adapters/store/owners.ts';
import { MAX_FILES_PER_BATCH, MAX_FILES_PER_FLOW } from './limits.ts';
import { UnprocessableError } from './errors.ts';

export const fileCapOf = (kind: OwnerRef['kind']) => (kind === 'batch' ? MAX_FILES_PER_BATCH : MAX_FILES_PER_FLOW);

/**
 * Admits `n` more files to the owner or answers 422. One conditional ADD on the owner item (no
 * transactions in dynalite), on a counter of its own so it does not depend on how sequence numbers
 * are reserved: concurrent uploads can never together pass the cap. Slots of an upload undone by a
 * failure stay counted, so a flow holds at most the cap, perhaps a little less.
 */
export async function admitFiles(owner: OwnerRef, n: number): Promise<void> {
  const cap = fileCapOf(owner.kind);
  const admitted = n <= cap && (await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: ownerPk(owner), sk: 'OWNER' },
      UpdateExpression: 'ADD filesAdmitted :n',
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(filesAdmitted) OR filesAdmitted <= :room)',
      ExpressionAttributeValues: { ':n': n, ':room': cap - n },
    }),
  ));
  if (!admitted) throw new UnprocessableError(`Too many files: a ${owner.kind} holds at most ${cap} files (this upload has ${n})`);
}
