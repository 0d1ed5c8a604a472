import { endpoint } from '../../routeTable/v2.ts';
import { eraseOnboardingFlow } from '../../../app/onboarding/lifecycle.ts';

export const handler = endpoint('DELETE /v2/verification/flow', ({ query, client }) => eraseOnboardingFlow(client, query.flow_id));
