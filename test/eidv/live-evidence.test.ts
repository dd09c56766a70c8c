import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEidvService, loadPostcodeDirectory, type ContactEvidence } from '../../src/modules/eidv/index.ts';

/** A live client's check from what onboarding checked (no sandbox): the evidence a regulated firm would accept. */
const chipPassport: ContactEvidence = {
  document: { type: 'passport', decision: 'PASSED', reasons: [], matchesPerson: true, chip: { passiveAuthentication: true, activeAuthentication: null } },
  face: { matched: true, liveness: true },
};
const person = { first_name: 'Ada', middle_name: '', last_name: 'Hartley', date_of_birth: '1985-04-12', address: { street: '2 New Road', postcode: 'SW1A 2AA', city: 'London', country_code: 'GB' } };
const context = { clientId: 'cli_live', contactId: 'ctc_1', sandbox: false, today: '2026-11-25', screening: { pep: 'No Match' as const, sanctions: 'No Match' as const } };

describe('live identity from onboarding evidence', () => {
  it('a chip-verified passport with a live face match: PASS at MEDIUM with no source at all', async () => {
    const eidv = createEidvService({ registers: [], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined, contactEvidence: async () => chipPassport });
    const r = await eidv.verify(person, context);
    expect(r).toMatchObject({ decision: 'PASS', reasons: ['GPG45_MEDIUM', 'GPG45_PROFILE_M1C', 'NAME_ADDRESS_NOT_CONFIRMED'], postcode: 'LIVE' });
  });
  it('the same passport without its chip read: REFER, naming validity', async () => {
    const eidv = createEidvService({ registers: [], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined, contactEvidence: async () => ({ ...chipPassport, document: { ...chipPassport.document!, chip: undefined } }) });
    const r = await eidv.verify(person, context);
    expect(r.decision).toBe('REFER');
    expect(r.reasons).toEqual(expect.arrayContaining(['GPG45_MEDIUM_NOT_MET', 'EVIDENCE_VALIDITY_LT_3']));
  });
  it('with the ONS directory, a postcode that does not exist stops the GPG 45 path', async () => {
    const dir = await loadPostcodeDirectory(path.join(import.meta.dirname, 'fixtures', 'ONSPD_SAMPLE_UK.csv'));
    const eidv = createEidvService({ registers: [], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined, contactEvidence: async () => chipPassport, postcodes: () => dir });
    const r = await eidv.verify({ ...person, address: { ...person.address, postcode: 'SW1A 9ZZ' } }, context);
    expect(r).toMatchObject({ decision: 'REFER', postcode: 'UNKNOWN', reasons: expect.arrayContaining(['POSTCODE_NOT_FOUND']) });
  });
  it('the 12-month address history: a register holding the person at their previous address confirms name and address', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kyc-hist-'));
    const header = 'first_name,middle_name,last_name,date_of_birth,street,postcode,city,country_code,deceased\n';
    writeFileSync(path.join(dir, 'roll.csv'), header + 'Ada,,Hartley,1985-04-12,Flat 2 1 Mill Ln,YO1 7HH,York,GB,false\n');
    const evidence: ContactEvidence = { addressHistory: [
      { street: '2/1 Mill Lane', city: 'York', postcode: 'YO1 7HH', country: 'GB', from: '2019-01-01', to: '2026-06-01' },
      { street: '2 New Road', city: 'London', postcode: 'SW1A 2AA', country: 'GB', from: '2026-06-01' },
    ] };
    const eidv = createEidvService({ registers: [`roll=${path.join(dir, 'roll.csv')}`], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined, contactEvidence: async () => evidence });
    const r = await eidv.verify(person, context);
    expect(r.sources[0]).toMatchObject({ source: 'roll', nameDob: true, nameAddress: true });
    const without = createEidvService({ registers: [`roll=${path.join(dir, 'roll.csv')}`], minimumAge: 18, verifiedDocument: async () => undefined, companiesHouse: async () => undefined });
    expect((await without.verify(person, context)).sources[0]).toMatchObject({ nameAddress: false });
  });
});
