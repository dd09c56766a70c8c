import { parse, printJson, type CliContext } from '../../platform/cli.ts';

/** `kyc credits add CLIENT N` and `kyc credits show CLIENT`. */
export async function run(_command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  const [action, client, amount] = positionals;
  if (values.help || (action !== 'add' && action !== 'show') || !client || (action === 'add' && !/^\d+$/.test(amount ?? ''))) {
    process.stdout.write('Usage:\n  kyc credits add CLIENT_ID N [--reason TEXT]\n  kyc credits show CLIENT_ID\n');
    return values.help ? 0 : 2;
  }
  const result = await runOperation(`credits.${action}`, { client, amount: Number(amount), reason: values.reason });
  printJson(result);
  return 0;
}
