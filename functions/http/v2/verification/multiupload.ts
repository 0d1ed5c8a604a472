import { endpoint } from '../../routeTable/v2.ts';
import { uploadToOnboardingFlow } from '../../../app/onboarding/uploads.ts';

export const handler = endpoint('POST /v2/verification/multiupload', ({ body, client }) => uploadToOnboardingFlow(client, body.flow_id, body.file_urls));
