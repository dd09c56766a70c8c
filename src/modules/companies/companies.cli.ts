import path from 'node:path';
import { parse, printJson, type CliContext } from '../../platform/cli.ts';

const USAGE = `Usage:
  kyc companies import FILE... [--force] [--json]
      imports Companies House bulk products for installs without internet: the basic company data CSV
      (BasicCompanyDataAsOneFile-*.csv or its parts) and the PSC snapshot (JSON lines). A file imported already,
      unchanged, is skipped unless --force. Checks read them when COMPANIES_HOUSE_API_KEY is unset and
      COMPANIES_HOUSE_BULK_FILES is set (the workers also import those files at start).
  kyc companies refresh [--json]
      reads every monitored company check again now (what COMPANIES_HOUSE_REFRESH_CRON does).
`;

/** `kyc companies ...`: the bulk import and the monitoring refresh, on demand (docs/company-verification.md). */
export async function run(_command: string, argv: string[], { runOperation }: CliContext): Promise<number> {
  const { positionals, values } = parse(argv, { force: { type: 'boolean' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } });
  const [action, ...files] = positionals;
  const valid = (action === 'import' && files.length > 0) || action === 'refresh';
  if (values.help || !valid) {
    process.stdout.write(USAGE);
    return values.help ? 0 : 2;
  }
  const result = action === 'import'
    ? await runOperation('companies.import', { files: files.map((f) => path.resolve(f)), force: values.force === true })
    : await runOperation('companies.refresh', {});
  printJson(result, !values.json);
  return 0;
}
