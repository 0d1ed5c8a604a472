/**
 * Onboarding (v2) flows: the flow, its applicants and what each upload said about its files. They
 * live in the partition of the flow's pipeline owner (`CLIENT#<client>#ONBOARDING#<flow_id>`, see
 * owners.ts), so the pipeline, erasure and TTL treat them as one record. The one cross-flow item is
 * the uniqueness claim of (application_id, external_reference_id), which has its own partition.
 * Every key of these entities is written here and nowhere else.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { expiresAt, ownerPk } from './owners.ts';

export type FlowState = 'ACTIVE' | 'COMPLETED';
export type ApplicantType = 'primary' | 'coApplicant';

export interface OnboardingFlow {
  clientId: string;
  flowId: string;
  productType: string;
  applicationId: string;
  /** The primary applicant's reference: with application_id, the flow's identity. */
  externalReferenceId: string;
  callbackUrl?: string;
  chatNotificationUrl?: string;
  authTokenUrl?: string;
  flowParams: Record<string, unknown>;
  state: FlowState;
  createdAt: string;
  submittedAt?: string;
  /** Chat message numbers handed out (see chat.ts). */
  chatSeq?: number;
  /** The client's retention when the flow was made (absent: the stage's); every item of the flow keeps it. */
  retentionDays?: number;
}

export interface Applicant {
  applicantId: string;
  externalReferenceId: string;
  username: string;
  applicantType: ApplicantType;
  /** The integrator's checklist for this applicant; absent: the product's list for the type. */
  userDocs?: string[];
  createdAt: string;
  /** Set by the operator (`applicant delete`): the applicant then answers 410. */
  deletedAt?: string;
}

/** What an upload said about one of its files, beside the pipeline's own file item. */
export interface UploadNote {
  seq: number;
  /** The applicant named by the upload; absent: attributed by name when read. */
  externalReferenceId?: string;
  submissionMode?: string;
}

export const flowPartition = (clientId: string, flowId: string) => ownerPk({ kind: 'onboarding', clientId, id: flowId });
const flowKey = (clientId: string, flowId: string) => ({ pk: flowPartition(clientId, flowId), sk: 'FLOW' });
const applicantKey = (clientId: string, flowId: string, ref: string) => ({ pk: flowPartition(clientId, flowId), sk: `APPLICANT#${ref}` });
const noteSk = (seq: number) => `UPLOAD#${String(seq).padStart(6, '0')}`;
/** Both parts encoded: ("a#b", "c") and ("a", "b#c") must not share a key. */
const uniqueKey = (clientId: string, applicationId: string, ref: string) => ({
  pk: `CLIENT#${clientId}#ONBOARDING_KEY#${encodeURIComponent(applicationId)}#${encodeURIComponent(ref)}`,
  sk: 'UNIQUE',
});

/** Sends a conditional write; false when its condition did not hold (nothing was written). */
async function conditionally(command: PutCommand | UpdateCommand): Promise<boolean> {
  try {
    await ddb().send(command as UpdateCommand);
    return true;
  } catch (err) {
    if ((err as Error).name === 'ConditionalCheckFailedException') return false;
    throw err;
  }
}

const live = <T>(item: Record<string, unknown> | undefined): T | undefined =>
  item && !(typeof item.expiresAt === 'number' && item.expiresAt < Date.now() / 1000) ? (item as T) : undefined;

export async function putFlow(flow: OnboardingFlow, primary: Applicant) {
  const expires = expiresAt(flow.retentionDays);
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...flowKey(flow.clientId, flow.flowId), ...flow, expiresAt: expires } }));
  await ddb().send(new PutCommand({ TableName: tableName(), Item: { ...applicantKey(flow.clientId, flow.flowId, primary.externalReferenceId), ...primary, expiresAt: expires } }));
}

/**
 * Claims (application_id, external_reference_id) for a flow of this client: one conditional put on
 * an item whose key holds both, so of any number of concurrent inits exactly one wins (dynalite has
 * no transactions). Returns false when another flow holds the pair.
 */
