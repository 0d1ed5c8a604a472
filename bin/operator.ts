/**
 * Operator CLI: `npm run operator -- <command> ...`. Against the local runtime by default (it reads
 * .data/local-endpoints.json written by `npm start`), or a deployed stage's table with
 * `--table <name>` (or TABLE_NAME) and the usual AWS credentials.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { bindEnvironment } from '../functions/local/embedded.ts';
import { endpointsFile } from '../functions/local/index.ts';
import * as ops from '../functions/operator/commands.ts';
import { listDeadLettersCommand, replayDeadLetterCommand } from '../functions/operator/deadLetters.ts';

const usage = `usage: npm run operator -- <command> [options]

  client create --name NAME [--products P1,P2|*] [--interfaces main,sandbox,bulk,addressMatch] [--id ID --secret S]
  client list
  client disable ID | client enable ID
  client rotate-secret ID              new Client-Secret (printed once); refresh tokens revoked
  client rotate-webhook-secret ID      new callback signing secret (printed once)
  client set-callback ID --callback-url URL --auth-url URL   account-level (sandbox) callback
  client full-aadhaar ID on|off        return full Aadhaar numbers to this client (default off)
  client revoke-tokens ID              revoke every refresh token of the client
  callbacks dead-letters               undeliverable callbacks
  callbacks replay EVENT_ID            deliver a dead-lettered callback again

target: --data-dir DIR (local, default .data) | --table NAME (deployed stage; AWS credentials from the environment)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' }, products: { type: 'string' }, interfaces: { type: 'string' }, id: { type: 'string' },
    secret: { type: 'string' }, 'callback-url': { type: 'string' }, 'auth-url': { type: 'string' },
    table: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' },
  },
});

function target() {
  const table = values.table ?? process.env.TABLE_NAME;
  if (table) {
    process.env.TABLE_NAME = table;
    return;
  }
  const file = endpointsFile(values['data-dir'] ?? '.data');
  if (!existsSync(file)) throw new ops.OperatorError(`no local service found (${file}); start it with "npm start", or pass --table for a deployed stage`);
  bindEnvironment(JSON.parse(readFileSync(file, 'utf8')));
}

async function run(): Promise<unknown> {
  const [area, command, arg, arg2] = positionals;
  if (values.help || !area) return usage;
  target();
  const need = (v: string | undefined, what: string) => {
    if (!v) throw new ops.OperatorError(`missing ${what}\n\n${usage}`);
    return v;
  };
  if (area === 'client') {
    switch (command) {
      case 'create':
        return ops.createClientCommand({ name: need(values.name, '--name'), products: values.products, interfaces: values.interfaces, clientId: values.id, clientSecret: values.secret });
      case 'list':
        return ops.listClientsCommand();
      case 'disable':
      case 'enable':
        return ops.setDisabledCommand(need(arg, 'client id'), command === 'disable');
      case 'rotate-secret':
        return ops.rotateSecretCommand(need(arg, 'client id'));
      case 'rotate-webhook-secret':
        return ops.rotateWebhookSecretCommand(need(arg, 'client id'));
      case 'set-callback':
        return ops.setCallbackCommand(need(arg, 'client id'), { callbackUrl: need(values['callback-url'], '--callback-url'), authUrl: need(values['auth-url'], '--auth-url') });
      case 'full-aadhaar':
        if (arg2 !== 'on' && arg2 !== 'off') throw new ops.OperatorError('full-aadhaar takes on or off');
        return ops.setFullAadhaarCommand(need(arg, 'client id'), arg2 === 'on');
      case 'revoke-tokens':
        return ops.revokeTokensCommand(need(arg, 'client id'));
    }
  }
  if (area === 'callbacks') {
    if (command === 'dead-letters') return listDeadLettersCommand();
    if (command === 'replay') return replayDeadLetterCommand(need(arg, 'event id'));
  }
  throw new ops.OperatorError(`unknown command: ${positionals.join(' ')}\n\n${usage}`);
}

try {
  const out = await run();
  if (typeof out === 'string') console.log(out);
  else if (Array.isArray(out)) console.table(out);
  else console.log(JSON.stringify(out, null, 2));
} catch (err) {
  console.error(err instanceof ops.OperatorError ? err.message : `failed: ${(err as Error).name}: ${(err as Error).message}`);
  process.exitCode = 1;
}
