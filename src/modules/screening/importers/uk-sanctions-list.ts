/**
 * The UK Sanctions List published by the FCDO (the single UK list since OFSI's consolidated list was
 * frozen in January 2026), in its two machine formats:
 *
 * - XML (`UK-Sanctions-List.xml`): `<Designations>` holding one `<Designation>` per listed person, entity
 *   or ship: `UniqueID` (e.g. `RUS0123`), `OFSIGroupID`, `Names/Name` (Name1-Name5 given names, Name6 the
 *   surname or the whole name of an entity, `NameType` "Primary Name" / "Primary name variation" / "Alias",
 *   `AliasStrength` "Good quality a.k.a" / "Low quality a.k.a" on some aliases), `NonLatinNames/NonLatinName`
 *   (`NameNonLatinScript`), `RegimeName`, `IndividualEntityShip`, `IndividualDetails/Individual` (`DOBs/DOB`
 *   as dd/mm/yyyy with `dd`/`mm` for unknown parts, `Nationalities/Nationality`, `Genders/Gender`),
 *   `Addresses/Address/AddressCountry`, `DateDesignated`.
 * - CSV (`UK-Sanctions-List.csv`): a "Report Date: ..." line, then a header with one row per name:
 *   "Unique ID", "OFSI Group ID", "Name 6", "Name 1".."Name 5", "Name type", "Alias strength",
 *   "Name non-latin script", "Regime Name", "Designation Type", "D.O.B", "Nationality(/ies)", "Gender",
 *   "Address Country", "Date Designated", ... Rows of one designation share the Unique ID.
 *
 * The layout was established from public parsers of the published files (not from a copy of the list:
 * none is in ../shared/data); columns are looked up by header name, case-insensitively and with the
 * variants seen, so a reordered or extended header still reads.
 */
import { addName, newEntity, pushUnique, type AliasQuality, type EntitySchema, type ListedEntity } from '../domain/entity.ts';
import { arr, countryCode, normaliseGender, parseLooseDate, text } from './fields.ts';
import { readCsvRows } from './ofac-csv.ts';
import { parseXml } from './xml.ts';

type Node = Record<string, unknown>;

export const UK_SANCTIONS_LIST_URL = 'https://www.gov.uk/government/publications/the-uk-sanctions-list';

function node(value: unknown): Node {
  return value && typeof value === 'object' ? (value as Node) : {};
}

function schemaOf(type: string): EntitySchema {
  const t = type.trim().toLowerCase();
  return t === 'individual' ? 'person' : t === 'ship' ? 'vessel' : 'organization';
}

/** "Primary Name" (any case) → primary; "Primary name variation" → strong; "Alias" → strong, or weak with "Low quality". */
function qualityOf(nameType: string, aliasStrength: string): { quality: AliasQuality; kind?: string } {
  const t = nameType.trim().toLowerCase();
  if (t === 'primary name' || t === 'primary') return { quality: 'primary' };
  if (t.startsWith('primary name variation') || t === 'primary variation') return { quality: 'strong', kind: 'variation' };
  return { quality: /low/i.test(aliasStrength) ? 'weak' : 'strong', kind: 'aka' };
}

/** `SURNAME, Given names` for persons (as the other lists print them), the whole name otherwise. */
function fullName(schema: EntitySchema, parts: string[], name6: string): string {
  const given = parts.filter(Boolean).join(' ');
  if (schema === 'person' && given && name6) return `${name6}, ${given}`;
  return [given, name6].filter(Boolean).join(' ');
}

/** `dd/mm/1945`, `00/06/1965`, `12/03/1958`, `1958`. */
function birthDates(raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(/[|;\n]/)) {
    const t = part.trim().replace(/^dd\//i, '00/').replace(/^(\d{2}|00)\/mm\//i, '$1/00/');
    for (const d of parseLooseDate(t)) if (!out.includes(d)) out.push(d);
  }
  return out;
}

function addCountries(values: string[], raw: string): void {
  for (const part of raw.split(/[|;\n]/)) pushUnique(values, countryCode(part.replace(/^\(\d+\)\s*/, '').trim()));
}

function setGender(entity: ListedEntity, raw: string): void {
  const g = normaliseGender(raw);
  if (g && !entity.gender) entity.gender = g;
}

function finish(entity: ListedEntity): void {
  // Keep the primary name first, whatever order the publisher gave.
  const i = entity.names.findIndex((n) => n.quality === 'primary');
  if (i > 0) entity.names.unshift(...entity.names.splice(i, 1));
}

function create(list: string, id: string, schema: EntitySchema): ListedEntity {
  const entity = newEntity(list, id, schema);
  entity.topics.push('sanction');
  entity.sourceUrl = UK_SANCTIONS_LIST_URL;
  return entity;
}

