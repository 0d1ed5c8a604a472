import type { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../aws.ts';

/** Sends a conditional update; false when its condition did not hold (nothing was written). */
export async function conditionally(command: UpdateCommand): Promise<boolean> {
  try {
    await ddb().send(command);
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}
