import { endpoint } from '../../routeTable/v2.ts';
import { applicantOf, checklistOf, readFlowState } from '../onboarding.ts';

export const handler = endpoint<unknown, { flow_id: string; external_reference_id: string }>('GET /v2/verification/docs', async ({ query, client }) => {
  const { flow, applicant } = await applicantOf(client, query.flow_id, query.external_reference_id);
  return checklistOf(await readFlowState(flow), applicant);
});
