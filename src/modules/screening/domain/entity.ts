/**
 * The one record every list importer produces, whatever the publisher's format. The matcher, the service
 * and the list diff only ever see this shape.
 */
export type EntitySchema = 'person' | 'company' | 'organization' | 'vessel' | 'aircraft' | 'unknown';

/**
 * How much a name can be trusted to identify the entity. `primary`: the listed name; `strong`: a good
 * quality alias (OFAC strong a.k.a., UN "Good", EU strong="true"); `weak`: a low quality alias (OFAC weak,
 * UN "Low", HMT "Low quality", nicknames) that lists themselves say should not be screened on its own.
 */
export type AliasQuality = 'primary' | 'strong' | 'weak';

export interface ListedName {
  full: string;
  quality: AliasQuality;
  /** Where the alias came from: aka, fka (formerly known as), nka (now known as), original script, ... */
  kind?: string;
}

export interface ListedEntity {
  /** The list (source) id, for example `us_ofac_sdn`, `un_sc`, `eu_fsf`. */
  list: string;
  /** The publisher's own id for the entry (OFAC ent_num, UN DATAID, EU logicalId, ...). */
  sourceId: string;
  /** `${list}:${sourceId}`: unique across everything loaded. */
  id: string;
  schema: EntitySchema;
  /** The first name is the primary name. */
  names: ListedName[];
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; a published range is expanded to its years. */
  birthDates: string[];
  /** ISO 3166-1 alpha-2, upper case. */
  nationalities: string[];
  citizenships: string[];
  /** Other countries attached to the entry (addresses, jurisdiction), ISO alpha-2. */
  countries: string[];
  gender?: 'male' | 'female';
  programs: string[];
  /** FollowTheMoney topics: `sanction`, `role.pep`, `crime`, `debarment`, ... */
  topics: string[];
  sourceUrl?: string;
  /** Public functions held (OpenSanctions Position + Occupancy): what makes the entity a PEP. */
  positions?: PepPosition[];
  /** Family members and close associates who are PEPs (OpenSanctions Family, Associate): what makes it an RCA. */
  relations?: PepRelation[];
}

/** A position held, as published (dates `YYYY[-MM[-DD]]`, country ISO alpha-2). */
export interface PepPosition {
  title: string;
  country?: string;
  subnationalArea?: string;
  /** Position topics: `gov.national`, `gov.igo`, `gov.muni`, `gov.head`, `role.diplo`, ... */
  topics: string[];
  startDate?: string;
  endDate?: string;
  /** The occupancy's published status. */
  status?: 'current' | 'ended' | 'unknown';
}

/** A relation of this entity to a PEP (MLR 2017 regulation 35: family members and known close associates). */
export interface PepRelation {
  kind: 'family' | 'associate';
  /** As published, e.g. `spouse`, `son`, `business partner`. */
  relationship?: string;
  /**
   * Whom `relationship` describes: `this` when this entity is the published relative/associate (it is the
   * PEP's `spouse`), `pep` when the PEP is (the PEP is this entity's `father`).
   */
  describes: 'this' | 'pep';
  pepId: string;
  pepName: string;
  pepPositions: PepPosition[];
}

export function entityId(list: string, sourceId: string): string {
  return `${list}:${sourceId}`;
}

/** An empty entity for importers to fill; keeps the field list in one place. */
export function newEntity(list: string, sourceId: string, schema: EntitySchema): ListedEntity {
  return {
    list,
    sourceId,
    id: entityId(list, sourceId),
    schema,
    names: [],
    birthDates: [],
    nationalities: [],
    citizenships: [],
    countries: [],
    programs: [],
    topics: [],
  };
}

/** Adds a name once (same text and not weaker than an existing copy). */
export function addName(entity: ListedEntity, full: string | undefined | null, quality: AliasQuality, kind?: string): void {
  const text = (full ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return;
  const existing = entity.names.find((n) => n.full === text);
  if (existing) {
    if (rank(quality) < rank(existing.quality)) existing.quality = quality;
    return;
  }
  entity.names.push(kind ? { full: text, quality, kind } : { full: text, quality });
}

function rank(q: AliasQuality): number {
  return q === 'primary' ? 0 : q === 'strong' ? 1 : 2;
}

export function pushUnique(values: string[], value: string | undefined | null): void {
  if (value && !values.includes(value)) values.push(value);
}

/** Stable JSON (object keys sorted at every level): the basis of content hashes and diffs. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
