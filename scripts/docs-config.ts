/**
 * `npm run docs:config`: rewrites the README's configuration table (between its markers) from
 * src/platform/config.settings.ts. src/platform/config.docs.test.ts fails when the two drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withConfigTable } from '../src/platform/config.settings.ts';

const readme = path.resolve(import.meta.dirname, '../README.md');
const before = readFileSync(readme, 'utf8');
const after = withConfigTable(before);
if (after === before) {
  process.stdout.write('README.md: the configuration table is up to date\n');
} else {
  writeFileSync(readme, after);
  process.stdout.write('README.md: configuration table rewritten\n');
}
