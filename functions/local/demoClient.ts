import { hashSecret, newOpaqueSecret, verifySecret } from '#core/auth/credentials.ts';
import { createClient, getClient, updateClient, ALL_INTERFACES } from '#adapters/store/clients.ts';
import { newWebhookSecret } from '#core/callbacks/signature.ts';

export interface DemoClient {
  clientId: string;
  /** Present only when generated now (printed once) or given by the environment. */
  clientSecret?: string;
  /** The callback signing secret; present only when the client was created now (printed once with the credentials). */
  webhookSecret?: string;
  created: boolean;
}

/**
 * DEMO_CLIENT_ID / DEMO_CLIENT_SECRET: that client exists at start, enabled for every interface and
 * product (idempotent: the stored secret is replaced by the given one). Without them, a demo client
 * is generated on first start and its credentials printed once.
 */
export async function ensureDemoClient(given?: { clientId: string; clientSecret: string }): Promise<DemoClient> {
  const now = new Date().toISOString();
  if (given) {
    const existing = await getClient(given.clientId);
    if (existing) {
      // Only the secret follows the environment; operator settings (disabled, callbacks) stay. An
      // unchanged secret is not rewritten: a new one revokes every token issued before it, and a
      // restart must keep them (test/integration/restart.test.ts).
      const sameSecret = await verifySecret(given.clientSecret, existing.secretHash);
      await updateClient(given.clientId, {
        ...(sameSecret ? {} : { secretHash: await hashSecret(given.clientSecret) }),
        webhookSecret: existing.webhookSecret ?? newWebhookSecret(),
      });
      return { ...given, created: false };
    }
    const webhookSecret = newWebhookSecret();
    await createClient({
      clientId: given.clientId, name: 'demo', secretHash: await hashSecret(given.clientSecret), disabled: false,
      products: ['*'], interfaces: ALL_INTERFACES, webhookSecret, createdAt: now,
    });
    return { ...given, webhookSecret, created: true };
  }
  const existing = await getClient('cli_demo');
  if (existing) return { clientId: existing.clientId, created: false };
  const clientSecret = newOpaqueSecret();
  const webhookSecret = newWebhookSecret();
  await createClient({
    clientId: 'cli_demo', name: 'demo', secretHash: await hashSecret(clientSecret), disabled: false,
    products: ['*'], interfaces: ALL_INTERFACES, webhookSecret, createdAt: now,
  });
  return { clientId: 'cli_demo', clientSecret, webhookSecret, created: true };
}
