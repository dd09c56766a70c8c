import { parse, printJson, type CliContext } from '../../platform/cli.ts';

const HELP = `Usage:
  kyc clients create --name NAME [--credits N] [--sandbox] [--json]
  kyc clients list [--json]
  kyc clients confidence --client CLIENT_ID --level low|medium|high   (GPG 45 confidence an AML identity PASS needs; default medium)
  kyc credentials create --client CLIENT_ID [--name NAME] [--scopes "accounts:read ..."] [--json]
  kyc credentials list --client CLIENT_ID
  kyc credentials revoke --client CLIENT_ID --credential OAUTH_CLIENT_ID`;

/** `kyc clients ...` and `kyc credentials ...`: tenants and their API credentials. */
export async function run(command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    name: { type: 'string' },
    credits: { type: 'string' },
    sandbox: { type: 'boolean' },
    json: { type: 'boolean' },
    client: { type: 'string' },
    credential: { type: 'string' },
    scopes: { type: 'string' },
    level: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  const action = positionals[0];
  const op = `${command}.${action}`;
  if (values.help || !action || !['clients.create', 'clients.list', 'clients.confidence', 'credentials.create', 'credentials.list', 'credentials.revoke'].includes(op)) {
    process.stdout.write(HELP + '\n');
    return values.help ? 0 : 2;
  }
  if (values.credits !== undefined && !/^\d+$/.test(values.credits)) {
    process.stderr.write('--credits must be a whole number\n');
    return 2;
  }
  const result = await runOperation(op, { ...values, credits: values.credits === undefined ? undefined : Number(values.credits) });
  if (values.json || typeof result !== 'object') printJson(result, !values.json);
  else if (Array.isArray(result)) console.table(result);
  else printJson(result);
  return 0;
}
