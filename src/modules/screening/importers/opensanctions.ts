/**
 * OpenSanctions data in its two export formats: FollowTheMoney entities (one JSON object per line, the
 * `entities.ftm.json` export) and Senzing JSON lines. `topics` carry the reason for listing
 * (`sanction`, `role.pep`, `role.rca`, `crime`, ...), which the service maps to PEP and sanctions results; the
 * FtM export's positions and relations are read by ftm-pep.ts.
 */
import { addName, newEntity, pushUnique, type EntitySchema, type ListedEntity } from '../domain/entity.ts';
import { countryCode, normaliseGender, parseLooseDate } from './fields.ts';
import { attachPepStructure } from './ftm-pep.ts';

type Props = Record<string, string[] | undefined>;
interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  properties?: Props;
  target?: boolean;
}

const FTM_SCHEMAS: Record<string, EntitySchema> = {
  Person: 'person',
  Company: 'company',
  Organization: 'organization',
  LegalEntity: 'organization',
  PublicBody: 'organization',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

export function jsonLines<T>(content: string): T[] {
  const out: T[] = [];
  for (const [i, line] of content.split('\n').entries()) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    try {
      out.push(JSON.parse(trimmed) as T);
    } catch {
      throw new Error(`invalid JSON on line ${i + 1}`);
    }
  }
  return out;
}

export function parseFtm(list: string, content: string): ListedEntity[] {
  const all = jsonLines<FtmEntity>(content);
  const byId = new Map<string, ListedEntity>();
  for (const raw of all) {
    const schema = FTM_SCHEMAS[raw.schema];
    if (!schema) continue;
    const p = raw.properties ?? {};
    const entity = newEntity(list, raw.id, schema);
    addName(entity, raw.caption ?? p.name?.[0], 'primary');
    for (const n of p.name ?? []) addName(entity, n, 'strong', 'name');
    for (const n of p.alias ?? []) addName(entity, n, 'strong', 'aka');
    for (const n of p.previousName ?? []) addName(entity, n, 'strong', 'fka');
    for (const n of p.weakAlias ?? []) addName(entity, n, 'weak', 'aka');
    for (const d of p.birthDate ?? []) for (const v of parseLooseDate(d.slice(0, 10))) pushUnique(entity.birthDates, v);
    for (const c of p.nationality ?? []) pushUnique(entity.nationalities, countryCode(c));
    for (const c of p.citizenship ?? []) pushUnique(entity.citizenships, countryCode(c));
    for (const c of [...(p.country ?? []), ...(p.jurisdiction ?? [])]) pushUnique(entity.countries, countryCode(c));
    for (const t of p.topics ?? []) pushUnique(entity.topics, t);
    for (const prog of p.programId ?? []) pushUnique(entity.programs, prog);
    const gender = normaliseGender(p.gender?.[0]);
    if (gender) entity.gender = gender;
    entity.sourceUrl = p.sourceUrl?.[0] ?? `https://www.opensanctions.org/entities/${raw.id}/`;
    byId.set(raw.id, entity);
  }
  // Sanction records point at the entity they sanction: their programme belongs to that entity.
  for (const raw of all) {
    if (raw.schema !== 'Sanction') continue;
    const p = raw.properties ?? {};
    for (const target of p.entity ?? []) {
      const entity = byId.get(target);
      if (!entity) continue;
      for (const prog of [...(p.programId ?? []), ...(p.program ?? [])]) pushUnique(entity.programs, prog);
      pushUnique(entity.topics, 'sanction');
    }
  }
  // Positions, occupancies, family and associates: who is a PEP, and who is a relative or close associate of one.
  attachPepStructure(all, byId);
  return [...byId.values()];
}

interface SenzingRecord {
  RECORD_ID: string;
  RECORD_TYPE?: string;
  NAMES?: Array<Record<string, string>>;
  RISKS?: Array<{ TOPIC?: string }>;
  DATES?: Array<Record<string, string>>;
  COUNTRIES?: Array<Record<string, string>>;
  GENDER?: string;
  ATTRIBUTES?: Array<Record<string, string>>;
  URL?: string;
}

export function parseSenzing(list: string, content: string): ListedEntity[] {
  return jsonLines<SenzingRecord>(content).map((r) => {
    const type = (r.RECORD_TYPE ?? '').toUpperCase();
    const entity = newEntity(list, r.RECORD_ID, type === 'PERSON' ? 'person' : type === 'ORGANIZATION' ? 'organization' : 'unknown');
    for (const n of r.NAMES ?? []) {
      const full = n.NAME_FULL ?? n.NAME_ORG ?? [n.NAME_FIRST, n.NAME_MIDDLE, n.NAME_LAST].filter(Boolean).join(' ');
      const primary = (n.NAME_TYPE ?? '').toUpperCase() === 'PRIMARY';
      addName(entity, full, primary ? 'primary' : 'strong', (n.NAME_TYPE ?? 'alias').toLowerCase());
    }
    const primaryIndex = entity.names.findIndex((n) => n.quality === 'primary');
    if (primaryIndex > 0) entity.names.unshift(...entity.names.splice(primaryIndex, 1));
    for (const risk of r.RISKS ?? []) pushUnique(entity.topics, risk.TOPIC);
    for (const d of r.DATES ?? []) if (d.DATE_OF_BIRTH) for (const v of parseLooseDate(d.DATE_OF_BIRTH.slice(0, 10))) pushUnique(entity.birthDates, v);
    for (const c of r.COUNTRIES ?? []) {
      pushUnique(entity.nationalities, countryCode(c.NATIONALITY));
      pushUnique(entity.citizenships, countryCode(c.CITIZENSHIP));
      pushUnique(entity.countries, countryCode(c.REGISTRATION_COUNTRY ?? c.ADDR_COUNTRY));
    }
    const gender = normaliseGender(r.GENDER ?? r.ATTRIBUTES?.find((a) => a.GENDER)?.GENDER);
    if (gender) entity.gender = gender;
    if (r.URL) entity.sourceUrl = r.URL;
    return entity;
  });
}
