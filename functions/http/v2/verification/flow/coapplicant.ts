import { endpoint } from '../../../routeTable/v2.ts';
import { addCoapplicants } from '../../../../app/onboarding/applicants.ts';

export const handler = endpoint('POST /v2/verification/flow/coapplicant', ({ body, client }) => addCoapplicants(client, body.flow_id, body.co_applicants));
