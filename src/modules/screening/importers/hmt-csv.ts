/**
 * UK HM Treasury / OFSI consolidated list, CSV ("ConList.csv"): one row per name, rows of one designation
 * share a Group ID. Line 1 is "Last Updated,dd/mm/yyyy", line 2 the header. Names come in parts: Name 1-5
 * are given names, Name 6 the surname (or the whole name of an entity).
 */
import { addName, newEntity, pushUnique, type ListedEntity } from '../domain/entity.ts';
import { countryCode, parseLooseDate } from './fields.ts';
import { readCsvRows } from './ofac-csv.ts';

export function parseHmtCsv(list: string, content: string): ListedEntity[] {
  const rows = readCsvRows(content);
  const headerIndex = rows.findIndex((r) => r.includes('Name 6') && r.includes('Group ID'));
  if (headerIndex < 0) throw new Error('HMT CSV: header row with "Name 6" and "Group ID" not found');
  const header = rows[headerIndex]!;
  const col = (name: string) => header.indexOf(name);
  const at = (row: string[], name: string) => (col(name) >= 0 ? (row[col(name)] ?? '').trim() : '');
  const byGroup = new Map<string, ListedEntity>();
  for (const row of rows.slice(headerIndex + 1)) {
    const group = at(row, 'Group ID');
    if (!group) continue;
    const type = at(row, 'Group Type').toLowerCase();
    let entity = byGroup.get(group);
    if (!entity) {
      entity = newEntity(list, group, type === 'individual' ? 'person' : type === 'ship' ? 'vessel' : 'organization');
      entity.topics.push('sanction');
      entity.sourceUrl = 'https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets';
      byGroup.set(group, entity);
    }
    const given = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map((n) => at(row, n)).filter(Boolean).join(' ');
    const surname = at(row, 'Name 6');
    const full = entity.schema === 'person' && given && surname ? `${surname}, ${given}` : [given, surname].filter(Boolean).join(' ');
    const aliasType = at(row, 'Alias Type').toLowerCase();
    const quality = aliasType === 'prime alias' ? 'primary' : /low/i.test(at(row, 'Alias Quality')) ? 'weak' : 'strong';
    addName(entity, full, quality, aliasType || undefined);
    addName(entity, at(row, 'Name Non-Latin Script'), 'strong', 'original');
    if (quality === 'primary' && entity.names[0]?.full !== full) {
      // Keep the prime alias first, whatever order the rows came in.
      const i = entity.names.findIndex((n) => n.full === full.replace(/\s+/g, ' ').trim());
      if (i > 0) entity.names.unshift(...entity.names.splice(i, 1));
    }
    for (const d of parseLooseDate(at(row, 'DOB'))) pushUnique(entity.birthDates, d);
    for (const n of at(row, 'Nationality').split(/[;,]\s*(?=[A-Z])/)) pushUnique(entity.nationalities, countryCode(n.replace(/^\(\d+\)\s*/, '')));
    pushUnique(entity.countries, countryCode(at(row, 'Country')));
    pushUnique(entity.programs, at(row, 'Regime'));
  }
  return [...byGroup.values()];
}
