/**
 * What a PEP match means for the compliance officer (MLR 2017 regulation 35), from the positions and relations
 * an importer read: PEP or relative / close associate (RCA), category (domestic, foreign, international
 * organisation), current or former with the date office ended, and one sentence that explains it
 * ("spouse of Jane Doe, Minister of Finance (GB), 2019-2023"). Pure: the caller gives today's date and the
 * domestic country (ADR 0100).
 */
import type { ListedEntity, PepPosition, PepRelation } from './entity.ts';

export type PepCategory = 'domestic' | 'foreign' | 'international_organisation';
export type PepStatus = 'current' | 'former' | 'unknown';

export interface PepPositionOut {
  title: string;
  country: string | null;
  category: PepCategory | null;
  start_date: string | null;
  end_date: string | null;
  status: PepStatus;
}

export interface PepAssessment {
  /** `pep`: holds or held the function; `rca`: a family member or known close associate of one who does. */
  role: 'pep' | 'rca';
  /** Of the position that decides (a current one first, else the one that ended last); null when none is published. */
  category: PepCategory | null;
  /** `former`: every published position has ended. */
  status: PepStatus;
  /** When the last position ended (former only). */
  ended_on: string | null;
  /**
   * Former PEPs: regulation 35(9) keeps enhanced measures for at least 12 months after the person left office,
   * then the firm decides on its assessment of risk. The day those 12 months end; null when not former.
   */
  minimum_measures_until: string | null;
  positions: PepPositionOut[];
  relation: { kind: 'family' | 'associate'; relationship: string | null; pep_entity_id: string; pep_name: string } | null;
  explanation: string;
}

export interface PepContext {
  /** ISO alpha-2 of the firm's own country: its positions are domestic. */
  domesticCountry: string;
  /** `YYYY-MM-DD`. */
  today: string;
}

const IGO_TOPIC = 'gov.igo';

export function positionCategory(p: PepPosition, domesticCountry: string): PepCategory | null {
  if (p.topics.includes(IGO_TOPIC)) return 'international_organisation';
  if (!p.country) return null;
  return p.country.toUpperCase() === domesticCountry.toUpperCase() ? 'domestic' : 'foreign';
}

/**
 * A published `ended` status or an end date before today is an ended position; `current`, or a start date
 * with no end, is current; anything else is unknown. A `current` status with an end date already passed is
 * taken as ended (the data lags behind the end of a term more often than the reverse).
 */
export function positionStatus(p: PepPosition, today: string): PepStatus {
  if (p.status === 'ended') return 'former';
  if (p.endDate && p.endDate.slice(0, today.length) < today) return 'former';
  if (p.status === 'current') return 'current';
  if (p.endDate) return 'current';
  return p.startDate ? 'current' : 'unknown';
}

/** `YYYY[-MM[-DD]]` plus 12 months, keeping the precision given. */
export function twelveMonthsAfter(date: string): string {
  const year = Number(date.slice(0, 4)) + 1;
  // 29 February has no anniversary in the next year: the day after 28 February.
  return date.slice(4) === '-02-29' ? `${year}-03-01` : `${year}${date.slice(4)}`;
}

const RANK: Record<PepStatus, number> = { current: 0, unknown: 1, former: 2 };

/** The position that decides: current first, then unknown, then the one that ended last. */
function decisive(positions: PepPosition[], today: string): PepPosition | undefined {
  return [...positions].sort((a, b) => RANK[positionStatus(a, today)] - RANK[positionStatus(b, today)] || (b.endDate ?? '').localeCompare(a.endDate ?? ''))[0];
}

function overallStatus(positions: PepPosition[], today: string): PepStatus {
  const statuses = positions.map((p) => positionStatus(p, today));
  if (statuses.includes('current')) return 'current';
  if (statuses.length > 0 && statuses.every((s) => s === 'former')) return 'former';
  return 'unknown';
}

