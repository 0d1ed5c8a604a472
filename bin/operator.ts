/**
 * Operator CLI: `npm run operator -- <command> ...`. Against the local service by default (the
 * data directory `npm start` uses: --data-dir, else DATA_DIR, else .data), or a deployed stage with
 * `--stage NAME` (table, bucket and vault secret from its stack) or `--table NAME` (or TABLE_NAME),
 * with the usual AWS credentials. Target resolution: functions/operator/target.ts.
 */
import { parseArgs } from 'node:util';
import * as ops from '../functions/operator/commands.ts';
import { listDeadLettersCommand, replayDeadLetterCommand } from '../functions/operator/deadLetters.ts';
import { bindTarget } from '../functions/operator/target.ts';
import { deleteApplicantCommand } from '../functions/operator/applicants.ts';

const usage = `usage: npm run operator -- <command> [options]

  client create --name NAME [--products P1,P2|*] [--interfaces main,sandbox,bulk,addressMatch] [--id ID --secret S]
  client list
  client disable ID | client enable ID
  client rotate-secret ID              new Client-Secret (printed once); refresh tokens revoked
  client rotate-webhook-secret ID      new callback signing secret (printed once)
  client set-callback ID --callback-url URL --auth-url URL   account-level (sandbox) callback
  client full-aadhaar ID on|off        return full Aadhaar numbers to this client (default off)
  client revoke-tokens ID              revoke every refresh token of the client
  client issue-address-secret ID       new static client_secret for address matching only (printed once);
                                       replaces the previous one, and the client secret stops opening it
  client set-retention ID DAYS|default days its new flows and batches are kept (capped by the stage's)
  audit list [--days N] [--client ID] [--action A]   erasures, unseals, secret rotations, client changes
  erasure sweep [--days N]             erase again what tasks in flight wrote after recent erasures
  applicant delete CLIENT_ID FLOW_ID EXTERNAL_REFERENCE_ID   mark an onboarding (v2) applicant deleted (410)
  callbacks dead-letters               undeliverable callbacks
  callbacks replay EVENT_ID            deliver a dead-lettered callback again

target (one of):
  --data-dir DIR   the local service started by npm start with that DATA_DIR (default: $DATA_DIR, else .data)
  --stage NAME     a deployed stage: table, bucket and Aadhaar vault secret from the stack DocService-NAME
  --table NAME     a deployed table only (or TABLE_NAME); callbacks replay needs --stage
  AWS credentials and AWS_REGION come from the environment for --stage and --table.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' }, products: { type: 'string' }, interfaces: { type: 'string' }, id: { type: 'string' },
    secret: { type: 'string' }, 'callback-url': { type: 'string' }, 'auth-url': { type: 'string' },
    table: { type: 'string' }, stage: { type: 'string' }, 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' },
    days: { type: 'string' }, client: { type: 'string' }, action: { type: 'string' },
  },
});

async function run(): Promise<unknown> {
  const [area, command, arg, arg2] = positionals;
  if (values.help || !area) return usage;
  await bindTarget({ dataDir: values['data-dir'], table: values.table, stage: values.stage });
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
      case 'issue-address-secret':
        return ops.issueAddressSecretCommand(need(arg, 'client id'));
      case 'set-retention':
        return ops.setRetentionCommand(need(arg, 'client id'), need(arg2, 'DAYS or default'));
    }
  }
  // Loaded on use: the erasure use case pulls in the pipeline and bucket clients the other commands never need.
  if (area === 'audit' && command === 'list') return (await import('../functions/operator/audit.ts')).listAuditCommand({ days: values.days, client: values.client, action: values.action });
  if (area === 'erasure' && command === 'sweep') return (await import('../functions/operator/audit.ts')).sweepErasedCommand({ days: values.days });
  if (area === 'applicant' && command === 'delete') {
    return deleteApplicantCommand(need(arg, 'client id'), need(arg2, 'flow id'), need(positionals[4], 'external reference id'));
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
