import { describe, expect, it } from 'vitest';
import { createEidvService, SANDBOX_PERSONAS } from '../../src/modules/eidv/index.ts';

const eidv = createEidvService({ registers: [], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined });
const verify = (last_name: string, screening = { pep: 'No Match' as const, sanctions: 'No Match' as const }) => eidv.verify(
  { first_name: 'Ada', middle_name: '', last_name, date_of_birth: '1985-04-12', address: { street: '1 Mill Lane', postcode: 'SW1A 2AA', city: 'London', country_code: 'GB' } },
  { clientId: 'cli_test', contactId: 'ctc_1', sandbox: true, today: '2026-11-25', screening },
);

describe('sandbox personas cover every outcome and confidence level', () => {
  it.each([
    ['Passmore', 'PASS', null, ['SOURCES_GE_2']],
    ['Singleton', 'REFER', null, ['SOURCES_LT_2', 'GPG45_MEDIUM_NOT_MET']],
    ['Nobody', 'REFER', null, ['SOURCES_LT_2', 'NAME_DOB_NOT_CONFIRMED', 'NAME_ADDRESS_NOT_CONFIRMED', 'GPG45_MEDIUM_NOT_MET']],
    ['Lowe', 'REFER', 'LOW', ['GPG45_MEDIUM_NOT_MET']],
    ['Medway', 'PASS', 'MEDIUM', ['GPG45_MEDIUM', 'GPG45_PROFILE_M1C', 'NAME_ADDRESS_NOT_CONFIRMED']],
    ['Higham', 'PASS', 'HIGH', ['GPG45_HIGH', 'GPG45_PROFILE_H1A']],
    ['Deceased', 'ALERT', null, ['DECEASED']],
    ['Fraudster', 'ALERT', null, ['IDENTITY_FRAUD']],
  ])('%s: %s, confidence %s', async (name, decision, confidence, reasons) => {
    const result = await verify(name);
    expect(result.decision).toBe(decision);
    expect(result.gpg45.confidence).toBe(confidence);
    expect(result.reasons).toEqual(expect.arrayContaining(reasons));
  });
  it('Lowe names what medium lacks; Passmore would need verification', async () => {
    expect((await verify('Lowe')).gpg45).toMatchObject({ profile: 'L1B', to_raise: { confidence: 'MEDIUM' } });
    expect((await verify('Passmore')).gpg45.scores).toMatchObject({ activity_history: { score: 4 }, identity_fraud: { score: 3 }, verification: { score: 0 } });
  });
  it('an unscreened contact gets a lower identity fraud score (PEP and sanctions count)', async () => {
    expect((await verify('Passmore', { pep: null, sanctions: null } as never)).gpg45.scores.identity_fraud.score).toBe(1);
  });
  it('every persona is documented with its outcome', () => {
    for (const p of Object.values(SANDBOX_PERSONAS)) expect(p.description).toMatch(/PASS|REFER|ALERT|ERROR/);
  });
  it('a live client never gets the personas', async () => {
    const live = await eidv.verify(
      { first_name: 'Ada', middle_name: '', last_name: 'Medway', date_of_birth: '1985-04-12', address: { street: '1 Mill Lane', postcode: 'SW1A 2AA', city: 'London', country_code: 'GB' } },
      { clientId: 'cli_live', contactId: 'ctc_1', sandbox: false, today: '2026-11-25' },
    );
    expect(live).toMatchObject({ decision: 'REFER', sources: [] });
    expect(live.gpg45.confidence).toBeNull();
  });
});
