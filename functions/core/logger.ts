import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured logger per container. Handlers add the request id to every line; nothing that
 * logs may pass headers, bodies, tokens, secrets or Aadhaar numbers (see docs/decisions.md).
 */
export const logger = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'docstream',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});
