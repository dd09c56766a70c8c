/**
 * Proof of address from a bill or statement's text (pure): the contact's name and address appear on it,
 * and it was issued within the last N months. What is not found is REFER with a reason, never assumed.
 */
import { isRealDate } from '../../../platform/domain/dates.ts';
import type { Reason } from './decision.ts';
import type { DocumentDecision } from './extracted.ts';
import { transliterate } from './names.ts';
import { looksIssued, type ProofEvidence, proofEvidence } from './poa-kind.ts';

export interface AddressContact {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  primary_address?: { street?: string; postcode?: string; city?: string };
}

export interface ProofOfAddressResult {
  decision: DocumentDecision;
  reasons: Reason[];
  name_found: boolean;
  address: { postcode_found: boolean; street_found: boolean; city_found: boolean };
  issue_date: string | null;
  /** The kind of document, its issuer and the signals that it was issued, not typed (poa-kind.ts). */
  kind: ProofEvidence['kind'];
  issuer: string | null;
  evidence: ProofEvidence['signals'];
  /** The dates seen, for the reviewer. */
  dates_found: string[];
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Upper case A-Z and digits only, words separated by one space (diacritics transliterated as in an MRZ). */
export function fold(text: string): string {
  return transliterate(text).replace(/['’]/g, '').replace(/[^A-Z0-9\n]+/g, ' ');
}

const iso = (y: number, m: number, d: number) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Dates written as 12/03/2026, 12.03.2026, 2026-03-12, 12 March 2026, March 12, 2026 (day first for numeric forms, as UK bills write them). */
export function findDates(text: string): { date: string; index: number }[] {
  const out: { date: string; index: number }[] = [];
  const push = (y: number, m: number, d: number, index: number) => {
    const v = iso(y, m, d);
    if (isRealDate(v)) out.push({ date: v, index });
  };
  for (const m of text.matchAll(/\b(\d{1,2})[./-](\d{1,2})[./-](\d{4})\b/g)) push(Number(m[3]), Number(m[2]), Number(m[1]), m.index);
  for (const m of text.matchAll(/\b(\d{4})-(\d{2})-(\d{2})\b/g)) push(Number(m[1]), Number(m[2]), Number(m[3]), m.index);
  const month = (w: string) => MONTHS.indexOf(w.slice(0, 3).toUpperCase()) + 1;
  for (const m of text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})\b/g)) if (month(m[2]!) > 0) push(Number(m[3]), month(m[2]!), Number(m[1]), m.index);
  for (const m of text.matchAll(/\b([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/g)) if (month(m[1]!) > 0) push(Number(m[3]), month(m[1]!), Number(m[2]), m.index);
  return out.sort((a, b) => a.index - b.index);
}

/** The issue date: the first date after a label such as "statement date" or "bill date", else the latest date not after today. */
export function issueDate(text: string, today: string): string | null {
  const dates = findDates(text).filter((d) => d.date <= today);
  const label = /(statement|bill|invoice|issue|issued|letter|print|document)\s*(date|on)|date\s*(of\s*)?(issue|statement|bill)|\bdated\b/gi;
  for (const m of text.matchAll(label)) {
    const after = dates.find((d) => d.index >= m.index && d.index - m.index < 60);
    if (after) return after.date;
  }
  return dates.map((d) => d.date).sort().at(-1) ?? null;
}

function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) - months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return iso(year, month, Math.min(d, last));
}

const containsWords = (hay: string, words: string) => words.length > 0 && ` ${hay.replace(/\n/g, ' ')} `.includes(` ${words} `);

/** Street words as bills abbreviate them, to one spelling (folded text). */
const STREET_WORDS: Record<string, string> = {
  RD: 'ROAD', LN: 'LANE', ST: 'STREET', STR: 'STREET', AVE: 'AVENUE', AV: 'AVENUE', AVN: 'AVENUE', DR: 'DRIVE', CRES: 'CRESCENT', CRS: 'CRESCENT',
  CL: 'CLOSE', CT: 'COURT', PL: 'PLACE', SQ: 'SQUARE', GDNS: 'GARDENS', GRN: 'GREEN', GR: 'GROVE', TER: 'TERRACE', TERR: 'TERRACE', PK: 'PARK', HSE: 'HOUSE',
  WY: 'WAY', BLVD: 'BOULEVARD', PDE: 'PARADE', MT: 'MOUNT', APT: 'FLAT', APARTMENT: 'FLAT', NO: '', NUMBER: '', N: 'NORTH', S: 'SOUTH', E: 'EAST', W: 'WEST',
};

/**
 * An address line in one spelling: folded, abbreviations spelled out (a leading ST is SAINT: "St Albans
 * Road"), "12A" and "12 A" alike, words joined by single spaces.
 */
export function normaliseStreet(text: string): string {
  const words = fold(text).replace(/\n/g, ' ').replace(/\b(\d+) ([A-H])\b/g, '$1$2').split(' ').filter(Boolean);
  return words.map((w, i) => {
    if (w === 'ST' && words[i + 1] && !/^\d/.test(words[i + 1]!) && i < words.length - 1 && !/^(ROAD|LANE|STREET|AVENUE|RD|LN|AVE)$/.test(words[i + 1]!) && (i === 0 || /^\d/.test(words[i - 1]!))) return 'SAINT';
    return STREET_WORDS[w] ?? w;
  }).filter(Boolean).join(' ');
}

