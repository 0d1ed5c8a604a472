/**
 * The audit trail: who erased, unsealed, rotated or changed what, and when. Records carry ids and
 * actions only (never a number, a secret or a document field), so they can outlive the data they
 * speak of. One partition per UTC day keeps a day's trail one query for the operator.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { AUDIT_RETENTION_DAYS, AuditRecord as AuditItem, auditDay } from './entities.ts';
import { inPartition, queryPages } from './table.ts';

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
export { AUDIT_RETENTION_DAYS };

export async function recordAudit(record: Omit<AuditRecord, 'at'>, at = new Date()): Promise<AuditRecord> {
  const item: AuditRecord = { at: at.toISOString(), ...record };
  await ddb().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...AuditItem.key({ day: auditDay(item.at), at: item.at, id: randomUUID() }),
        ...item,
        expiresAt: AuditItem.ttl(at),
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
    const pk = AuditItem.pk.format({ day: auditDay(day.toISOString()) });
    for await (const page of queryPages<AuditRecord & Record<string, unknown>>(inPartition(pk))) {
      for (const item of page) {
        if (opts.clientId && item.clientId !== opts.clientId) continue;
        if (opts.action && item.action !== opts.action) continue;
        out.push({ at: item.at, action: item.action, actor: item.actor, clientId: item.clientId, subject: item.subject, ...(item.detail ? { detail: item.detail } : {}) });
      }
    }
  }
  return out;
}
