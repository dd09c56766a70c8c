/**
 * The PEP structure of an OpenSanctions FollowTheMoney export: Position (name, country, subnationalArea,
 * topics) held through Occupancy (holder, post, startDate, endDate, status), and Family (person, relative,
 * relationship) and Associate (person, associate, relationship) between people. A holder of a position gets
 * its positions; a person related to a PEP gets the relation, and the topic `role.rca` when it is not a PEP
 * itself, so that a relative or close associate of a PEP is a PEP match (MLR 2017 regulation 35).
 */
import { pushUnique, type ListedEntity, type PepPosition, type PepRelation } from '../domain/entity.ts';
import { countryCode } from './fields.ts';

type Props = Record<string, string[] | undefined>;
interface Raw { id: string; schema: string; caption?: string; properties?: Props }

const first = (p: Props, key: string) => p[key]?.find((v) => v.trim())?.trim();
const day = (v: string | undefined) => (v && /^\d{4}(-\d{2}(-\d{2})?)?/.test(v) ? v.slice(0, 10) : undefined);

function occupancyStatus(v: string | undefined): PepPosition['status'] {
  const s = v?.toLowerCase();
  return s === 'current' || s === 'ended' || s === 'unknown' ? s : undefined;
}

/** Positions keyed by id, with what a holder needs to know of them. */
function positionsById(all: Raw[]): Map<string, Omit<PepPosition, 'startDate' | 'endDate' | 'status'>> {
  const out = new Map<string, Omit<PepPosition, 'startDate' | 'endDate' | 'status'>>();
  for (const raw of all) {
    if (raw.schema !== 'Position') continue;
    const p = raw.properties ?? {};
    const title = first(p, 'name') ?? raw.caption;
    if (!title) continue;
    const country = countryCode(first(p, 'country'));
    const area = first(p, 'subnationalArea');
    out.set(raw.id, { title, ...(country ? { country } : {}), ...(area ? { subnationalArea: area } : {}), topics: [...new Set(p.topics ?? [])] });
  }
  return out;
}

/** Adds positions and PEP relations to the entities of one export (`byId`: the matchable entities by FtM id). */
export function attachPepStructure(all: Raw[], byId: Map<string, ListedEntity>): void {
  const positions = positionsById(all);
  for (const raw of all) {
    if (raw.schema !== 'Occupancy') continue;
    const p = raw.properties ?? {};
    const post = positions.get(first(p, 'post') ?? '');
    if (!post) continue;
    const startDate = day(first(p, 'startDate'));
    const endDate = day(first(p, 'endDate'));
    const status = occupancyStatus(first(p, 'status'));
    for (const holderId of p.holder ?? []) {
      const holder = byId.get(holderId);
      if (!holder) continue;
      (holder.positions ??= []).push({ ...post, ...(startDate ? { startDate } : {}), ...(endDate ? { endDate } : {}), ...(status ? { status } : {}) });
      // The export marks holders of PEP positions `role.pep`; a holder it left unmarked is one all the same.
      if (!holder.topics.includes('role.pep') && post.topics.some((t) => t.startsWith('gov.') || t === 'role.diplo')) pushUnique(holder.topics, 'role.pep');
    }
  }
  const isPep = (e: ListedEntity | undefined): e is ListedEntity => !!e && ((e.positions?.length ?? 0) > 0 || e.topics.includes('role.pep'));
  for (const raw of all) {
    const kind = raw.schema === 'Family' ? 'family' : raw.schema === 'Associate' ? 'associate' : undefined;
    if (!kind) continue;
    const p = raw.properties ?? {};
    const relationship = first(p, 'relationship');
    const other = kind === 'family' ? 'relative' : 'associate';
    for (const personId of p.person ?? []) {
      for (const otherId of p[other] ?? []) {
        const person = byId.get(personId);
        const relative = byId.get(otherId);
        // The relationship text is from the person's side: the relative (associate) is the person's `spouse`.
        if (isPep(person) && relative) relate(relative, person, { kind, describes: 'this', relationship });
        if (isPep(relative) && person) relate(person, relative, { kind, describes: 'pep', relationship });
      }
    }
  }
}

function relate(entity: ListedEntity, pep: ListedEntity, r: Pick<PepRelation, 'kind' | 'describes' | 'relationship'>): void {
  (entity.relations ??= []).push({
    kind: r.kind, describes: r.describes, ...(r.relationship ? { relationship: r.relationship } : {}),
    pepId: pep.id, pepName: pep.names[0]?.full ?? pep.sourceId, pepPositions: pep.positions ?? [],
  });
  if (!entity.topics.includes('role.pep')) pushUnique(entity.topics, 'role.rca');
}
