import type { z } from 'zod';
import { endpoint } from '../../../routeTable/v2.ts';
import { badRequest } from '../../../middleware/errors.ts';
import { completeFlow } from '../../../../adapters/store/onboarding.ts';
import { flowOf, readFlowState } from '../../onboarding.ts';
import { documentEntries } from '../../results.ts';
import { notifyFlow } from '../../notifications.ts';
import type { V2SubmitBody, V2SubmitQuery } from '../../../schemas/v2.ts';

type Params = z.infer<typeof V2SubmitBody>;

/** One of query and body, or both agreeing: a request that says two things is refused. */
function param<K extends keyof Params>(name: K, body: Params, query: z.infer<typeof V2SubmitQuery>): Params[K] {
  if (body?.[name] !== undefined && query[name] !== undefined && body[name] !== query[name]) {
    throw badRequest(`Invalid parameters: ${name} (query and body disagree)`);
  }
  return body?.[name] ?? query[name];
}

/**
 * Returns every document of the flow with its fields (or its processing error) and, with
 * close_flow=yes, completes the flow. A file still in the pipeline has empty data.
 */
export const handler = endpoint<Params, z.infer<typeof V2SubmitQuery>>('POST /v2/verification/flow/submit', async ({ body, query, client }) => {
  const flowId = param('flow_id', body, query);
  if (!flowId) throw badRequest('Missing or empty required parameters: flow_id');
  let flow = await flowOf(client, flowId);
  if (param('close_flow', body, query) === 'yes') {
    await completeFlow(client.clientId, flow.flowId);
    flow = { ...flow, state: 'COMPLETED' };
  }
  const state = await readFlowState(flow);
  const data = await documentEntries(state, client);
  // flow.submitted (once the flow is completed) and anything else not yet notified.
  await notifyFlow(flow, state);
  return { flow_id: flow.flowId, flow_params: flow.flowParams, flow_status: flow.state, data };
});
