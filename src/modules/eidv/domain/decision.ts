import { ageOn } from '../../../platform/domain/dates.ts';
import type { SourceResult } from './identity.ts';

export type IdentityDecision = 'PASS' | 'REFER' | 'ALERT';

export interface IdentityOutcome {
  decision: IdentityDecision;
  reasons: string[];
  /** Sources that confirmed name with date of birth, and name with address. */
  confirmedNameDob: string[];
  confirmedNameAddress: string[];
}

/**
 * The electronic identity decision (spec: PASS = verified against two or more authoritative sources):
 * PASS when at least two independent sources confirm the person, and between them name with date of birth
 * and name with address are both confirmed; REFER when fewer do; ALERT when a source reports the person
 * deceased or the date of birth makes them under age. Every outcome lists its reason codes.
 */
export function decideIdentity(input: { sources: SourceResult[]; dateOfBirth: string; today: string; minimumAge: number }): IdentityOutcome {
  const confirmedNameDob = input.sources.filter((s) => s.nameDob).map((s) => s.source);
  const confirmedNameAddress = input.sources.filter((s) => s.nameAddress).map((s) => s.source);
  const confirming = new Set([...confirmedNameDob, ...confirmedNameAddress]);
  const reasons: string[] = [];
  if (input.sources.some((s) => s.deceased)) reasons.push('DECEASED');
  if (input.dateOfBirth && ageOn(input.dateOfBirth, input.today) < input.minimumAge) reasons.push('UNDERAGE');
  if (reasons.length > 0) return { decision: 'ALERT', reasons, confirmedNameDob, confirmedNameAddress };

  if (confirming.size < 2) reasons.push('SOURCES_LT_2');
  if (confirmedNameDob.length === 0) reasons.push('NAME_DOB_NOT_CONFIRMED');
  if (confirmedNameAddress.length === 0) reasons.push('NAME_ADDRESS_NOT_CONFIRMED');
  if (reasons.length > 0) return { decision: 'REFER', reasons, confirmedNameDob, confirmedNameAddress };
  return { decision: 'PASS', reasons: ['SOURCES_GE_2', 'NAME_DOB_CONFIRMED', 'NAME_ADDRESS_CONFIRMED'], confirmedNameDob, confirmedNameAddress };
}
