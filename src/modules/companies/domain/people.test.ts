import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { normaliseCompanyNumber } from './company-number.ts';
import { contactAddressOf, officerPeople, pscPeople, splitOfficerName, ukCompanyNumberOf } from './people.ts';
import { findDiscrepancies } from './discrepancies.ts';
import { diffSnapshots } from './changes.ts';

const fixture = (n: string, f: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../test/companies/fixtures/api', n, f), 'utf8'));

describe('register people', () => {
  const officers = officerPeople('09876543', fixture('09876543', 'officers.json').items);
  const pscs = pscPeople('09876543', fixture('09876543', 'pscs.json').items);

  it('current officers only, names split surname-first, month and year of birth kept', () => {
    expect(officers.map((o) => [o.role, o.forename, o.middle_names, o.surname, o.month_of_birth, o.year_of_birth])).toEqual([
      ['director', 'Amelia', 'Jane', 'Hargreaves', 4, 1981],
      ['secretary', 'Daniel', 'Chukwuemeka', 'Okafor', null, null],
    ]);
    expect(officers[0]!.id).toBe('/officers/kQ7sHargreavesA1/appointments');
  });

  it('current PSCs only, with their nature of control; a corporate PSC registered in the UK is followed', () => {
    expect(pscs.map((p) => [p.individual, p.name, p.natures_of_control[0]])).toEqual([
      [true, 'Mrs Amelia Jane Hargreaves', 'ownership-of-shares-50-to-75-percent'],
      [false, 'KESTREL HOLDINGS LIMITED', 'ownership-of-shares-25-to-50-percent'],
    ]);
    expect(ukCompanyNumberOf(pscs[1]!, normaliseCompanyNumber)).toBe('11223344');
    expect(ukCompanyNumberOf({ ...pscs[1]!, identification: { place_registered: 'Registre du commerce', country_registered: 'France', registration_number: '552100554' } }, normaliseCompanyNumber)).toBeUndefined();
  });

  it.each([
    ['SMITH, John Paul', ['John', 'Paul', 'Smith']],
    ['SMITH, Dr John', ['John', '', 'Smith']],
    ['DE LA CRUZ, Maria', ['Maria', '', 'De La Cruz']],
    ["O'NEILL-SMITH, Siobhan", ['Siobhan', '', "O'Neill-Smith"]],
    ['McDonald, Ian', ['Ian', '', 'McDonald']],
    ['Jane Smith', ['Jane', '', 'Smith']],
  ])('officer name %s', (name, [forename, middle, surname]) => {
    expect(splitOfficerName(name)).toEqual({ forename, middle_names: middle, surname });
  });

  it('the register address as a contact address (UK nations are GB)', () => {
    expect(contactAddressOf({ premises: '7', address_line_1: 'Rose Street', locality: 'Edinburgh', postal_code: 'EH2 2PR', country: 'Scotland' }))
      .toEqual({ street: '7 Rose Street', postcode: 'EH2 2PR', city: 'Edinburgh', country_code: 'GB' });
    expect(contactAddressOf({ address_line_1: 'Rue de Rivoli', locality: 'Paris', country: 'France' }).country_code).toBe('');
  });

  it.each([
    ['12345', '00012345'], ['sc 1234', 'SC001234'], ['OC301234', 'OC301234'], ['09876543', '09876543'], ['R0001234', 'R0001234'], ['ABC', undefined], ['123456789', undefined],
  ])('company number %s → %s', (input, out) => {
    expect(normaliseCompanyNumber(input)).toBe(out);
  });

  it('discrepancies: a contact not on the register, a PSC not given, a birth month that differs', () => {
    const people = [...officers, ...pscs];
    const { discrepancies, matched } = findDiscrepancies([
      { id: 'c1', type: 'PRIMARY', first_name: 'Amelia', middle_name: '', last_name: 'Hargreaves', date_of_birth: '1981-05-02' },
      { id: 'c2', type: 'ADDITIONAL', first_name: 'Tom', middle_name: '', last_name: 'Stranger', date_of_birth: '' },
    ], people);
    expect(discrepancies.map((d) => [d.code, d.contact_id])).toEqual([
      ['DATE_OF_BIRTH_DIFFERS', 'c1'], ['DATE_OF_BIRTH_DIFFERS', 'c1'], ['CONTACT_NOT_ON_REGISTER', 'c2'],
    ]);
    expect(matched.get(pscs[0]!.id)).toBe('c1');
    // An initial matches; the corporate PSC is no person to give.
    const second = findDiscrepancies([{ id: 'c3', type: 'PRIMARY', first_name: 'A.', middle_name: '', last_name: 'hargreaves', date_of_birth: '' }], people);
    expect(second.discrepancies).toEqual([]);
    const none = findDiscrepancies([], people);
    expect(none.discrepancies.map((d) => [d.code, d.person_id])).toEqual([['PSC_NOT_GIVEN', pscs[0]!.id]]);
  });

  it('changes between two checks', () => {
    const before = { name: 'A LTD', status: 'active', office: '4 Wharf Street, Leeds', people: [{ id: 'o1', kind: 'OFFICER' as const }, { id: 'p1', kind: 'PSC' as const }] };
    expect(diffSnapshots(before, before)).toEqual([]);
    expect(diffSnapshots(before, { ...before, office: '4, Wharf Street, LEEDS' })).toEqual([]);
    expect(diffSnapshots(before, { name: 'B LTD', status: 'liquidation', office: '1 New Road', people: [{ id: 'o2', kind: 'OFFICER' }, { id: 'p1', kind: 'PSC' }, { id: 'p2', kind: 'PSC' }] }).map((c) => c.code))
      .toEqual(['STATUS_CHANGED', 'REGISTERED_OFFICE_CHANGED', 'NAME_CHANGED', 'NEW_OFFICER', 'NEW_PSC', 'OFFICER_LEFT']);
  });
});
