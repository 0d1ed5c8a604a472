import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * One structured logger per container. Nothing that logs may pass headers, bodies, tokens,
 * secrets or Aadhaar numbers (see docs/decisions.md).
 *
 * Keys of one invocation (its request id, route) live in an AsyncLocalStorage scope, not in the
 * logger's shared persistent keys: the local runtime serves HTTP requests and pipeline tasks
 * concurrently in one process, and shared keys let one invocation's cleanup strip another's
 * request id mid-flight (a flaky logging test showed exactly that).
 */
const base = new Logger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'docstream',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | 'DEBUG' | 'WARN' | 'ERROR' | 'SILENT' | undefined) ?? 'INFO',
});

type LogKeys = Record<string, unknown>;
const scope = new AsyncLocalStorage<LogKeys>();

/** Runs `fn` with `keys` on every line it logs (nested scopes add to the outer one). */
export function withLogKeys<T>(keys: LogKeys, fn: () => T): T {
  return scope.run({ ...scope.getStore(), ...keys }, fn);
}

const line = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, extra: LogKeys = {}) =>
  base[level](message, { ...scope.getStore(), ...extra });

/**
 * The Powertools logger itself, for its middy middleware (`injectLambdaContext`: cold_start,
 * function_name and the rest of the Lambda context on every line). Log through `logger` below.
 */
export const powertoolsLogger = base;

export const logger = {
  debug: line('debug'),
  info: line('info'),
  warn: line('warn'),
  error: line('error'),
  setLogLevel: (level: Parameters<Logger['setLogLevel']>[0]) => base.setLogLevel(level),
};
