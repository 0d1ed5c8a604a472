/** The operator CLI, in its own process, finds the local service through DATA_DIR as `npm start` does. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startService } from './harness.ts';
import type { LocalService } from '../../functions/local/index.ts';

let dataDir: string;
let service: LocalService | undefined;

/** The CLI with DATA_DIR in its environment and no --data-dir flag. */
async function operator(...args: string[]) {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'bin/operator.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'SILENT', TABLE_NAME: '' },
    });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'docstream-op-target-'));
  service = await startService({ dataDir });
});
afterAll(async () => {
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operator CLI target', () => {
  it('honours DATA_DIR like npm start, and says clearly when that service has stopped', async () => {
    const listed = await operator('client', 'list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(DEMO.clientId);

    // A run that was killed leaves its endpoints file behind, pointing at closed ports.
    const endpoints = readFileSync(join(dataDir, 'local-endpoints.json'), 'utf8');
    await service!.stop();
    service = undefined;
    writeFileSync(join(dataDir, 'local-endpoints.json'), endpoints);
    const stale = await operator('client', 'list');
    expect(stale.code).toBe(1);
    expect(stale.out).toContain(`no local service is running for data directory ${dataDir}`);
    expect(stale.out).not.toMatch(/ECONNREFUSED/);

    rmSync(join(dataDir, 'local-endpoints.json'));
    const never = await operator('client', 'list');
    expect(never.code).toBe(1);
    expect(never.out).toContain(`no local service found for data directory ${dataDir}`);
  }, 60_000);
});
