/**
 * Onboarding (v2) flows: the flow, its applicants and what each upload said about its files. They
 * live in the partition of the flow's pipeline record (`CLIENT#<client>#ONBOARDING#<flow_id>`, see
 * flowsAndBatches.ts), so the pipeline, erasure and TTL treat them as one record. The one cross-flow item is
 * the uniqueness claim of (application_id, external_reference_id), which has its own partition.
 * Their keys are declared with every other entity's in entities.ts.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '../aws.ts';
import { conditionally } from './conditional.ts';
import { Applicant as ApplicantItem, FlowKey, OnboardingFlow as FlowItem, FlowOrBatch as PipelineFlowItem, UploadNote as NoteItem, onboardingPartition } from './entities.ts';
import { inPartition, queryAll } from './table.ts';
import type { Applicant, ApplicantType, FlowState, OnboardingFlow, UploadNote } from '#core/domain/onboarding.ts';

// re-export: callers move to #core/domain
export type { Applicant, ApplicantType, FlowState, OnboardingFlow, UploadNote };

export const flowPartition = (clientId: string, flowId: string) => FlowItem.pk.format(onboardingPartition(clientId, flowId));
const flowKey = (clientId: string, flowId: string) => FlowItem.key(onboardingPartition(clientId, flowId));
const applicantKey = (clientId: string, flowId: string, ref: string) => ApplicantItem.key({ ...onboardingPartition(clientId, flowId), ref });
const noteKey = (clientId: string, flowId: string, seq: number) => NoteItem.key({ ...onboardingPartition(clientId, flowId), seq });
const uniqueKey = (clientId: string, applicationId: string, ref: string) => FlowKey.key({ clientId, applicationId, ref });

const live = <T>(item: Record<string, unknown> | undefined): T | undefined =>
  item && !(typeof item.expiresAt === 'number' && item.expiresAt < Date.now() / 1000) ? (item as T) : undefined;

export async function putFlow(flow: OnboardingFlow, primary: Applicant) {
  const expires = FlowItem.ttl(flow);
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
      Item: { ...uniqueKey(clientId, applicationId, ref), flowId, expiresAt: FlowKey.ttl({ retentionDays }) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** Removes the items of a flow that lost its uniqueness claim (nobody was given its id). */
export async function discardFlow(clientId: string, flowId: string, primaryRef: string) {
  const part = onboardingPartition(clientId, flowId);
  for (const Key of [PipelineFlowItem.key(part), FlowItem.key(part), ApplicantItem.key({ ...part, ref: primaryRef })]) await ddb().send(new DeleteCommand({ TableName: tableName(), Key }));
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
      Item: { ...applicantKey(clientId, flowId, applicant.externalReferenceId), ...applicant, expiresAt: ApplicantItem.ttl({ retentionDays }) },
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

const queryPrefix = <T>(pk: string, prefix: string) => queryAll<T>({ ...inPartition(pk, { beginsWith: prefix }), ConsistentRead: true });

/** Applicants in the order of their references (the primary is marked by its type). */
export const listApplicants = (clientId: string, flowId: string) => queryPrefix<Applicant>(flowPartition(clientId, flowId), ApplicantItem.sk.prefix);

export async function putUploadNotes(clientId: string, flowId: string, notes: UploadNote[], retentionDays?: number) {
  const expires = NoteItem.ttl({ retentionDays });
  // Few per upload (at most 100); one put each, all at once.
  await Promise.all(notes.map((n) => ddb().send(new PutCommand({ TableName: tableName(), Item: { ...noteKey(clientId, flowId, n.seq), ...n, expiresAt: expires } }))));
}

export const listUploadNotes = (clientId: string, flowId: string) => queryPrefix<UploadNote>(flowPartition(clientId, flowId), NoteItem.sk.prefix);

/** Erasure (app/erasure.ts): the flow's uniqueness claim, the one item outside its partition. */
export async function deleteFlowKey(clientId: string, applicationId: string, ref: string) {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: uniqueKey(clientId, applicationId, ref) }));
}
