import type { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../aws.ts';

/** Sends a conditional write; false when its condition did not hold (nothing was written). */
export async function conditionally(command: UpdateCommand | PutCommand | DeleteCommand): Promise<boolean> {
  try {
    await ddb().send(command as UpdateCommand);
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
