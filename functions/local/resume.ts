/**
 * After a restart of the local service, executions that were running are gone (they lived in
 * this process); their files are still QUEUED or DOWNLOADED in the table. Start the pipeline
 * again for exactly those files, so a restart loses nothing. (In AWS, executions outlive
 * any one function, so nothing like this is needed there.)
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../adapters/aws.ts';
import { getOwner, type FileRecord, type OwnerRecord } from '../adapters/store/owners.ts';
import { startPipeline } from '../adapters/pipelineStarter.ts';

export async function resumeUnfinishedFiles(): Promise<number> {
  const unfinished = new Map<string, number[]>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'begins_with(sk, :f) AND #state IN (:q, :d)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':f': 'FILE#', ':q': 'QUEUED', ':d': 'DOWNLOADED' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of (out.Items ?? []) as (FileRecord & { pk: string })[]) {
      unfinished.set(item.pk, [...(unfinished.get(item.pk) ?? []), item.seq]);
    }
    start = out.LastEvaluatedKey;
  } while (start);

  let resumed = 0;
  for (const [pk, seqs] of unfinished) {
    const [, clientId, kind, id] = /^CLIENT#(.+)#(FLOW|BATCH)#(.+)$/.exec(pk) ?? [];
    if (!clientId) continue;
    const owner = (await getOwner({ kind: kind === 'FLOW' ? 'flow' : 'batch', clientId, id })) as OwnerRecord | undefined;
    if (!owner) continue;
    const ref = { kind: owner.kind, clientId, id, productType: owner.productType };
    await startPipeline({ owner: ref, files: seqs.sort((a, b) => a - b).map((seq) => ({ seq })) }, `resume-${owner.kind}-${id}-${Date.now()}`);
    resumed += seqs.length;
  }
  return resumed;
}
