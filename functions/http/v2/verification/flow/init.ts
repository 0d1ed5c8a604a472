import { endpoint } from '../../../routeTable/v2.ts';
import { startOnboardingFlow } from '../../../../app/onboarding/lifecycle.ts';

export const handler = endpoint('POST /v2/verification/flow/init', ({ body, client }) => startOnboardingFlow(client, body));
