/**
 * Every kind of item in the one table, declared once: its key templates (keys.ts), its gsi1 key when
 * it is listed there, and how its TTL (`expiresAt`, epoch seconds) is computed. The store modules
 * build and read keys only through these; the table itself is declared in ../tableSchema.ts.
 *
 * Tenant items start with `CLIENT#<client id>` (client ids cannot hold `#`: clients.ts), so another
 * client's identifier is simply not found. A flow's or batch's items share its partition, so one
 * query, one erasure and one expiry take the whole record.
 */
import { envNames } from '../tableSchema.ts';
import { entity } from './keys.ts';

const DAY = 86400;

/** The one TTL computation: epoch seconds, `seconds` after `from`. */
export const ttlAfter = (seconds: number, from: number | Date = Date.now()) => Math.floor(+from / 1000) + seconds;

/**
 * Personal data is kept for a bounded time: the stage's one retention setting (lib/stage-config.ts
 * passes it as RETENTION_DAYS; the bucket's lifecycle uses the same number). See docs/decisions.md.
 */
export const retentionDays = () => Number(process.env[envNames.retentionDays]) || 90;
/** `days`: the client's own retention (operator-set), never beyond the stage's (the bucket's lifecycle). */
export const retentionTtl = (days?: number) => ttlAfter(Math.min(days || Infinity, retentionDays()) * DAY);
const retained = (r: { retentionDays?: number }) => retentionTtl(r.retentionDays);

/** A flow's or batch's partition; `kind`: flow, batch, or onboarding (a v2 flow's pipeline record). */
const FLOW_OR_BATCH_PARTITION = 'CLIENT#{clientId}#{kind:upper}#{id}';
/** The composites of a v2 flow's partition: its pipeline record's (kind `onboarding`). */
export const onboardingPartition = (clientId: string, flowId: string) => ({ clientId, kind: 'onboarding', id: flowId });

export const Client = entity({
  name: 'Client',
  pk: 'CLIENT#{clientId}',
  sk: 'PROFILE',
  // Operator listing of every client, oldest first.
  gsi1: { pk: 'CLIENT', sk: '{createdAt}#{clientId}' },
});

/** Fair sharing: the files in flight of one client, and of the whole stage (admission.ts). */
export const ClientAdmission = entity({ name: 'ClientAdmission', pk: 'CLIENT#{clientId}', sk: 'ADMISSION' });
export const StageAdmission = entity({ name: 'StageAdmission', pk: 'ADMISSION#STAGE', sk: 'ADMISSION' });

/** Refresh tokens and their families are both listed per client on gsi1 (operator revocation). */
const REFRESH_BY_CLIENT = 'REFRESH#{clientId}';
export const RefreshToken = entity({
  name: 'RefreshToken',
  pk: 'REFRESH#{tokenHash}',
  sk: 'REFRESH',
  gsi1: { pk: REFRESH_BY_CLIENT, sk: 'TOKEN#{expiresAt:n}' },
  ttl: (t: { expiresAt: number }) => t.expiresAt,
});
export const RefreshFamily = entity({
  name: 'RefreshFamily',
  pk: 'REFRESHFAMILY#{familyId}',
  sk: 'FAMILY',
  gsi1: { pk: REFRESH_BY_CLIENT, sk: 'FAMILY#{expiresAt:n}' },
  ttl: (f: { sessionExpiresAt: number }) => f.sessionExpiresAt,
});

/**
 * A v3 flow, a batch, or a v2 flow's pipeline record (FlowOrBatch in core/domain/flows.ts). While
 * it has work outstanding it is on a sparse gsi1 partition of open flows and batches, which the
 * reconciler reads; `activeAt`: its last upload or resumption. Erasure replaces it with a tombstone
 * that expires at once.
 *
 * Stored names keep the code's former word for a flow or batch, "owner": the sort key `OWNER`, the
 * open index's `OWNER#OPEN`, and the `owner` attribute of dead letters and Textract jobs
 * (FLOW_OR_BATCH_ATTRIBUTE). Items written by earlier versions carry them, and the expiry stream's
 * filter matches `OWNER`; renaming them would orphan stored data.
 */
export const FlowOrBatch = entity({
  name: 'FlowOrBatch',
  pk: FLOW_OR_BATCH_PARTITION,
  sk: 'OWNER',
  gsi1: { pk: 'OWNER#OPEN', sk: '{activeAt}' },
  ttl: retained,
});
/** The attribute holding the flow or batch (kind, clientId, id) of a DeadLetter or TextractJob item. */
const FLOW_OR_BATCH_ATTRIBUTE = 'owner';
/** A record's attributes as stored: its `flowOrBatch` under FLOW_OR_BATCH_ATTRIBUTE. */
export const storedFlowOrBatch = <T extends { flowOrBatch: unknown }>({ flowOrBatch, ...rest }: T) =>
  ({ ...rest, [FLOW_OR_BATCH_ATTRIBUTE]: flowOrBatch });
