import { ageOn } from '../../../platform/domain/dates.ts';
import type { Gpg45Result } from './gpg45/evaluate.ts';
import type { SourceResult } from './identity.ts';

export type IdentityDecision = 'PASS' | 'REFER' | 'ALERT';

export interface IdentityOutcome {
  decision: IdentityDecision;
  reasons: string[];
  /** Sources that confirmed name with date of birth, and name with address. */
  confirmedNameDob: string[];
  confirmedNameAddress: string[];
}

/** What the postcode directory said of the contact's postcode (sources/postcodes.ts); absent: not a UK address. */
export type PostcodeStanding = 'LIVE' | 'TERMINATED' | 'UNKNOWN' | 'BAD_FORMAT';

const POSTCODE_REASON: Record<PostcodeStanding, string | undefined> = {
  LIVE: undefined, TERMINATED: 'POSTCODE_TERMINATED', UNKNOWN: 'POSTCODE_NOT_FOUND', BAD_FORMAT: 'POSTCODE_INVALID_FORMAT',
};

/**
 * The electronic identity decision (the spec: PASS = verified against two or more authoritative sources; ADR 0135):
 *
 * - ALERT when a source reports the person deceased (`DECEASED`) or known to fraud data (`IDENTITY_FRAUD`), the
 *   identity document's chip shows it altered or forged (`DOCUMENT_CHIP_TAMPERED`, ADR 0180: a data group not the
 *   signed one, a signature that does not verify, a cloned chip; one merely not verified is not), or the date of
 *   birth makes them under age (`UNDERAGE`).
 * - PASS when two independent sources confirm the person (between them name with date of birth and name with
 *   address), or when the GPG 45 confidence reached is at least the client's required confidence (default
 *   medium): a chip-verified passport with a live face match (M1C) is such evidence. The GPG 45 path needs a
 *   postcode that exists (the UK format, and the ONS Postcode Directory when given): no source vouches for the
 *   address there, and an address that does not exist is for a person to look at.
 * - A source holding the person with a contradicting detail (`conflicts`, e.g. `COMPANIES_HOUSE_DOB_DIFFERS` for a
 *   contact created from the register) stops a PASS: REFER with that code first.
 * - A self-declared source (Companies House, ADR 0150) is never one of the two sources nor a confirmation; when
 *   it agrees, `COMPANIES_HOUSE_CORROBORATES` is added to the reasons (its GPG 45 evidence is scored as such).
 * - REFER otherwise, with codes naming what was missing: the sources' (`SOURCES_LT_2`, `NAME_DOB_NOT_CONFIRMED`,
 *   `NAME_ADDRESS_NOT_CONFIRMED`) and GPG 45's (`GPG45_MEDIUM_NOT_MET`, then the nearest profile's shortfalls such as
 *   `NO_EVIDENCE_STRENGTH_3`, `EVIDENCE_VALIDITY_LT_2`, `VERIFICATION_LT_3`, `IDENTITY_FRAUD_LT_1`).
 */
export function decideIdentity(input: {
  sources: SourceResult[]; dateOfBirth: string; today: string; minimumAge: number;
  gpg45?: Gpg45Result; postcode?: PostcodeStanding; addressConfirmedBy?: string[];
  /** The chip checks that show the identity document altered or forged (gpg45/scores.ts chipTampered); empty or absent: none. */
  documentTampered?: readonly string[];
}): IdentityOutcome {
  // A self-declared source (Companies House, ADR 0150) corroborates but is not independent: it is left out of the
  // confirmations and of the two sources, and named by its own code instead.
  const independent = input.sources.filter((s) => !s.selfDeclared);
  const corroborated = input.sources.filter((s) => s.selfDeclared && (s.nameDobPartial || s.nameAddress)).map((s) => `${s.source.toUpperCase()}_CORROBORATES`);
  const conflicts = input.sources.flatMap((s) => s.conflicts ?? []);
  const confirmedNameDob = independent.filter((s) => s.nameDob).map((s) => s.source);
  const confirmedNameAddress = [...independent.filter((s) => s.nameAddress).map((s) => s.source), ...(input.addressConfirmedBy ?? [])];
  const confirming = new Set([...independent.filter((s) => s.nameDob || s.nameAddress).map((s) => s.source)]);
  const out = (decision: IdentityDecision, reasons: string[]): IdentityOutcome => ({ decision, reasons, confirmedNameDob, confirmedNameAddress });
  const alerts: string[] = [];
  if (input.sources.some((s) => s.deceased)) alerts.push('DECEASED');
  if (input.sources.some((s) => s.knownFraud)) alerts.push('IDENTITY_FRAUD');
  if (input.documentTampered?.length) alerts.push('DOCUMENT_CHIP_TAMPERED');
  if (input.dateOfBirth && ageOn(input.dateOfBirth, input.today) < input.minimumAge) alerts.push('UNDERAGE');
  if (alerts.length > 0) return out('ALERT', alerts);

  const postcode = input.postcode ? POSTCODE_REASON[input.postcode] : undefined;
  const addressMissing = confirmedNameAddress.length === 0 ? ['NAME_ADDRESS_NOT_CONFIRMED'] : [];
  const sourcesPass = conflicts.length === 0 && confirming.size >= 2 && confirmedNameDob.length > 0 && independent.some((s) => s.nameAddress);
  const gpg45 = input.gpg45;
  const blocking = input.postcode === 'UNKNOWN' || input.postcode === 'BAD_FORMAT';
  // Two sources that hold the person at the address as written vouch for it; `identity.postcode` still shows the standing.
  if (sourcesPass) return out('PASS', ['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED', ...corroborated]);
  if (!blocking && conflicts.length === 0 && gpg45?.required_met) {
    return out('PASS', [`GPG45_${gpg45.confidence}`, `GPG45_PROFILE_${gpg45.profile}`, ...addressMissing, ...(postcode ? [postcode] : []), ...corroborated]);
  }
  // A source holding this very person with other details: whatever else agrees, a person looks first.
  const reasons: string[] = [...conflicts];
  if (confirming.size < 2) reasons.push('SOURCES_LT_2');
  if (confirmedNameDob.length === 0) reasons.push('NAME_DOB_NOT_CONFIRMED');
  reasons.push(...addressMissing);
  if (postcode) reasons.push(postcode);
  if (gpg45 && !gpg45.required_met) reasons.push(`GPG45_${gpg45.required}_NOT_MET`, ...gpg45.missing_codes);
  reasons.push(...corroborated);
  return out('REFER', reasons);
}
