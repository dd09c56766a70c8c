/**
 * OFAC's legacy CSV set (sdn.csv, alt.csv, add.csv, sdn_comments.csv; the consolidated non-SDN list uses
 * the same layout as cons_prim/cons_alt/cons_add/cons_comments). Files have no header, `-0-` for empty,
 * and a trailing SUB (0x1A) byte. Dates of birth, nationality, gender and weak aliases live in the free
 * text remarks ("DOB 10 Dec 1948; POB Egypt; nationality Egypt; Gender Male; a.k.a. 'ABU ALI'"), which
 * sdn_comments.csv continues when they were cut at the column limit.
 */
import { parse } from 'csv-parse/sync';
import { addName, newEntity, pushUnique, type EntitySchema, type ListedEntity } from '../domain/entity.ts';
import { countryCode, normaliseGender, parseLooseDate } from './fields.ts';

export interface OfacCsvFiles {
  primary: string;
  alternates?: string;
  addresses?: string;
  comments?: string;
}

const EMPTY = '-0-';

export function readCsvRows(content: string): string[][] {
  const cleaned = content.replace(/\u001a/g, '');
  return parse(cleaned, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
}

function value(raw: string | undefined): string | undefined {
  const v = (raw ?? '').trim();
  return v === '' || v === EMPTY ? undefined : v;
}

function schemaOf(type: string | undefined): EntitySchema {
  switch ((type ?? '').toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return 'organization';
  }
}

export function parseOfacCsv(list: string, files: OfacCsvFiles): ListedEntity[] {
  const byId = new Map<string, ListedEntity>();
  const remarks = new Map<string, string>();
  for (const row of readCsvRows(files.primary)) {
    const [id, name, type, program, , , , , , vesselFlag, , remark] = row;
    const sourceId = value(id);
    if (!sourceId || !value(name)) continue;
    const entity = newEntity(list, sourceId, schemaOf(value(type)));
    addName(entity, value(name), 'primary');
    for (const p of (value(program) ?? '').split(/\]\s*\[/)) pushUnique(entity.programs, p.replace(/[[\]]/g, '').trim() || undefined);
    entity.topics.push('sanction');
    pushUnique(entity.countries, countryCode(value(vesselFlag)));
    entity.sourceUrl = `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${sourceId}`;
    byId.set(sourceId, entity);
    if (value(remark)) remarks.set(sourceId, value(remark)!);
  }
  for (const row of files.comments ? readCsvRows(files.comments) : []) {
    const [id, more] = row;
    if (id && value(more)) remarks.set(id, (remarks.get(id) ?? '') + value(more)!);
  }
  for (const row of files.alternates ? readCsvRows(files.alternates) : []) {
    const [id, , type, name] = row;
    const entity = id ? byId.get(id) : undefined;
    if (entity) addName(entity, value(name), 'strong', (value(type) ?? 'aka').toLowerCase());
  }
  for (const row of files.addresses ? readCsvRows(files.addresses) : []) {
    const [id, , , , country] = row;
    const entity = id ? byId.get(id) : undefined;
    if (entity) pushUnique(entity.countries, countryCode(value(country)));
  }
  for (const [id, remark] of remarks) applyRemarks(byId.get(id), remark);
  return [...byId.values()];
}

/** Reads the structured facts OFAC keeps inside the remarks text. */
export function applyRemarks(entity: ListedEntity | undefined, remark: string): void {
  if (!entity) return;
  for (const part of remark.split(/;\s*/)) {
    const item = part.trim().replace(/\.$/, '');
    let m = /^(?:alt\.\s*)?DOB\s+(.+)$/i.exec(item);
    if (m) {
      for (const d of parseLooseDate(m[1]!)) pushUnique(entity.birthDates, d);
      continue;
    }
    m = /^(?:alt\.\s*)?nationality\s+(.+)$/i.exec(item);
    if (m) {
      pushUnique(entity.nationalities, countryCode(m[1]));
      continue;
    }
    m = /^(?:alt\.\s*)?citizen\s+(.+)$/i.exec(item);
    if (m) {
      pushUnique(entity.citizenships, countryCode(m[1]));
      continue;
    }
    m = /^Gender\s+(\w+)/i.exec(item);
    if (m) {
      entity.gender = normaliseGender(m[1]) ?? entity.gender;
      continue;
    }
    m = /^([afn])\.k\.a\.\s+'(.+)'$/i.exec(item);
    if (m) addName(entity, m[2], 'weak', `${m[1]!.toLowerCase()}ka`);
  }
}