/** A UK postcode in one spelling: no spaces, look-alikes fixed where the inward code (digit, letter, letter) requires. */
export function normalisePostcode(text: string): string {
  const c = text.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (c.length < 5 || c.length > 7) return c;
  const inward = c.slice(-3);
  const digit = ({ O: '0', I: '1', S: '5', Z: '2', B: '8' } as Record<string, string>)[inward[0]!] ?? inward[0]!;
  const letters = inward.slice(1).replace(/0/g, 'O').replace(/1/g, 'I').replace(/5/g, 'S').replace(/8/g, 'B');
  return c.slice(0, -3) + digit + letters;
}

/** The address's house (and flat) numbers and street name, in the document's lines (normalised), near one another. */
function streetFound(documentText: string, street: string): boolean {
  const want = normaliseStreet(street);
  if (!want) return false;
  const lines = documentText.split('\n').map(normaliseStreet).filter(Boolean);
  // Lines joined in twos and threes: a flat number is often on the line above the house number and street.
  for (let i = 0; i < lines.length; i++) {
    for (const span of [lines[i]!, `${lines[i]} ${lines[i + 1] ?? ''}`, `${lines[i]} ${lines[i + 1] ?? ''} ${lines[i + 2] ?? ''}`]) {
      if (` ${span.trim()} `.includes(` ${want} `)) return true;
    }
  }
  return false;
}

export function checkProofOfAddressText(text: string, contact: AddressContact, options: { today: string; maxAgeMonths: number }): ProofOfAddressResult {
  const folded = fold(text);
  const lines = folded.split('\n');
  const last = fold(contact.last_name ?? '').trim();
  const first = fold(contact.first_name ?? '').trim();
  // The surname, on a line that also carries the first name or its initial ("MR J SMITH").
  // Compared without spaces too: OCR often runs a title into the name ("MRJOHN SMITH").
  const compactFirst = first.replace(/ /g, '');
  const compactLast = last.replace(/ /g, '');
  const name_found = Boolean(last) && lines.some((l) => {
    const c = l.replace(/ /g, '');
    if (!first) return containsWords(l, last);
    return [compactFirst + compactLast, compactFirst[0]! + compactLast, compactLast + compactFirst].some((n) => c.includes(n)) && containsWords(l, last.split(' ').at(-1)!);
  });
  const a = contact.primary_address ?? {};
  const postcode = normalisePostcode(a.postcode ?? '');
  // Each line's postcode-shaped words, normalised as the contact's is (an OCR'd O in the inward code is a 0).
  const postcode_found = postcode.length > 0 && lines.some((l) => {
    const words = l.split(' ').filter(Boolean);
    return words.some((_, i) => [words.slice(i, i + 2).join(''), words[i]!].some((w) => w.length >= 5 && w.length <= 7 && normalisePostcode(w) === postcode));
  });
  // House and flat numbers and the whole street name, abbreviations spelled out on both sides (Rd/Road).
  const street_found = streetFound(folded, a.street ?? '');
  const city = fold(a.city ?? '').trim();
  const city_found = city.length > 0 && containsWords(folded, city);
  const date = issueDate(text, options.today);
  const reasons: Reason[] = [];
  const refer = (code: string, detail: string) => reasons.push({ code, severity: 'REFER', detail });
  if (folded.replace(/\s/g, '').length < 20) refer('POA_UNREADABLE', 'no text could be read from the document');
  if (!name_found) refer('POA_NAME_NOT_FOUND', "the contact's name does not appear on the document");
  if (!postcode_found || !street_found) refer('POA_ADDRESS_NOT_FOUND', `${postcode_found ? '' : 'postcode '}${street_found ? '' : 'street '}not found`.trim());
  const earliest = monthsBefore(options.today, options.maxAgeMonths);
  const evidence = proofEvidence(text, folded);
  if (folded.replace(/\s/g, '').length >= 20 && !looksIssued(evidence)) {
    const missing = Object.entries(evidence.signals).filter(([, v]) => !v).map(([k]) => k).join(', ');
    refer(evidence.kind ? 'POA_NOT_SHOWN_ISSUED' : 'POA_KIND_UNKNOWN', `${evidence.kind ? `a ${evidence.kind.replace(/_/g, ' ')}` : 'not a utility bill, bank or building society statement, council tax bill or HMRC letter'}${evidence.issuer ? ` from ${evidence.issuer}` : ' from no known issuer'}; missing: ${missing}`);
  }
  if (!date) refer('POA_DATE_NOT_FOUND', 'no issue date found');
  else if (date < earliest) refer('POA_TOO_OLD', `issued ${date}, before ${earliest} (${options.maxAgeMonths} months)`);
  return {
    decision: reasons.length === 0 ? 'PASSED' : 'REFER',
    reasons,
    name_found,
    address: { postcode_found, street_found, city_found },
    issue_date: date,
    kind: evidence.kind,
    issuer: evidence.issuer,
    evidence: evidence.signals,
    dates_found: findDates(text).map((d) => d.date),
  };
}
