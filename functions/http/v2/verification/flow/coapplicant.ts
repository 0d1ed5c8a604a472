import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { endpoint } from '../../../routeTable/v2.ts';
import { conflict } from '../../../middleware/errors.ts';
import { addApplicant } from '../../../../adapters/store/onboarding.ts';
import { findProduct } from '../../../../core/products/catalogue.ts';
import { flowOf } from '../../onboarding.ts';
import { userDocsProblem } from '../../applicants.ts';
import type { V2CoapplicantBody } from '../../../schemas/v2.ts';

type Failure = { external_reference_id: string; error_code: 'DUPLICATE_APPLICANT' | 'INVALID_USER_DOCS'; error_message: string };

/** Each co-applicant succeeds or fails on its own; one conditional put each, in request order. */
export const handler = endpoint<z.infer<typeof V2CoapplicantBody>>('POST /v2/verification/flow/coapplicant', async ({ body, client }) => {
  const flow = await flowOf(client, body.flow_id);
  if (flow.state === 'COMPLETED') throw conflict('Flow is completed: no co-applicants can be added');
  const product = findProduct(flow.productType);
  const created: { co_applicant_id: string; external_reference_id: string }[] = [];
  const failed: Failure[] = [];
  for (const c of body.co_applicants) {
    // An empty list is no list, as at init.
    const userDocs = c.user_docs?.length ? c.user_docs : undefined;
    const problem = userDocs && userDocsProblem(product, userDocs);
    if (problem) {
      failed.push({ external_reference_id: c.external_reference_id, error_code: 'INVALID_USER_DOCS', error_message: problem });
      continue;
    }
    const id = randomUUID();
    const added = await addApplicant(client.clientId, flow.flowId, {
      applicantId: id, externalReferenceId: c.external_reference_id, username: c.username, applicantType: 'coApplicant',
      ...(userDocs ? { userDocs: [...new Set(userDocs)] } : {}), createdAt: new Date().toISOString(),
    }, flow.retentionDays);
    if (added) created.push({ co_applicant_id: id, external_reference_id: c.external_reference_id });
    else failed.push({ external_reference_id: c.external_reference_id, error_code: 'DUPLICATE_APPLICANT', error_message: 'An applicant with this external_reference_id already exists in the flow' });
  }
  return { created, failed };
});
