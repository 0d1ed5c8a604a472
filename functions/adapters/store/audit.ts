/**
 * The audit trail: who erased, unsealed, rotated or changed what, and when. Records carry ids and
 * actions only (never a number, a secret or a document field), so they can outlive the data they
 * speak of. One partition per UTC day keeps a day's trail one query for the operator.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';

export type AuditAction =
  | 'ERASE'
  | 'UNSEAL'
  | 'SECRET_ROTATED'
  | 'ADDRESS_SECRET_ISSUED'
  | 'WEBHOOK_SECRET_ROTATED'
  | 'CLIENT_CHANGED';

export interface AuditRecord {
  at: string;
  action: AuditAction;
  /** Who acted: a client id (its own request) or `operator`. */
  actor: string;
  /** The client whose data or settings it concerns. */
  clientId: string;
  /** What it concerns: `flow:<uuid>`, `batch:<id>`, `file:<uuid>`, `client`. */
  subject: string;
  detail?: Record<string, string | number | boolean>;
}

/** Kept well past the longest data retention, so an erasure's record outlives the erased data. */
export const AUDIT_RETENTION_DAYS = 400;

const dayKey = (iso: string) => `AUDIT#${iso.slice(0, 10)}`;

export async function recordAudit(record: Omit<AuditRecord, 'at'>, at = new Date()): Promise<AuditRecord> {
  const item: AuditRecord = { at: at.toISOString(), ...record };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: dayKey(item.at),
        sk: `${item.at}#${randomUUID()}`,
        ...item,
        expiresAt: Math.floor(at.getTime() / 1000) + AUDIT_RETENTION_DAYS * 86400,
      },
    }),
  );
  return item;
}

/** Records of the days from `since` to `until` (inclusive), oldest first, optionally of one client. */
export async function listAudit(opts: { since: Date; until?: Date; clientId?: string; action?: AuditAction }): Promise<AuditRecord[]> {
  const until = opts.until ?? new Date();
  const out: AuditRecord[] = [];
  for (let day = new Date(opts.since.toISOString().slice(0, 10)); day <= until; day = new Date(day.getTime() + 86400_000)) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await ddb().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': dayKey(day.toISOString()) },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of (page.Items ?? []) as (AuditRecord & Record<string, unknown>)[]) {
        if (opts.clientId && item.clientId !== opts.clientId) continue;
        if (opts.action && item.action !== opts.action) continue;
        out.push({ at: item.at, action: item.action, actor: item.actor, clientId: item.clientId, subject: item.subject, ...(item.detail ? { detail: item.detail } : {}) });
      }
      start = page.LastEvaluatedKey;
    } while (start);
  }
  return out;
}
