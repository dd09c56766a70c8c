/**
 * The three XML formats: OFAC `sdnList` (sdn.xml and the consolidated non-SDN cons.xml share it), the UN
 * Security Council `CONSOLIDATED_LIST` and the EU Financial Sanctions Files `export`. Parsed with
 * fast-xml-parser; every repeated element is read through `arr()` because a single child is not an array.
 */
import { XMLParser } from 'fast-xml-parser';
import { addName, newEntity, pushUnique, type AliasQuality, type ListedEntity } from '../domain/entity.ts';
import { arr, countryCode, normaliseGender, parseLooseDate, partialDate, text, yearRange } from './fields.ts';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

export function parseXml(content: string): Node {
  return parser.parse(content) as Node;
}

function node(value: unknown): Node {
  return value && typeof value === 'object' ? (value as Node) : {};
}

function joinName(...parts: unknown[]): string {
  return parts.map(text).filter(Boolean).join(' ');
}

/** `LAST, First` as OFAC itself prints names, so listed names read the same in every OFAC format. */
function ofacName(first: unknown, last: unknown): string {
  const f = text(first);
  const l = text(last);
  return f && l ? `${l}, ${f}` : l || f;
}

// ---------------------------------------------------------------- OFAC sdnList
export function parseOfacXml(list: string, doc: Node): ListedEntity[] {
  const root = node(doc.sdnList);
  return arr(root.sdnEntry).map((raw) => {
    const e = node(raw);
    const type = text(e.sdnType).toLowerCase();
    const schema = type === 'individual' ? 'person' : type === 'vessel' ? 'vessel' : type === 'aircraft' ? 'aircraft' : 'organization';
    const entity = newEntity(list, text(e.uid), schema);
    addName(entity, ofacName(e.firstName, e.lastName), 'primary');
    for (const a of arr(node(e.akaList).aka).map(node)) {
      const quality: AliasQuality = text(a.category).toLowerCase() === 'weak' ? 'weak' : 'strong';
      addName(entity, ofacName(a.firstName, a.lastName), quality, text(a.type).replace(/\./g, '').toLowerCase());
    }
    for (const p of arr(node(e.programList).program)) pushUnique(entity.programs, text(p));
    for (const d of arr(node(e.dateOfBirthList).dateOfBirthItem).map(node)) for (const v of parseLooseDate(text(d.dateOfBirth))) pushUnique(entity.birthDates, v);
    for (const n of arr(node(e.nationalityList).nationality).map(node)) pushUnique(entity.nationalities, countryCode(text(n.country)));
    for (const c of arr(node(e.citizenshipList).citizenship).map(node)) pushUnique(entity.citizenships, countryCode(text(c.country)));
    for (const a of arr(node(e.addressList).address).map(node)) pushUnique(entity.countries, countryCode(text(a.country)));
    for (const id of arr(node(e.idList).id).map(node)) {
      if (text(id.idType) === 'Gender') entity.gender = normaliseGender(text(id.idNumber));
    }
    entity.topics.push('sanction');
    entity.sourceUrl = `https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${entity.sourceId}`;
    return entity;
  });
}

// ---------------------------------------------------------------- UN Security Council
const UN_QUALITY: Record<string, AliasQuality> = { good: 'strong', 'a.k.a.': 'strong', low: 'weak', 'f.k.a.': 'strong' };

export function parseUnXml(list: string, doc: Node): ListedEntity[] {
  const root = node(doc.CONSOLIDATED_LIST);
  const people = arr(node(root.INDIVIDUALS).INDIVIDUAL).map((raw) => unRecord(list, node(raw), 'person'));
  const entities = arr(node(root.ENTITIES).ENTITY).map((raw) => unRecord(list, node(raw), 'organization'));
  return [...people, ...entities];
}

