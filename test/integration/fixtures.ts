/**
 * The local service as vitest fixtures, set up once per test file on first use and stopped after
 * the file's last test: a test (or `test.beforeAll`) names what it needs in its context —
 * `service`, `api` (an HTTP client for it), `token` (the demo client's main-audience token),
 * `integrator` (the stand-in integrator on loopback) — instead of copying the beforeAll/afterAll.
 *
 * A file whose service needs other options or environment overrides `serviceOptions` or
 * `serviceEnv` at its top level:
 *   test.override('serviceOptions', { reconcileEveryMs: 300 });
 *   test.override('serviceEnv', { NOTIFICATION_RETRY_BASE_MS: '100' });
 * Files whose setup is special (crash, restart, demo, operator CLI) keep their own hooks.
 */
import { test as base } from 'vitest';
import type { LocalOptions } from '../../functions/local/index.ts';
import { api as apiFor, startService } from './harness.ts';
import { startIntegrator } from './integrator.ts';

export const test = base
  .extend('serviceOptions', { scope: 'file' }, {} as Partial<LocalOptions>)
  .extend('serviceEnv', { scope: 'file' }, {} as Record<string, string>)
  .extend('service', { scope: 'file' }, async ({ serviceOptions, serviceEnv }, { onCleanup }) => {
    // Set before the start (the service reads these as it starts), taken back after the stop.
    const before = Object.fromEntries(Object.keys(serviceEnv).map((name) => [name, process.env[name]]));
    Object.assign(process.env, serviceEnv);
    const service = await startService(serviceOptions);
    onCleanup(async () => {
      await service.stop();
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });
    return service;
  })
  .extend('api', { scope: 'file' }, ({ service }) => apiFor(service))
  .extend('token', { scope: 'file' }, ({ api }) => api.token())
  .extend('integrator', { scope: 'file' }, async ({}, { onCleanup }) => {
    const integrator = await startIntegrator();
    onCleanup(() => integrator.close());
    return integrator;
  });

export const it = test;
export { describe, expect } from 'vitest';
