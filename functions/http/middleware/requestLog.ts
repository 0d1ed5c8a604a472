/**
 * One line per request: "request served" with its status, or "request refused" with the reason
 * the caller was given ("request failed", with the stack, is errorMapping's). Never headers or
 * bodies: they carry tokens, secrets and personal data.
 */
import { logger } from '../../adapters/logger.ts';
import { refusalOf } from './errorMapping.ts';
import type { RouteMiddleware } from './state.ts';

export const requestLog = (): RouteMiddleware => ({
  after: ({ context: { state }, response }) => {
    logger.info('request served', { status: response?.statusCode, ms: Date.now() - state.started, client: state.client?.clientId });
  },
  onError: ({ context: { state }, error }) => {
    const refusal = refusalOf(error);
    if (refusal) logger.info('request refused', { status: refusal.status, reason: refusal.message, ms: Date.now() - state.started });
  },
});
