/**
 * `kyc <command> ...`: one table of commands, each loaded only when used so that `kyc screen` does not
 * load the face models and `kyc face compare` does not open the database.
 */
import { globalOptions, UsageError, type CliModule } from '../platform/cli.ts';

const COMMANDS: Record<string, { describe: string; load: () => Promise<CliModule> }> = {
  clients: { describe: 'create and list clients (tenants)', load: () => import('../modules/auth/clients.cli.ts') },
  credentials: { describe: 'create, list and revoke API credentials', load: () => import('../modules/auth/clients.cli.ts') },
  screen: { describe: 'screen names (JSON lines on stdin) against sanctions and PEP lists', load: () => import('../modules/screening/screening.cli.ts') },
  compare: { describe: 'score pairs of names (JSON lines on stdin)', load: () => import('../modules/screening/screening.cli.ts') },
  lists: { describe: 'load, inspect and diff screening lists', load: () => import('../modules/screening/screening.cli.ts') },
  document: { describe: 'check identity document images', load: () => import('../modules/documents/documents.cli.ts') },
  face: { describe: 'compare faces in two images', load: () => import('../modules/biometrics/biometrics.cli.ts') },
  chip: { describe: 'verify passport chip (NFC) data', load: () => import('../modules/biometrics/biometrics.cli.ts') },
  credits: { describe: 'add credits to a client, show its balance and history', load: () => import('../modules/credits/credits.cli.ts') },
  audit: { describe: 'verify the hash-chained audit trail, export a client\'s entries', load: () => import('../modules/audit/audit.cli.ts') },
  users: { describe: 'create and list staff users of the console', load: () => import('../modules/staff/staff.cli.ts') },
  partners: { describe: 'issue and revoke partner API keys (Enhanced Portal Insights)', load: () => import('../modules/partners/partners.cli.ts') },
  keys: { describe: 'data keys: status, rotate to a new ENCRYPTION_KEY, re-seal data sealed before per-contact keys', load: () => import('../modules/privacy/privacy.cli.ts') },
  retention: { describe: 'delete the records whose retention period has ended (the hourly sweep, now)', load: () => import('../modules/privacy/privacy.cli.ts') },
  companies: { describe: 'import Companies House bulk products, refresh monitored company checks', load: () => import('../modules/companies/companies.cli.ts') },
  worker: { describe: 'run background workers only (scale-out)', load: () => import('./worker.cli.ts') },
};

function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'Usage: kyc <command> [options]', '', 'Commands:', ...Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(width)}  ${c.describe}`), '',
    'On the embedded database the commands use DATA_DIR (default ./data, from the current folder) and refuse to',
    'create a new database there unless DATA_DIR is set or --init is given: run them from the service\'s folder.',
  ].join('\n');
}

async function main(all: string[]): Promise<number> {
  globalOptions.init = all.includes('--init');
  const argv = all.filter((a) => a !== '--init');
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(usage() + '\n');
    return command ? 0 : 2;
  }
  const entry = COMMANDS[command];
  if (!entry) {
    process.stderr.write(`kyc: unknown command "${command}"\n\n${usage()}\n`);
    return 2;
  }
  const module = await entry.load();
  // The composition root (service.ts) is loaded here, and only by a command that runs an operation.
  return module.run(command, rest, { runOperation: async (op, args) => (await import('./run-operation.ts')).runOperation(op, args) });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`kyc: ${(error as Error).message}\n`);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
