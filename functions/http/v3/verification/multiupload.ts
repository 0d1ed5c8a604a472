import { endpoint } from '../../routeTable/v3.ts';
import { uploadToFlow } from '../../../app/flows.ts';

export const handler = endpoint('POST /v3/verification/multiupload', ({ body, client }) => uploadToFlow(client, body.flow_uuid, body.file_urls));
