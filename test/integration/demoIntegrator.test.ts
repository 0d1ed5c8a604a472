/**
 * The README quick start ends with the demo integrator printing a verified callback signature: run
 * bin/demo-integrator.ts as the README does and send it what our sender sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCallback } from '#adapters/callbackSender.ts';
import { newWebhookSecret } from '#core/callbacks/signature.ts';

const secret = newWebhookSecret();
let child: ChildProcess;
let url: string;
let output = '';

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', 'bin/demo-integrator.ts'], {
    env: { ...process.env, INTEGRATOR_PORT: '0', WEBHOOK_SECRET: secret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`demo integrator exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const m = /demo integrator on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]);
    });
  });
}, 60_000);

afterAll(() => {
  child?.kill('SIGTERM');
});

async function waitForOutput(pattern: RegExp): Promise<string> {
  const until = Date.now() + 5_000;
  while (!pattern.test(output) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  return output;
}

describe('demo integrator (README quick start)', () => {
  it('verifies a signed callback and its token request, and prints that it did', async () => {
    const r = await sendCallback({
      url: `${url}/callback`, authUrl: `${url}/auth`, body: { flow_uuid: 'f-quickstart' }, secret, eventId: 'evt-quickstart', allowLoopback: true,
    });
    expect(r).toMatchObject({ ok: true, status: 200 });
    expect(await waitForOutput(/callback evt-quickstart: signature verified/)).toMatch(/auth evt-quickstart: signature verified/);
  });

  it('answers 401 and says so when the signature does not verify', async () => {
    const r = await sendCallback({
      url: `${url}/callback`, body: { flow_uuid: 'f-forged' }, secret: newWebhookSecret(), eventId: 'evt-forged', allowLoopback: true,
    });
    expect(r).toMatchObject({ ok: false, status: 401 });
    expect(await waitForOutput(/evt-forged: signature NOT verified/)).toMatch(/callback evt-forged: signature NOT verified \(MISMATCH\)/);
  });
});
