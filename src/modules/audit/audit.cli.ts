import { parse, printJson, type CliContext } from '../../platform/cli.ts';

/** `kyc audit verify` (exit 1 when the chain is broken) and `kyc audit export --client ID` (JSON lines). */
export async function run(_command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, { client: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  const action = positionals[0];
  if (values.help || (action !== 'verify' && action !== 'export') || (action === 'export' && !values.client)) {
    process.stdout.write('Usage:\n  kyc audit verify\n  kyc audit export --client CLIENT_ID   (JSON lines on stdout)\n');
    return values.help ? 0 : 2;
  }
  if (action === 'verify') {
    const result = (await runOperation('audit.verify', {})) as { ok: boolean };
    printJson(result);
    return result.ok ? 0 : 1;
  }
  const entries = (await runOperation('audit.export', { client: values.client })) as unknown[];
  for (const e of entries) process.stdout.write(JSON.stringify(e) + '\n');
  return 0;
}
