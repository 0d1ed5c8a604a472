import { randomUUID } from 'node:crypto';
import { endpoint } from '../../../routeTable/v3.ts';
import { productFor, requireHttpUrl } from '../../../products.ts';
import { createOwner } from '../../../../adapters/store/owners.ts';
import type { z } from 'zod';
import type { FlowInitBody } from '../../../schemas/v3.ts';

export const handler = endpoint<z.infer<typeof FlowInitBody>>('POST /v3/verification/flow/init', async ({ body, client }) => {
  productFor(client, body.product_type);
  const flowUuid = randomUUID();
  await createOwner({
    kind: 'flow',
    clientId: client.clientId,
    id: flowUuid,
    productType: body.product_type,
    applicationId: body.application_id,
    authUrl: requireHttpUrl('auth_url', body.auth_url),
    callbackUrl: requireHttpUrl('callback_url', body.callback_url),
    flowParams: body.flow_params ?? {},
    channel: 'v3',
    retentionDays: client.retentionDays,
  });
  return { flow_uuid: flowUuid };
});