function unRecord(list: string, e: Node, schema: 'person' | 'organization'): ListedEntity {
  const entity = newEntity(list, text(e.DATAID), schema);
  addName(entity, joinName(e.FIRST_NAME, e.SECOND_NAME, e.THIRD_NAME, e.FOURTH_NAME), 'primary');
  addName(entity, text(e.NAME_ORIGINAL_SCRIPT), 'strong', 'original');
  const prefix = schema === 'person' ? 'INDIVIDUAL' : 'ENTITY';
  for (const a of arr(e[`${prefix}_ALIAS`]).map(node)) {
    const quality = UN_QUALITY[text(a.QUALITY).toLowerCase()] ?? 'strong';
    addName(entity, text(a.ALIAS_NAME), quality, text(a.QUALITY).toLowerCase().replace(/\./g, '') || 'aka');
  }
  pushUnique(entity.programs, text(e.UN_LIST_TYPE));
  for (const n of arr(node(e.NATIONALITY).VALUE)) pushUnique(entity.nationalities, countryCode(text(n)));
  for (const a of arr(e[`${prefix}_ADDRESS`]).map(node)) pushUnique(entity.countries, countryCode(text(a.COUNTRY)));
  for (const d of arr(e.INDIVIDUAL_DATE_OF_BIRTH).map(node)) {
    const date = text(d.DATE);
    if (date) for (const v of parseLooseDate(date.slice(0, 10))) pushUnique(entity.birthDates, v);
    if (text(d.YEAR)) pushUnique(entity.birthDates, partialDate(Number(text(d.YEAR))));
    if (text(d.FROM_YEAR) && text(d.TO_YEAR)) for (const y of yearRange(Number(text(d.FROM_YEAR)), Number(text(d.TO_YEAR)))) pushUnique(entity.birthDates, y);
  }
  const gender = normaliseGender(text(e.GENDER));
  if (gender) entity.gender = gender;
  entity.topics.push('sanction');
  const ref = text(e.REFERENCE_NUMBER);
  entity.sourceUrl = ref
    ? `https://main.un.org/securitycouncil/en/sanctions/un-sc-consolidated-list#${encodeURIComponent(ref)}`
    : 'https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list';
  return entity;
}

// ---------------------------------------------------------------- EU Financial Sanctions Files
export function parseEuXml(list: string, doc: Node): ListedEntity[] {
  const root = node(doc.export);
  return arr(root.sanctionEntity).map((raw) => {
    const e = node(raw);
    const code = text(node(e.subjectType)['@code']).toLowerCase();
    const entity = newEntity(list, text(e['@logicalId']), code === 'person' ? 'person' : 'organization');
    for (const [i, a] of arr(e.nameAlias).map(node).entries()) {
      const whole = text(a['@wholeName']) || joinName(a['@firstName'], a['@middleName'], a['@lastName']);
      const strong = text(a['@strong']) !== 'false';
      addName(entity, whole, i === 0 ? 'primary' : strong ? 'strong' : 'weak', 'aka');
      const gender = normaliseGender(text(a['@gender']));
      if (gender) entity.gender = gender;
    }
    for (const r of arr(e.regulation).map(node)) pushUnique(entity.programs, text(r['@programme']));
    for (const c of arr(e.citizenship).map(node)) pushUnique(entity.citizenships, countryCode(text(c['@countryIso2Code'])) ?? countryCode(text(c['@countryDescription'])));
    for (const a of arr(e.address).map(node)) pushUnique(entity.countries, countryCode(text(a['@countryIso2Code'])));
    for (const b of arr(e.birthdate).map(node)) {
      const full = text(b['@birthdate']);
      const value = full ? parseLooseDate(full)[0] : partialDate(Number(text(b['@year'])), Number(text(b['@monthOfYear'])) || undefined, Number(text(b['@dayOfMonth'])) || undefined);
      pushUnique(entity.birthDates, value);
    }
    entity.topics.push('sanction');
    entity.sourceUrl = `https://webgate.ec.europa.eu/fsd/fsf/public/rss#${entity.sourceId}`;
    return entity;
  });
}
