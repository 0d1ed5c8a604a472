import { endpoint } from '../../routeTable/v2.ts';
import { applicantStatuses } from '../../../app/onboarding/applicants.ts';

/** Per-file statuses of one applicant's documents (beyond the spec's v2 routes; docs/onboarding.md). */
export const handler = endpoint('GET /v2/verification/status', ({ query, client }) => applicantStatuses(client, query.flow_id, query.external_reference_id));
