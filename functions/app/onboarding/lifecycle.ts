/** An onboarding (v2) flow's life: created with its primary applicant, submitted (and closed), erased. */
import { randomUUID } from 'node:crypto';
import type { ClientRecord } from '#core/domain/clients.ts';
import { createFlowOrBatch, getFlowOrBatch } from '../../adapters/store/flowsAndBatches.ts';
import { claimFlowKey, completeFlow, discardFlow, putFlow } from '../../adapters/store/onboarding.ts';
import type { Applicant } from '#core/domain/onboarding.ts';
import { ConflictError, InvalidRequestError } from '../errors.ts';
import { productFor, requireHttpUrl } from '../products.ts';
import { eraseFlowOrBatch } from '../erasure.ts';
import { checkUserDocs } from './applicants.ts';
import { flowNotFound, flowOf, pipelineFlowOf, readFlowState } from './flows.ts';
import { documentEntries } from './results.ts';
import { notifyFlow } from './notifications.ts';

export interface NewOnboardingFlow {
  product_type: string;
  application_id: string;
  external_reference_id: string;
  username: string;
  user_docs?: string[];
  callback_url?: string;
  chat_notification_url?: string;
  auth_token_url?: string;
  flow_params?: Record<string, unknown>;
}

const optionalUrl = (name: string, value: string | undefined) => (value === undefined ? undefined : requireHttpUrl(name, value));

/**
 * The flow and its primary applicant are written first under a fresh flow_id, then the pair
 * (application_id, external_reference_id) is claimed with one conditional put: the loser of a race
 * removes what it wrote and answers 409, and a crash in between leaves only an unreachable flow
 * (expired by TTL), never a claim without a flow.
 */
export async function startOnboardingFlow(client: ClientRecord, init: NewOnboardingFlow) {
  const product = productFor(client, init.product_type);
  // An empty list is no list: the product's checklist applies (an applicant is never complete with nothing asked).
  const userDocs = init.user_docs?.length ? checkUserDocs(product, init.user_docs) : undefined;
  const urls = {
    callbackUrl: optionalUrl('callback_url', init.callback_url),
    chatNotificationUrl: optionalUrl('chat_notification_url', init.chat_notification_url),
    authTokenUrl: optionalUrl('auth_token_url', init.auth_token_url),
  };
  const flowId = randomUUID();
  const createdAt = new Date().toISOString();
  const flowParams = init.flow_params ?? {};
  const retention = client.retentionDays ? { retentionDays: client.retentionDays } : {};
  await createFlowOrBatch({ kind: 'onboarding', clientId: client.clientId, id: flowId, productType: product.productType, applicationId: init.application_id, ...retention });
  const primary: Applicant = {
    applicantId: randomUUID(), externalReferenceId: init.external_reference_id, username: init.username, applicantType: 'primary',
    ...(userDocs ? { userDocs } : {}), createdAt,
  };
  await putFlow(
    {
      clientId: client.clientId, flowId, productType: product.productType, applicationId: init.application_id,
      externalReferenceId: init.external_reference_id, ...Object.fromEntries(Object.entries(urls).filter(([, v]) => v)), flowParams, state: 'ACTIVE', createdAt, ...retention,
    },
    primary,
  );
  if (!(await claimFlowKey(client.clientId, init.application_id, init.external_reference_id, flowId, client.retentionDays))) {
    await discardFlow(client.clientId, flowId, init.external_reference_id);
    throw new ConflictError('A flow already exists for this application_id and external_reference_id');
  }
  return { flow_id: flowId, application_id: init.application_id, external_reference_id: init.external_reference_id, username: init.username, flow_params: flowParams };
}

export interface SubmitParams {
  flow_id?: string;
  close_flow?: 'yes' | 'no';
}

/** One of query and body, or both agreeing: a request that says two things is refused. */
function param<K extends keyof SubmitParams>(name: K, body: SubmitParams | undefined, query: SubmitParams): SubmitParams[K] {
  if (body?.[name] !== undefined && query[name] !== undefined && body[name] !== query[name]) {
    throw new InvalidRequestError(`Invalid parameters: ${name} (query and body disagree)`);
  }
  return body?.[name] ?? query[name];
}

/**
 * Returns every document of the flow with its fields (or its processing error) and, with
 * close_flow=yes, completes the flow. A file still in the pipeline has empty data. The spec lets
 * the parameters come in the query or the body.
 */
export async function submitOnboardingFlow(client: ClientRecord, body: SubmitParams | undefined, query: SubmitParams) {
  const flowId = param('flow_id', body, query);
  if (!flowId) throw new InvalidRequestError('Missing or empty required parameters: flow_id');
  let flow = await flowOf(client, flowId);
  if (param('close_flow', body, query) === 'yes') {
    await completeFlow(client.clientId, flow.flowId);
    flow = { ...flow, state: 'COMPLETED' };
  }
  const state = await readFlowState(flow);
  const data = await documentEntries(state, client);
  // flow.submitted (once the flow is completed) and anything else not yet notified.
  await notifyFlow(flow, state);
  return { flow_id: flow.flowId, flow_params: flow.flowParams, flow_status: flow.state, data };
}

/** Erasure on request: unknown reads as on the other v2 routes, 409 "Flow not found". */
export async function eraseOnboardingFlow(client: ClientRecord, flowId: string): Promise<void> {
  const pipelineFlow = await getFlowOrBatch(pipelineFlowOf(await flowOf(client, flowId)));
  if (!pipelineFlow) throw flowNotFound();
  await eraseFlowOrBatch(pipelineFlow, client.clientId);
}
