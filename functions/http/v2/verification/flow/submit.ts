import { endpoint } from '../../../routeTable/v2.ts';
import { submitOnboardingFlow } from '../../../../app/onboarding/lifecycle.ts';

export const handler = endpoint('POST /v2/verification/flow/submit', ({ body, query, client }) => submitOnboardingFlow(client, body, query));
