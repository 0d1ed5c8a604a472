import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { endpoint } from '../../../routeTable/v2.ts';
import { conflict } from '../../../middleware/errors.ts';
import { productFor, requireHttpUrl } from '../../../products.ts';
import { createOwner } from '../../../../adapters/store/owners.ts';
import { claimFlowKey, discardFlow, putFlow, type Applicant } from '../../../../adapters/store/onboarding.ts';
import { checkUserDocs } from '../../applicants.ts';
import type { V2FlowInitBody } from '../../../schemas/v2.ts';

const optionalUrl = (name: string, value: string | undefined) => (value === undefined ? undefined : requireHttpUrl(name, value));

/**
 * The flow and its primary applicant are written first under a fresh flow_id, then the pair
 * (application_id, external_reference_id) is claimed with one conditional put: the loser of a race
 * removes what it wrote and answers 409, and a crash in between leaves only an unreachable flow
 * (expired by TTL), never a claim without a flow.
 */
export const handler = endpoint<z.infer<typeof V2FlowInitBody>>('POST /v2/verification/flow/init', async ({ body, client }) => {
  const product = productFor(client, body.product_type);
  // An empty list is no list: the product's checklist applies (an applicant is never complete with nothing asked).
  const userDocs = body.user_docs?.length ? checkUserDocs(product, body.user_docs) : undefined;
  const urls = {
    callbackUrl: optionalUrl('callback_url', body.callback_url),
    chatNotificationUrl: optionalUrl('chat_notification_url', body.chat_notification_url),
    authTokenUrl: optionalUrl('auth_token_url', body.auth_token_url),
  };
  const flowId = randomUUID();
  const createdAt = new Date().toISOString();
  const flowParams = body.flow_params ?? {};
  const retention = client.retentionDays ? { retentionDays: client.retentionDays } : {};
  await createOwner({ kind: 'onboarding', clientId: client.clientId, id: flowId, productType: product.productType, applicationId: body.application_id, ...retention });
  const primary: Applicant = {
    applicantId: randomUUID(), externalReferenceId: body.external_reference_id, username: body.username, applicantType: 'primary',
    ...(userDocs ? { userDocs } : {}), createdAt,
  };
  await putFlow(
    {
      clientId: client.clientId, flowId, productType: product.productType, applicationId: body.application_id,
      externalReferenceId: body.external_reference_id, ...Object.fromEntries(Object.entries(urls).filter(([, v]) => v)), flowParams, state: 'ACTIVE', createdAt, ...retention,
    },
    primary,
  );
  if (!(await claimFlowKey(client.clientId, body.application_id, body.external_reference_id, flowId, client.retentionDays))) {
    await discardFlow(client.clientId, flowId, body.external_reference_id);
    throw conflict('A flow already exists for this application_id and external_reference_id');
  }
  return { flow_id: flowId, application_id: body.application_id, external_reference_id: body.external_reference_id, username: body.username, flow_params: flowParams };
});
