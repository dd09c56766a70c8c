/**
 * The document decision (pure). PASSED only when the document was read and confirmed (every MRZ check digit,
 * or a DVLA number consistent with the printed name and birth date), is in date, and nothing contradicts it;
 * ALERT for what is serious whoever looks (underage, specimen, data contradicting itself); REFER for
 * everything a person has to look at.
 */
import { isAlpha3CountryOrIcaoCode } from '../../../platform/domain/countries.ts';
import { ageOn } from '../../../platform/domain/dates.ts';
import type { DvlaCheck } from './dvla.ts';
import type { DocumentDecision, ExtractedDocument } from './extracted.ts';
import { type LicenceCheck, licenceReasons } from './licence-decision.ts';
import type { MrzResult } from './mrz-parse.ts';
import { namesAgree } from './names.ts';
import type { QualityReport } from './quality.ts';
import type { VizComparison } from './viz.ts';
import { type AuthenticitySignals, authenticityReasons } from './authenticity/signals.ts';
import type { UncertainField } from './mrz-confidence.ts';

export type Severity = 'ALERT' | 'REFER' | 'INFO';

export interface Reason {
  code: string;
  severity: Severity;
  detail: string;
}

export interface ContactForDocument {
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  date_of_birth?: string;
  passport_number?: string;
  driving_license_number?: string;
}

export interface DecisionInput {
  document: ExtractedDocument | null;
  /** The MRZ when the document has one that was read (null: none found). */
  mrz: MrzResult | null;
  /** For licences without an MRZ: the number checked against the printed name and birth date. */
  dvla: DvlaCheck | null;
  /** For licences read by their printed fields: who issued it and its number checked (licence-decision.ts). */
  licence?: LicenceCheck | null;
  quality: QualityReport[];
  /** The visual zone compared with the MRZ (null: not compared, e.g. no valid MRZ or the check is off). */
  viz?: VizComparison | null;
  contact?: ContactForDocument;
  /** Authenticity signals measured on the image; null: they could not be measured (REFER); absent: not asked for. */
  authenticity?: AuthenticitySignals | null;
  /** MRZ fields whose reading rests on characters no check digit can vouch for (mrz-confidence.ts). */
  uncertain?: UncertainField[];
  today: string;
  minimumAge: number;
}

export interface DecisionResult {
  decision: DocumentDecision;
  reasons: Reason[];
}

const SPECIMEN_NAMES = new Set(['SPECIMEN', 'SPECIMAN', 'MUSTERMANN', 'MUSTERFRAU', 'SPECIMENAS', 'MODELO']);

const r = (code: string, severity: Severity, detail: string): Reason => ({ code, severity, detail });

const UNCERTAIN_WHY: Record<UncertainField['why'], (at: string) => string> = {
  look_alike: (at) => `characters at ${at} could be read as another character and no check digit decides it`,
  readings_differ: (at) => `a second reading of the zone has other characters at ${at} and no check digit decides between them`,
  unconfirmed: (at) => `the characters at ${at} rest on one reading that nothing confirms (no check digit covers them and they could not be scored)`,
};

function mrzReasons(mrz: MrzResult): Reason[] {
  const out = mrz.check_digits.filter((c) => !c.valid).map((c) => r('MRZ_CHECK_DIGIT', 'REFER', `${c.field} check digit is ${c.digit}, computed ${c.expected}`));
  if (mrz.corrections.length > 0) {
    const list = mrz.corrections.map((s) => `line ${s.line + 1} col ${s.position + 1} ${s.from}->${s.to} (${s.by.replace('_', ' ')})`).join(', ');
    out.push(r('MRZ_CORRECTED', 'INFO', `look-alike characters corrected where a check digit or the country code list confirms it: ${list}`));
  }
  const f = mrz.fields;
  if (!f.last_name || /[^A-Z ]/.test(f.last_name + f.given_names)) out.push(r('MRZ_NAME_UNREADABLE', 'REFER', 'the name field holds characters a name cannot have'));
  if (!/^[MFX]$/.test(f.sex)) out.push(r('MRZ_SEX_INVALID', 'REFER', `sex field "${f.sex}" is not M, F or <`));
  return out;
}