export async function claimFlowKey(clientId: string, applicationId: string, ref: string, flowId: string, retentionDays?: number): Promise<boolean> {
  return conditionally(
    new PutCommand({
      TableName: tableName(),
      Item: { ...uniqueKey(clientId, applicationId, ref), flowId, expiresAt: expiresAt(retentionDays) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Removes the items of a flow that lost its uniqueness claim (nobody was given its id). */
export async function discardFlow(clientId: string, flowId: string, primaryRef: string) {
  const pk = flowPartition(clientId, flowId);
  for (const sk of ['OWNER', 'FLOW', `APPLICANT#${primaryRef}`]) await ddb().send(new DeleteCommand({ TableName: tableName(), Key: { pk, sk } }));
}

export async function getFlow(clientId: string, flowId: string): Promise<OnboardingFlow | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: flowKey(clientId, flowId), ConsistentRead: true }));
  return live<OnboardingFlow>(out.Item);
}

/**
 * Admits an upload to a flow: one conditional write that succeeds only while the flow is ACTIVE,
 * so an upload racing a submit with close_flow=yes lands either before the close or not at all.
 */
export async function admitUpload(clientId: string, flowId: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowKey(clientId, flowId),
      UpdateExpression: 'SET lastUploadAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND #state = :active',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':active': 'ACTIVE' },
    }),
  );
}

/** Completes the flow (close_flow=yes); a completed flow stays completed. */
export async function completeFlow(clientId: string, flowId: string) {
  await conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: flowKey(clientId, flowId),
      UpdateExpression: 'SET #state = :done, submittedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND #state = :active',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':now': new Date().toISOString(), ':active': 'ACTIVE', ':done': 'COMPLETED' },
    }),
  );
}

/** Adds an applicant unless the flow already has one with that reference (false then). */
export async function addApplicant(clientId: string, flowId: string, applicant: Applicant, retentionDays?: number): Promise<boolean> {
  return conditionally(
    new PutCommand({
      TableName: tableName(),
      Item: { ...applicantKey(clientId, flowId, applicant.externalReferenceId), ...applicant, expiresAt: expiresAt(retentionDays) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function getApplicant(clientId: string, flowId: string, ref: string): Promise<Applicant | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tableName(), Key: applicantKey(clientId, flowId, ref), ConsistentRead: true }));
  return live<Applicant>(out.Item);
}

/** Marks an applicant deleted; false when there is no such applicant (or it was already deleted). */
export async function markApplicantDeleted(clientId: string, flowId: string, ref: string): Promise<boolean> {
  return conditionally(
    new UpdateCommand({
      TableName: tableName(),
      Key: applicantKey(clientId, flowId, ref),
      UpdateExpression: 'SET deletedAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deletedAt)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
}

async function queryPrefix<T>(pk: string, prefix: string): Promise<T[]> {
  const items: T[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
        ExclusiveStartKey: start,
        ConsistentRead: true,
      }),
    );
    items.push(...((out.Items ?? []) as T[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Applicants in the order of their references (the primary is marked by its type). */
export const listApplicants = (clientId: string, flowId: string) => queryPrefix<Applicant>(flowPartition(clientId, flowId), 'APPLICANT#');

export async function putUploadNotes(clientId: string, flowId: string, notes: UploadNote[], retentionDays?: number) {
  const pk = flowPartition(clientId, flowId);
  const expires = expiresAt(retentionDays);
  // Few per upload (at most 100); one put each keeps this free of batch-retry logic.
  await Promise.all(notes.map((n) => ddb().send(new PutCommand({ TableName: tableName(), Item: { pk, sk: noteSk(n.seq), ...n, expiresAt: expires } }))));
}

export const listUploadNotes = (clientId: string, flowId: string) => queryPrefix<UploadNote>(flowPartition(clientId, flowId), 'UPLOAD#');

/** Erasure (app/erasure.ts): the flow's uniqueness claim, the one item outside its partition. */
export async function deleteFlowKey(clientId: string, applicationId: string, ref: string) {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: uniqueKey(clientId, applicationId, ref) }));
}
