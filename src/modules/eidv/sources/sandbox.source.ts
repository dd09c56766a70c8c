import { foldName, type PersonQuery } from '../domain/identity.ts';
import { SourceUnavailableError, type IdentitySource } from './source.ts';

/**
 * Documented test personas for sandbox clients (docs/sandbox.md): the contact's last name chooses what two
 * simulated sources answer, so every identity outcome can be produced on demand. Live clients never see it.
 */
export const SANDBOX_PERSONAS: Record<string, { description: string; sources: Array<{ nameDob: boolean; nameAddress: boolean; deceased?: boolean }> | 'unavailable' }> = {
  PASSMORE: { description: 'confirmed by two sources: PASS', sources: [{ nameDob: true, nameAddress: true }, { nameDob: true, nameAddress: true }] },
  SINGLETON: { description: 'confirmed by one source only: REFER', sources: [{ nameDob: true, nameAddress: true }, { nameDob: false, nameAddress: false }] },
  NOBODY: { description: 'found nowhere: REFER', sources: [{ nameDob: false, nameAddress: false }, { nameDob: false, nameAddress: false }] },
  DECEASED: { description: 'reported deceased by a source: ALERT', sources: [{ nameDob: true, nameAddress: true, deceased: true }, { nameDob: true, nameAddress: true }] },
  OUTAGE: { description: 'the sources do not answer: ERROR after retries', sources: 'unavailable' },
};

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
        deceased: s.deceased ?? false, reasons: ['SANDBOX_PERSONA'],
      };
    },
  }));
}
