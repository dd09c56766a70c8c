/** The document as read, whatever the source (MRZ or the printed zone of a licence), and the spec's idscan view of it. */
import type { MrzResult } from './mrz-parse.ts';

/**
 * The spec names `Passport` and `Driving License`; identity cards and visas are reported under their own
 * names (docs/adr/0021-document-types.md) and never fill `passport_number` or `driving_license_number`.
 */
export type DocumentType = 'Passport' | 'Driving License' | 'Identity Card' | 'Visa' | 'Unknown';

export interface ExtractedDocument {
  document_type: DocumentType;
  source: 'MRZ' | 'PRINTED';
  document_number: string;
  last_name: string;
  given_names: string;
  date_of_birth: string | null;
  expiry_date: string | null;
  issue_date: string | null;
  issuing_state: string;
  nationality: string;
  sex: string;
}

/** ICAO 9303: P passports, V visas, I/A/C identity and other official travel documents. */
export function documentTypeFromCode(code: string): DocumentType {
  const first = code.charAt(0);
  if (first === 'P') return 'Passport';
  if (first === 'V') return 'Visa';
  if (first === 'I' || first === 'A' || first === 'C') return 'Identity Card';
  return 'Unknown';
}

export function documentFromMrz(mrz: MrzResult): ExtractedDocument {
  const f = mrz.fields;
  return {
    document_type: documentTypeFromCode(f.document_code),
    source: 'MRZ',
    document_number: f.document_number,
    last_name: f.last_name,
    given_names: f.given_names,
    date_of_birth: f.birth_date,
    expiry_date: f.expiry_date,
    issue_date: null,
    issuing_state: f.issuing_state,
    nationality: f.nationality,
    sex: f.sex,
  };
}

export type DocumentDecision = 'PASSED' | 'REFER' | 'ALERT';

/** `data.idscan` of the onboarding report, document part (the face match is another module's). */
export interface IdscanFields {
  document_decision: DocumentDecision;
  document_type: DocumentType;
  document_decision_date: string;
  date_of_birth: string;
  document_given_names: string;
  document_last_name: string;
  document_expiry_date: string;
  passport_number?: string;
  driving_license_number?: string;
}

/** Spec rule 2: the number goes into `passport_number` only for passports, `driving_license_number` only for licences. */
export function toIdscan(doc: ExtractedDocument | null, decision: DocumentDecision, decidedAt: string): IdscanFields {
  const out: IdscanFields = {
    document_decision: decision,
    document_type: doc?.document_type ?? 'Unknown',
    document_decision_date: decidedAt,
    date_of_birth: doc?.date_of_birth ?? '',
    document_given_names: doc?.given_names ?? '',
    document_last_name: doc?.last_name ?? '',
    document_expiry_date: doc?.expiry_date ?? '',
  };
  if (doc?.document_type === 'Passport') out.passport_number = doc.document_number;
  if (doc?.document_type === 'Driving License') out.driving_license_number = doc.document_number;
  return out;
}
