import { endpoint } from '../../routeTable/v2.ts';
import { applicantChecklist } from '../../../app/onboarding/applicants.ts';

export const handler = endpoint('GET /v2/verification/docs', ({ query, client }) => applicantChecklist(client, query.flow_id, query.external_reference_id));
