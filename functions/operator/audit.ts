/** The audit trail and erasure sweeps, for bin/operator.ts. */
import { listAudit, type AuditAction } from '#adapters/store/audit.ts';
import { sweepErased } from '../app/erasure.ts';
import { OperatorError } from './commands.ts';

const ACTIONS: AuditAction[] = ['ERASE', 'UNSEAL', 'SECRET_ROTATED', 'ADDRESS_SECRET_ISSUED', 'WEBHOOK_SECRET_ROTATED', 'CLIENT_CHANGED'];

function sinceDays(days: string | undefined, fallback: number): Date {
  const n = days === undefined ? fallback : Number(days);
  if (!Number.isInteger(n) || n < 0 || n > 400) throw new OperatorError('--days takes a whole number from 0 to 400');
  return new Date(Date.now() - n * 86400_000);
}

/** Records of the last `days` days (default 7), oldest first. */
export async function listAuditCommand(opts: { days?: string; client?: string; action?: string }) {
  const action = opts.action?.toUpperCase() as AuditAction | undefined;
  if (action && !ACTIONS.includes(action)) throw new OperatorError(`unknown action ${opts.action} (known: ${ACTIONS.join(', ')})`);
  const records = await listAudit({ since: sinceDays(opts.days, 7), clientId: opts.client, action });
  return records.map((r) => ({ at: r.at, action: r.action, actor: r.actor, clientId: r.clientId, subject: r.subject, detail: r.detail ? JSON.stringify(r.detail) : '' }));
}

/** Erases again what tasks in flight at an erasure may have written after it (default: the last 2 days). */
export async function sweepErasedCommand(opts: { days?: string }) {
  return sweepErased(sinceDays(opts.days, 2));
}