/** Dates covered by a valid check digit that still do not exist were printed that way: the document contradicts itself. */
function dateReasons(doc: ExtractedDocument, mrz: MrzResult | null, today: string, minimumAge: number): Reason[] {
  const out: Reason[] = [];
  const confirmed = (field: 'birth_date' | 'expiry_date') => !mrz || mrz.check_digits.find((c) => c.field === field)?.valid === true;
  if (!doc.date_of_birth) {
    if (confirmed('birth_date')) out.push(r('DATE_INVALID', mrz ? 'ALERT' : 'REFER', 'date of birth is not a date that exists or was not read'));
  } else if (confirmed('birth_date')) {
    const age = ageOn(doc.date_of_birth, today);
    if (age < minimumAge) out.push(r('UNDERAGE', 'ALERT', `holder is ${age}, the minimum age is ${minimumAge}`));
  }
  if (!doc.expiry_date) {
    if (confirmed('expiry_date')) out.push(r('DATE_INVALID', mrz ? 'ALERT' : 'REFER', 'expiry date is not a date that exists or was not read'));
  } else if (doc.expiry_date < today) {
    out.push(r('DOC_EXPIRED', 'REFER', `expired on ${doc.expiry_date}`));
  }
  if (doc.date_of_birth && doc.expiry_date && doc.expiry_date <= doc.date_of_birth && confirmed('birth_date') && confirmed('expiry_date')) {
    out.push(r('DATA_INCONSISTENT', 'ALERT', 'expiry date is not after the date of birth'));
  }
  if (doc.issue_date && doc.date_of_birth && doc.issue_date < doc.date_of_birth) out.push(r('DATA_INCONSISTENT', 'ALERT', 'issue date is before the date of birth'));
  if (doc.issue_date && doc.issue_date > today) out.push(r('DATA_INCONSISTENT', 'ALERT', 'issue date is in the future'));
  return out;
}

function identityReasons(doc: ExtractedDocument): Reason[] {
  const out: Reason[] = [];
  const names = [...doc.last_name.split(' '), ...doc.given_names.split(' ')];
  if (doc.issuing_state === 'UTO' || doc.nationality === 'UTO') out.push(r('SPECIMEN', 'ALERT', 'ICAO specimen state Utopia (UTO)'));
  else if (names.some((n) => SPECIMEN_NAMES.has(n))) out.push(r('SPECIMEN', 'ALERT', 'a known specimen name'));
  for (const [field, code] of [['issuing_state', doc.issuing_state], ['nationality', doc.nationality]] as const) {
    if (doc.source === 'MRZ' && code !== 'UTO' && !isAlpha3CountryOrIcaoCode(code)) out.push(r('COUNTRY_CODE_INVALID', 'REFER', `${field} "${code}" is not an ISO 3166 or ICAO code`));
  }
  if (doc.document_type === 'Visa') out.push(r('DOC_TYPE_NOT_ACCEPTED', 'REFER', 'a visa is not an identity document on its own'));
  if (doc.document_type === 'Unknown') out.push(r('DOC_TYPE_NOT_ACCEPTED', 'REFER', 'document type not recognised'));
  return out;
}

const alnum = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');

function contactReasons(doc: ExtractedDocument, contact: ContactForDocument, truncated: boolean): Reason[] {
  const out: Reason[] = [];
  if (contact.last_name && !namesAgree(contact.last_name, doc.last_name, truncated)) out.push(r('CONTACT_MISMATCH_NAME', 'REFER', 'last name differs from the contact record'));
  const first = contact.first_name ?? '';
  const withMiddle = [first, contact.middle_name ?? ''].join(' ').trim();
  if (first && !namesAgree(withMiddle, doc.given_names, truncated) && !namesAgree(first, doc.given_names, truncated)) {
    out.push(r('CONTACT_MISMATCH_NAME', 'REFER', 'given names differ from the contact record'));
  }
  if (contact.date_of_birth && doc.date_of_birth && contact.date_of_birth !== doc.date_of_birth) out.push(r('CONTACT_MISMATCH_DOB', 'REFER', 'date of birth differs from the contact record'));
  const recorded = doc.document_type === 'Passport' ? contact.passport_number : doc.document_type === 'Driving License' ? contact.driving_license_number : undefined;
  if (recorded && alnum(recorded) !== alnum(doc.document_number)) out.push(r('CONTACT_MISMATCH_DOCUMENT_NUMBER', 'REFER', 'document number differs from the contact record'));
  return out;
}

