import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_TABLE_END, CONFIG_TABLE_START, configTable, INTERNAL_VARIABLES, SETTINGS, withConfigTable } from './config.settings.ts';
import { loadConfig } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * The README's configuration table is generated from config.settings.ts (`npm run docs:config`); these fail
 * when the README, the settings and the code that reads the environment drift apart.
 */
describe('the configuration table', () => {
  it('in the README is the one generated from the settings', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(CONFIG_TABLE_START);
    expect(readme).toContain(CONFIG_TABLE_END);
    expect(readme, 'README.md is out of date: run `npm run docs:config`').toBe(withConfigTable(readme));
  });

  it('lists every environment variable the service reads', () => {
    const read = new Set<string>();
    for (const file of sources(path.join(ROOT, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(m[1]!);
      for (const m of text.matchAll(/\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) read.add(m[1]!);
      // config.ts reads through helpers that take the variable's name as their first string argument.
      if (file.endsWith(path.join('platform', 'config.ts'))) for (const m of text.matchAll(/\(env, '([A-Z][A-Z0-9_]+)'/g)) read.add(m[1]!);
    }
    const documented = new Set([...Object.keys(SETTINGS), ...INTERNAL_VARIABLES]);
    expect([...read].filter((name) => !documented.has(name)), 'read but not in config.settings.ts').toEqual([]);
    expect([...read]).toEqual(expect.arrayContaining(['HOST', 'EIDV_REGISTERS', 'WEBHOOK_RETRY_SCHEDULE', 'UPLOAD_MAX_BYTES']));
  });

  it('shows the defaults loadConfig uses', () => {
    const config = loadConfig({});
    const table = configTable();
    expect(table).toContain(`| \`PORT\` | \`${config.port}\` |`);
    expect(table).toContain(`| \`HOST\` | \`${config.host}\` |`);
    expect(table).toContain(`| \`MINIMUM_AGE\` | \`${config.minimumAge}\` |`);
    expect(table).toContain(`| \`UPLOAD_MAX_BYTES\` | \`${config.uploadMaxBytes}\` |`);
    expect(table).toContain(`| \`WEBHOOK_TIMEOUT_MS\` | \`${config.webhookTimeoutMs}\` |`);
    expect(table).toContain(`| \`ONBOARDING_LINK_TTL_DAYS\` | \`${config.onboardingLinkTtlDays}\` |`);
  });

  it('withConfigTable replaces what is between the markers and refuses a README without them', () => {
    const stale = `# Title\n\n${CONFIG_TABLE_START}\n| old |\n${CONFIG_TABLE_END}\n\nAfter.\n`;
    const fresh = withConfigTable(stale);
    expect(fresh).not.toContain('| old |');
    expect(fresh).toContain('| `EIDV_REGISTERS` | unset |');
    expect(fresh.endsWith(`${CONFIG_TABLE_END}\n\nAfter.\n`)).toBe(true);
    expect(withConfigTable(fresh)).toBe(fresh);
    expect(() => withConfigTable('# no markers')).toThrow(/lacks the markers/);
  });
});
