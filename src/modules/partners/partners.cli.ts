import { parse, printJson, type CliContext } from '../../platform/cli.ts';

const USAGE = `Usage:
  kyc partners create --name NAME [--client CLIENT_ID ...] [--json]
      prints {"partner_id", "api_key"}: the key is shown once (only its hash is kept).
      Without --client the partner may serve any client; with it, only those clients (others get 403).
  kyc partners list [--json]
  kyc partners revoke --partner PARTNER_ID
`;

/** `kyc partners ...`: partner API keys for Enhanced Portal Insights (X-Partner-Api-Key). */
export async function run(_command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, {
    name: { type: 'string' }, client: { type: 'string', multiple: true }, partner: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' },
  });
  const action = positionals[0];
  const valid = (action === 'create' && values.name) || action === 'list' || (action === 'revoke' && values.partner);
  if (values.help || !valid) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  const result = await runOperation(`partners.${action}`, { name: values.name, client: values.client, partner: values.partner });
  if (action === 'create' && !values.json) process.stderr.write('The API key is shown once: store it now.\n');
  printJson(result, !values.json);
  return 0;
}