/** A stored item read back: FLOW_OR_BATCH_ATTRIBUTE as `flowOrBatch`. */
export function readFlowOrBatch<T extends { flowOrBatch: unknown }>(item: Record<string, unknown>): T {
  const { [FLOW_OR_BATCH_ATTRIBUTE]: flowOrBatch, ...rest } = item;
  return { ...rest, flowOrBatch } as T;
}

/** Uploaded files in upload order, so page N is one key range. They expire with their flow or batch. */
export const File = entity({ name: 'File', pk: FLOW_OR_BATCH_PARTITION, sk: 'FILE#{seq:n6}', ttl: retained });

/** v2 (onboarding) flows: the flow, its applicants, what each upload said, its chat, its outbox. */
export const OnboardingFlow = entity({ name: 'OnboardingFlow', pk: FLOW_OR_BATCH_PARTITION, sk: 'FLOW', ttl: retained });
export const Applicant = entity({ name: 'Applicant', pk: FLOW_OR_BATCH_PARTITION, sk: 'APPLICANT#{ref}', ttl: retained });
export const UploadNote = entity({ name: 'UploadNote', pk: FLOW_OR_BATCH_PARTITION, sk: 'UPLOAD#{seq:n6}', ttl: retained });
export const ChatMessage = entity({ name: 'ChatMessage', pk: FLOW_OR_BATCH_PARTITION, sk: 'CHAT#{seq:n9}', ttl: retained });
/** Pending entries are on a sparse gsi1 partition ordered by their next attempt. */
export const OutboxEntry = entity({
  name: 'OutboxEntry',
  pk: FLOW_OR_BATCH_PARTITION,
  sk: 'OUTBOX#{key}',
  gsi1: { pk: 'OUTBOX', sk: '{at}#{clientId}#{flowId}#{key}' },
  ttl: retained,
});
/** The uniqueness claim of (application_id, external_reference_id); both parts encoded. */
export const FlowKey = entity({
  name: 'FlowKey',
  pk: 'CLIENT#{clientId}#ONBOARDING_KEY#{applicationId:uri}#{ref:uri}',
  sk: 'UNIQUE',
  ttl: retained,
});

/** Delivery attempts of one callback event; they keep the callback URL, so they expire like results. */
export const CallbackAttempt = entity({
  name: 'CallbackAttempt',
  pk: 'CLIENT#{clientId}#EVENT#{eventId}',
  sk: 'ATTEMPT#{attempt:n3}',
  ttl: () => retentionTtl(),
});
/** Undeliverable callbacks, listed for the operator across clients (an internal record, by event id). */
export const DeadLetter = entity({
  name: 'DeadLetter',
  pk: 'DEADLETTER#{eventId}',
  sk: 'DEADLETTER',
  gsi1: { pk: 'DEADLETTER', sk: '{deadAt}#{eventId}' },
  ttl: () => retentionTtl(),
});

/** Textract jobs by JobId (all the notification carries); they outlive the 20-minute wait by far. */
export const TextractJob = entity({ name: 'TextractJob', pk: 'TEXTRACTJOB#{jobId}', sk: 'TEXTRACTJOB', ttl: () => ttlAfter(2 * DAY) });

/** A stored response is answered again for a day; `keyHash`: sha256 of the caller's key. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
export const IdempotencyRecord = entity({
  name: 'IdempotencyRecord',
  pk: 'CLIENT#{clientId}#IDEMPOTENCY#{keyHash}',
  sk: 'IDEMPOTENCY',
  ttl: (at: number) => ttlAfter(IDEMPOTENCY_TTL_SECONDS, at),
});

/** Kept well past the longest data retention, so an erasure's record outlives the erased data. */
export const AUDIT_RETENTION_DAYS = 400;
/** One partition per UTC day (`day`: the record's `at`, YYYY-MM-DD). */
export const AuditRecord = entity({
  name: 'AuditRecord',
  pk: 'AUDIT#{day}',
  sk: '{at}#{id}',
  ttl: (at: Date) => ttlAfter(AUDIT_RETENTION_DAYS * DAY, at),
});
export const auditDay = (iso: string) => iso.slice(0, 10);

/** Every entity, for the tests that hold keys to their formats. */
export const entities = {
  Client, ClientAdmission, StageAdmission, RefreshToken, RefreshFamily, FlowOrBatch, File, OnboardingFlow, Applicant, UploadNote,
  ChatMessage, OutboxEntry, FlowKey, CallbackAttempt, DeadLetter, TextractJob, IdempotencyRecord, AuditRecord,
};
