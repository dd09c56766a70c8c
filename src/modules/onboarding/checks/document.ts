import type { IdentityDocumentResult } from '../../documents/index.ts';
import type { OnboardingData } from '../domain/report.ts';
import { person, type Run } from './run.ts';

/** The identity document: read, checked, and summarised for the report (idscan) and the reviewer (details). */
export async function checkDocument(r: Run, front: Buffer): Promise<{ document: IdentityDocumentResult; idscan: NonNullable<OnboardingData['idscan']> }> {
  const back = await r.read('document_back');
  const document = await r.documents.checkIdentityDocument({ images: back ? [front, back] : [front], contact: person(r.contact), today: r.today });
  r.reasons.push(...document.reasons.map((x) => x.code));
  // For the reviewer's page: the MRZ as read with each check digit, corrections, the licence's printed fields,
  // the visual zone compared with the MRZ, and the quality figures of each image.
  const mrz = document.mrz ? { format: document.mrz.format, lines: document.mrz.lines, check_digits: document.mrz.check_digits, corrections: document.mrz.corrections, valid: document.mrz.valid } : null;
  r.details.document = {
    decision: document.decision, document_type: document.document_type, reasons: document.reasons, quality: document.quality, mrz,
    // What the MRZ states, for screening: nationality as an ICAO code (never the address country) and sex.
    nationality: document.extracted?.source === 'MRZ' ? document.extracted.nationality || null : null,
    sex: document.extracted?.source === 'MRZ' ? document.extracted.sex || null : null,
    driving_licence: document.driving_licence, viz: document.viz,
    // GPG 45 validity 2 (onboarding/domain/evidence.ts): only when every authenticity check that counts ran and passed.
    security_features_checked: document.security_features?.checked === true,
    ...(document.security_features ? { security_features: document.security_features } : {}),
  };
  return { document, idscan: { ...document.idscan } };
}
