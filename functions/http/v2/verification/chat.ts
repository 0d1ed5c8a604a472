import { notImplemented } from '../../middleware/notImplemented.ts';

/** Onboarding (v2) is not built yet: authenticated and validated, then 501. */
export const handler = notImplemented('POST /v2/verification/chat');
