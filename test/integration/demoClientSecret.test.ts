/**
 * `npm start` prints the demo client's webhook secret with its credentials at first start, in a form
 * the README's quick start extracts (grep -o 'whsec_[A-Za-z0-9+/=]*'), and not again on later starts.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs bin/local.ts until it listens, returns what it printed, and stops it. */
async function firstLines(env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/local.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'SILENT', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`bin/local.ts exited with ${code}: ${out}`)));
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString('utf8');
        if (/listening on /.test(out)) resolve();
      });
    });
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  return out;
}

const SECRET_IN_OUTPUT = /whsec_[A-Za-z0-9+/=]*/g; // the README's grep pattern

describe('demo client webhook secret', () => {
  it('is printed once with generated credentials, and not on the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docstream-demo-'));
    dirs.push(dir);
    const first = await firstLines({ DATA_DIR: dir });
    expect(first).toMatch(/demo client created: Client-Id cli_demo {2}Client-Secret \S+ {2}Webhook-Secret whsec_[A-Za-z0-9+/]{43}=/);
    expect(first.match(SECRET_IN_OUTPUT)).toHaveLength(1);
    const again = await firstLines({ DATA_DIR: dir });
    expect(again).not.toMatch(SECRET_IN_OUTPUT);
  }, 90_000);

  it('is printed at first start with DEMO_CLIENT_ID / DEMO_CLIENT_SECRET too (the quick start)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docstream-demo-'));
    dirs.push(dir);
    const out = await firstLines({ DATA_DIR: dir, DEMO_CLIENT_ID: 'cli_demo', DEMO_CLIENT_SECRET: 'change-me' });
    expect(out).toMatch(/demo client cli_demo created {2}Webhook-Secret whsec_[A-Za-z0-9+/]{43}=/);
    expect(out).not.toContain('change-me');
    expect(out.match(SECRET_IN_OUTPUT)).toHaveLength(1);
  }, 90_000);
});
