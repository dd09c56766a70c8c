import { foldName, type PersonQuery } from '../domain/identity.ts';
import type { ContactEvidence } from '../domain/gpg45/evidence.ts';
import { SourceUnavailableError, type IdentitySource } from './source.ts';

interface PersonaSource { nameDob: boolean; nameAddress: boolean; deceased?: boolean; knownFraud?: boolean; activityMonths?: number; mortality?: boolean; fraud?: boolean }

/**
 * Documented test personas for sandbox clients (docs/sandbox.md): the contact's last name chooses what two
 * simulated sources answer and, for the GPG 45 personas, what evidence onboarding is taken to have checked, so
 * every identity outcome and every confidence level can be produced on demand. Live clients never see it.
 */
export const SANDBOX_PERSONAS: Record<string, { description: string; sources: PersonaSource[] | 'unavailable'; evidence?: ContactEvidence }> = {
  PASSMORE: {
    description: 'confirmed by two sources, active 3 years, mortality and fraud checked: PASS (two sources; no face verification, so no GPG 45 level)',
    sources: [{ nameDob: true, nameAddress: true, activityMonths: 36, mortality: true }, { nameDob: true, nameAddress: true, activityMonths: 14, fraud: true }],
  },
  SINGLETON: { description: 'confirmed by one source only: REFER (SOURCES_LT_2, GPG45_MEDIUM_NOT_MET)', sources: [{ nameDob: true, nameAddress: true }, { nameDob: false, nameAddress: false }] },
  NOBODY: { description: 'found nowhere, no evidence: REFER (no GPG 45 level)', sources: [{ nameDob: false, nameAddress: false }, { nameDob: false, nameAddress: false }] },
  LOWE: {
    description: 'GPG 45 LOW (L1B): a passport with security features checked and a face match without liveness, found by one source: REFER under the default MEDIUM requirement',
    sources: [{ nameDob: true, nameAddress: false }, { nameDob: false, nameAddress: false }],
    evidence: { document: { type: 'passport', decision: 'PASSED', reasons: ['SANDBOX_PERSONA'], matchesPerson: true, securityFeaturesChecked: true }, face: { matched: true, liveness: false } },
  },
  MEDWAY: {
    description: 'GPG 45 MEDIUM (M1C): a chip-verified passport and a face match with live capture, no credit file: PASS',
    sources: [{ nameDob: false, nameAddress: false }, { nameDob: false, nameAddress: false }],
    evidence: { document: { type: 'passport', decision: 'PASSED', reasons: ['SANDBOX_PERSONA'], matchesPerson: true, chip: { passiveAuthentication: true, activeAuthentication: true } }, face: { matched: true, liveness: true } },
  },
  HIGHAM: {
    description: 'GPG 45 HIGH (H1A): a chip-verified passport, a face match with live capture, and a source that checked mortality and fraud data: PASS',
    sources: [{ nameDob: true, nameAddress: false, mortality: true, fraud: true }, { nameDob: false, nameAddress: false }],
    evidence: { document: { type: 'passport', decision: 'PASSED', reasons: ['SANDBOX_PERSONA'], matchesPerson: true, chip: { passiveAuthentication: true, activeAuthentication: true } }, face: { matched: true, liveness: true } },
  },
  DECEASED: { description: 'reported deceased by a source: ALERT (DECEASED)', sources: [{ nameDob: true, nameAddress: true, deceased: true, mortality: true }, { nameDob: true, nameAddress: true }] },
  FRAUDSTER: { description: 'a known fraudulent identity according to a source: ALERT (IDENTITY_FRAUD)', sources: [{ nameDob: true, nameAddress: true, knownFraud: true, fraud: true }, { nameDob: true, nameAddress: true }] },
  OUTAGE: { description: 'the sources do not answer: ERROR after retries', sources: 'unavailable' },
};

/** The evidence a persona stands for (undefined: the contact's own onboarding result is used). */
export function sandboxEvidence(lastName: string): ContactEvidence | undefined {
  return SANDBOX_PERSONAS[foldName(lastName)]?.evidence;
}

export function sandboxSources(): IdentitySource[] {
  return [0, 1].map((index) => ({
    id: `sandbox_${index === 0 ? 'roll' : 'credit'}`,
    kind: 'sandbox' as const,
    async check(person: PersonQuery, context: { sandbox: boolean }) {
      if (!context.sandbox) return undefined;
      // Unknown names behave like PASSMORE, so a sandbox integration works with any name it invents.
      const persona = SANDBOX_PERSONAS[foldName(person.last_name)] ?? SANDBOX_PERSONAS.PASSMORE!;
      if (persona.sources === 'unavailable') throw new SourceUnavailableError(`sandbox_${index}`, 'simulated outage');
      const s = persona.sources[index]!;
      return {
        source: `sandbox_${index === 0 ? 'roll' : 'credit'}`, kind: 'sandbox' as const, nameDob: s.nameDob, nameAddress: s.nameAddress,
        deceased: s.deceased ?? false, knownFraud: s.knownFraud ?? false, activityMonths: s.activityMonths ?? null,
        mortalityChecked: s.mortality ?? false, fraudChecked: s.fraud ?? false, reasons: ['SANDBOX_PERSONA'],
      };
    },
  }));
}