// ------------------------------------------------------------------------------------------------ XML
export function parseUkSanctionsListXml(list: string, content: string): ListedEntity[] {
  const doc = parseXml(content);
  const root = node(doc.Designations);
  const designations = arr(root.Designation ?? doc.Designation).map(node);
  const out: ListedEntity[] = [];
  for (const d of designations) {
    const id = text(d.UniqueID);
    if (!id) continue;
    const schema = schemaOf(text(d.IndividualEntityShip));
    const entity = create(list, id, schema);
    for (const n of arr(node(d.Names).Name).map(node)) {
      const parts = ['Name1', 'Name2', 'Name3', 'Name4', 'Name5'].map((k) => text(n[k]));
      const { quality, kind } = qualityOf(text(n.NameType), text(n.AliasStrength));
      addName(entity, fullName(schema, parts, text(n.Name6)), quality, kind);
    }
    for (const n of arr(node(d.NonLatinNames).NonLatinName).map(node)) addName(entity, text(n.NameNonLatinScript), 'strong', 'original');
    pushUnique(entity.programs, text(d.RegimeName));
    for (const ind of arr(node(d.IndividualDetails).Individual).map(node)) {
      for (const dob of arr(node(ind.DOBs).DOB)) for (const v of birthDates(text(dob))) pushUnique(entity.birthDates, v);
      for (const nat of arr(node(ind.Nationalities).Nationality)) addCountries(entity.nationalities, text(nat));
      for (const g of arr(node(ind.Genders).Gender)) setGender(entity, text(g));
    }
    for (const a of arr(node(d.Addresses).Address).map(node)) addCountries(entity.countries, text(a.AddressCountry));
    finish(entity);
    if (entity.names.length > 0) out.push(entity);
  }
  return out;
}

// ------------------------------------------------------------------------------------------------ CSV
const COLUMNS = {
  id: ['unique id'],
  type: ['designation type', 'individual, entity, ship', 'individual entity ship', 'type'],
  nameType: ['name type'],
  aliasStrength: ['alias strength', 'alias quality'],
  nonLatin: ['name non-latin script', 'non-latin script name', 'name non latin script'],
  regime: ['regime name', 'regime'],
  dob: ['d.o.b', 'd.o.b.', 'date of birth', 'dob'],
  nationality: ['nationality(/ies)', 'nationality', 'nationalities'],
  gender: ['gender'],
  addressCountry: ['address country', 'country'],
} as const;

export function parseUkSanctionsListCsv(list: string, content: string): ListedEntity[] {
  const rows = readCsvRows(content);
  const headerIndex = rows.findIndex((r) => r.some((c) => c.trim().toLowerCase() === 'unique id') && r.some((c) => c.trim().toLowerCase() === 'name 6'));
  if (headerIndex < 0) throw new Error('UK Sanctions List CSV: header row with "Unique ID" and "Name 6" not found');
  const header = rows[headerIndex]!.map((h) => h.trim().toLowerCase());
  const col = (names: readonly string[]) => {
    for (const n of names) {
      const i = header.indexOf(n);
      if (i >= 0) return i;
    }
    return -1;
  };
  const idx = Object.fromEntries(Object.entries(COLUMNS).map(([k, v]) => [k, col(v)])) as Record<keyof typeof COLUMNS, number>;
  const nameCols = ['name 1', 'name 2', 'name 3', 'name 4', 'name 5'].map((n) => header.indexOf(n));
  const name6 = header.indexOf('name 6');
  const at = (row: string[], i: number) => (i >= 0 ? (row[i] ?? '').trim() : '');
  const byId = new Map<string, ListedEntity>();
  // Original-script names go after the Latin ones, as in the XML (where they have their own element).
  const nonLatin = new Map<ListedEntity, string[]>();
  for (const row of rows.slice(headerIndex + 1)) {
    const id = at(row, idx.id);
    if (!id) continue;
    let entity = byId.get(id);
    if (!entity) {
      entity = create(list, id, schemaOf(at(row, idx.type)));
      byId.set(id, entity);
    }
    const { quality, kind } = qualityOf(at(row, idx.nameType), at(row, idx.aliasStrength));
    addName(entity, fullName(entity.schema, nameCols.map((i) => at(row, i)), at(row, name6)), quality, kind);
    const original = at(row, idx.nonLatin);
    if (original) nonLatin.set(entity, [...(nonLatin.get(entity) ?? []), original]);
    pushUnique(entity.programs, at(row, idx.regime));
    for (const v of birthDates(at(row, idx.dob))) pushUnique(entity.birthDates, v);
    addCountries(entity.nationalities, at(row, idx.nationality));
    setGender(entity, at(row, idx.gender));
    addCountries(entity.countries, at(row, idx.addressCountry));
  }
  for (const [entity, names] of nonLatin) for (const n of names) addName(entity, n, 'strong', 'original');
  const out = [...byId.values()].filter((e) => e.names.length > 0);
  out.forEach(finish);
  return out;
}