const VIZ_FIELD_NAMES: Record<string, string> = { last_name: 'surname', given_names: 'given names', date_of_birth: 'date of birth', expiry_date: 'expiry date', document_number: 'document number' };

/** A clear contradiction between the printed page and the MRZ is ALERT; a VIZ that could not be read is only noted. */
function vizReasons(viz: VizComparison): Reason[] {
  if (viz.contradicts) {
    const fields = viz.fields.filter((f) => f.status === 'differs').map((f) => VIZ_FIELD_NAMES[f.field]).join(', ');
    return [r('VIZ_MRZ_MISMATCH', 'ALERT', `the visual zone prints a different ${fields} than the MRZ`)];
  }
  if (!viz.read) return [r('VIZ_UNREADABLE', 'INFO', 'the visual zone could not be read to compare it with the MRZ')];
  return [];
}

function dvlaReasons(dvla: DvlaCheck | null): Reason[] {
  if (!dvla) return [r('DL_NUMBER_UNREADABLE', 'REFER', 'no licence number was read')];
  if (!dvla.structure_valid) return [r('DL_NUMBER_UNREADABLE', 'REFER', `"${dvla.number}" is not a DVLA licence number`)];
  const out: Reason[] = [];
  if (dvla.surname_matches === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not start with the surname'));
  if (dvla.birth_date_matches === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not encode the date of birth'));
  if (dvla.initials_match === false) out.push(r('DL_NUMBER_MISMATCH', 'REFER', 'licence number does not encode the initials'));
  if (dvla.surname_matches === null || dvla.birth_date_matches === null) out.push(r('DL_FIELDS_UNREADABLE', 'REFER', 'surname or date of birth not read, the number cannot be confirmed'));
  return out;
}

export function decideDocument(input: DecisionInput): DecisionResult {
  const { document: doc, mrz } = input;
  const reasons: Reason[] = [];
  if (!doc) {
    reasons.push(r('MRZ_NOT_FOUND', 'REFER', 'no machine-readable zone or licence could be read'));
  } else {
    if (mrz) reasons.push(...mrzReasons(mrz));
    if (doc.document_type === 'Driving License' && doc.source === 'PRINTED') reasons.push(...(input.licence ? licenceReasons(input.licence, doc, input.contact) : dvlaReasons(input.dvla)));
    reasons.push(...dateReasons(doc, mrz, input.today, input.minimumAge), ...identityReasons(doc));
    if (input.viz) reasons.push(...vizReasons(input.viz));
    if (input.contact) reasons.push(...contactReasons(doc, input.contact, mrz?.fields.names_truncated ?? false));
    for (const u of input.uncertain ?? []) reasons.push(r('MRZ_LOW_CONFIDENCE', 'REFER', `${u.field.replace('_', ' ')}: ${UNCERTAIN_WHY[u.why](u.positions.join(', '))}`));
    if (input.authenticity) reasons.push(...authenticityReasons(input.authenticity));
    else if (input.authenticity === null) reasons.push(r('AUTHENTICITY_NOT_MEASURED', 'REFER', 'the page could not be measured for the authenticity signals'));
  }
  // Poor images explain a failed read; when the check digits confirmed the read they are only noted.
  const readFailed = reasons.some((x) => x.severity !== 'INFO' && /^(MRZ_|DL_|DATE_INVALID)/.test(x.code));
  const problems = new Set(input.quality.flatMap((q) => q.problems));
  for (const p of problems) reasons.push(r(p, readFailed ? 'REFER' : 'INFO', 'image quality'));
  const decision: DocumentDecision = reasons.some((x) => x.severity === 'ALERT') ? 'ALERT' : reasons.some((x) => x.severity === 'REFER') ? 'REFER' : 'PASSED';
  return { decision, reasons };
}