function years(p: PepPosition): string {
  const from = p.startDate?.slice(0, 4);
  const to = p.endDate?.slice(0, 4);
  if (from && to) return from === to ? from : `${from}-${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;
  return '';
}

/** "Minister of Finance (GB), 2019-2023" */
export function describePosition(p: PepPosition): string {
  const where = [p.country?.toUpperCase(), p.subnationalArea].filter(Boolean).join(', ');
  return [`${p.title}${where ? ` (${where})` : ''}`, years(p)].filter(Boolean).join(', ');
}

function describeRelation(r: PepRelation, position: PepPosition | undefined): string {
  const generic = r.kind === 'family' ? 'relative' : 'close associate';
  const rel = r.relationship?.trim().toLowerCase();
  const who = !rel ? `${generic} of ${r.pepName}` : r.describes === 'this' ? `${rel} of ${r.pepName}` : `${generic} of ${r.pepName} (${r.pepName} is their ${rel})`;
  return position ? `${who}, ${describePosition(position)}` : `${who} (a PEP; no position published)`;
}

function positionsOut(positions: PepPosition[], ctx: PepContext): PepPositionOut[] {
  return positions.map((p) => ({
    title: p.title, country: p.country ?? null, category: positionCategory(p, ctx.domesticCountry), start_date: p.startDate ?? null, end_date: p.endDate ?? null,
    status: positionStatus(p, ctx.today),
  }));
}

function endedOn(positions: PepPosition[]): string | null {
  return positions.map((p) => p.endDate).filter((d): d is string => !!d).sort().at(-1) ?? null;
}

function statusNote(status: PepStatus, ended: string | null): string {
  if (status !== 'former') return status === 'current' ? '; in office' : '';
  return ended ? `; former, left office ${ended}` : '; former';
}

/**
 * The assessment of a PEP or RCA entity; undefined for an entity that is neither (no PEP topic, no position,
 * no relation to a PEP). An entity that holds positions itself, or is marked `role.pep`, is a PEP even if it also
 * has PEP relatives.
 */
export function assessPep(entity: Pick<ListedEntity, 'topics' | 'positions' | 'relations'>, ctx: PepContext): PepAssessment | undefined {
  const own = entity.positions ?? [];
  const relations = entity.relations ?? [];
  const pepTopic = entity.topics.includes('role.pep');
  if (own.length > 0 || pepTopic) {
    const status = overallStatus(own, ctx.today);
    const ended = status === 'former' ? endedOn(own) : null;
    const main = decisive(own, ctx.today);
    return {
      role: 'pep', category: main ? positionCategory(main, ctx.domesticCountry) : null, status, ended_on: ended,
      minimum_measures_until: ended ? twelveMonthsAfter(ended) : null, positions: positionsOut(own, ctx), relation: null,
      explanation: `${main ? describePosition(main) : 'listed as a PEP; no position published'}${statusNote(status, ended)}`,
    };
  }
  if (relations.length === 0) return entity.topics.includes('role.rca') ? rcaWithoutRelation() : undefined;
  // The relation to the PEP most in office decides (current, then unknown, then the one who left last).
  const [relation] = [...relations].sort((a, b) => RANK[overallStatus(a.pepPositions, ctx.today)] - RANK[overallStatus(b.pepPositions, ctx.today)]
    || (endedOn(b.pepPositions) ?? '').localeCompare(endedOn(a.pepPositions) ?? ''));
  const r = relation!;
  const status = overallStatus(r.pepPositions, ctx.today);
  const ended = status === 'former' ? endedOn(r.pepPositions) : null;
  const main = decisive(r.pepPositions, ctx.today);
  return {
    role: 'rca', category: main ? positionCategory(main, ctx.domesticCountry) : null, status, ended_on: ended,
    minimum_measures_until: ended ? twelveMonthsAfter(ended) : null, positions: positionsOut(r.pepPositions, ctx),
    relation: { kind: r.kind, relationship: r.relationship ?? null, pep_entity_id: r.pepId, pep_name: r.pepName },
    explanation: `${describeRelation(r, main)}${statusNote(status, ended)}`,
  };
}

function rcaWithoutRelation(): PepAssessment {
  return {
    role: 'rca', category: null, status: 'unknown', ended_on: null, minimum_measures_until: null, positions: [], relation: null,
    explanation: 'listed as a relative or close associate of a PEP; the relation is not published in this list',
  };
}
