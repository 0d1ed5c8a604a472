import { endpoint } from '../../routeTable/v2.ts';
import { eraseOnboardingFlow } from '../../erasure.ts';

export const handler = endpoint<unknown, { flow_id: string }>('DELETE /v2/verification/flow', ({ query, client }) =>
  eraseOnboardingFlow(client, query.flow_id),
);
