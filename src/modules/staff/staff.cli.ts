import { parse, printJson, type CliContext } from '../../platform/cli.ts';

const USAGE = `Usage:
  kyc users create --client CLIENT_ID --email E --role administrator|reviewer|read-only [--name "Anna Reviewer"] [--password P]
      --name: shown beside the e-mail wherever the console names the user (without it: the e-mail alone)
      without --password: prints a one-time invitation link (valid 7 days)
  kyc users list --client CLIENT_ID
`;

/** `kyc users create|list`: staff users of the console. */
export async function run(_command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, {
    client: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  });
  const action = positionals[0];
  if (values.help || !values.client || (action !== 'create' && action !== 'list') || (action === 'create' && (!values.email || !values.role))) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  if (action === 'list') {
    printJson(await runOperation('users.list', { client: values.client }));
    return 0;
  }
  const created = (await runOperation('users.create', { client: values.client, email: values.email, role: values.role, name: values.name, password: values.password })) as { invitation_url?: string };
  printJson(created);
  if (created.invitation_url) process.stderr.write(`One-time invitation link (shown once): ${created.invitation_url}\n`);
  return 0;
}
