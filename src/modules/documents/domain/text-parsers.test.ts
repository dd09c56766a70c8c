import { describe, expect, it } from 'vitest';
import { fitLength, mrzCandidates } from './mrz-text.ts';
import { checkProofOfAddressText, findDates, issueDate } from './proof-of-address.ts';
import { parseUkLicenceText } from './uk-licence.ts';

describe('OCR text to MRZ lines', () => {
  it.each([
    ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<<<', 44, 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<'],
    ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<', 44, 'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<'],
    ['L898902C36UTO7408122F1204159ZE184226B<<<<10', 44, 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
    ['L898902C36UTO7408122F1204159ZE184226B<<<<<<10', 44, 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'],
  ])('fitLength repairs filler runs: %s', (line, length, expected) => expect(fitLength(line, length)).toBe(expected));

  it('finds the zone at the bottom of the text, with « read as <', () => {
    const text = 'PASSPORT UTOPIA\nSurname ERIKSSON\nP<UTOERIKSSON«ANNA<MARIA<<<<<<<<<<<<<<<<<<<<\nL898902C36UTO7408122F1204159ZE1 84226B<<<<<10\n';
    expect(mrzCandidates(text)[0]).toEqual(['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10']);
  });
});

describe('UK licence text', () => {
  it('reads the numbered fields', () => {
    const t = parseUkLicenceText('DRIVING LICENCE\n1. MORGAN\n2. SARAH MEREDITH\n3. 11.03.1976 UNITED KINGDOM\n4a. 19.01.2013 4c. DVLA\n4b. 18.01.2023\n5. MORGA 753116 SM9IJ 35');
    expect(t).toEqual({
      surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11', place_of_birth: 'UNITED KINGDOM', issue_date: '2013-01-19', expiry_date: '2023-01-18',
      authority: 'DVLA', licence_number: 'MORGA753116SM9IJ', issue_number: '35', address: null, categories: null, licence_number_corrected: false,
      looks_like_licence: true, issuer: 'DVLA', country: 'GBR', band_code: null, mentions_passport: false, uncertain_fields: [], read_by: 'text',
    });
  });
  it('a passport is never a licence, whatever its text holds', () => {
    expect(parseUkLicenceText('PASSPORT PASSEPORT CANADA\n1. MARTIN\n3. 11.03.1976\n4b. 01.01.2030\n5. MARTI753116SJ9AB')).toMatchObject({ looks_like_licence: false, issuer: null, country: null });
  });
  it.each([
    ['DRIVING LICENCE UNITED KINGDOM\n1. OBRIEN\n4a. 01.02.2020 4c. DVA (NI)\n5. 4680 3175', 'DVA', 'GBR', '46803175'],
    ['FUHRERSCHEIN\nBUNDESREPUBLIK DEUTSCHLAND\n1. SCHMIDT\n4c. STADT HAMBURG\n5. B072RRE2I55', 'OTHER', 'DEU', 'B072RRE2I55'],
    ['PERMIS DE CONDUIRE\n1. DUPONT\n3. 01.02.1980\n5. 12AB34567', 'OTHER', null, '12AB34567'],
    ['DRIVING LICENCE\n1. MORGAN\n3. 11.03.1976\n5. MORGA753116SM9IJ', 'OTHER', null, 'MORGA753116SM9IJ'],
  ])('issuer of %j', (text, issuer, country, number) => {
    expect(parseUkLicenceText(text)).toMatchObject({ issuer, country, licence_number: number });
  });
  it('leaves unread fields null', () => {
    expect(parseUkLicenceText('some other card\n3. 31.02.1976')).toMatchObject({ birth_date: null, licence_number: null, looks_like_licence: false });
  });
});

describe('proof of address text', () => {
  it.each([
    ['03/10/2026', '2026-10-03'], ['2026-10-03', '2026-10-03'], ['3rd October 2026', '2026-10-03'], ['Oct 3, 2026', '2026-10-03'], ['31/02/2026', undefined],
  ])('reads the date %s', (text, iso) => expect(findDates(text)[0]?.date).toBe(iso));

  it('prefers the labelled statement date over other dates', () => {
    expect(issueDate('Account opened 01/01/2010\nPayment due 30/11/2026\nStatement date: 02/11/2026', '2026-11-22')).toBe('2026-11-02');
  });

  it('window: three months by default, configurable', () => {
    const text = 'EDF Energy\nwww.edfenergy.com\nMs Zoë Müller\n5 Rue de la Paix\n75002 Paris\nInvoice date 20/08/2026\nCustomer number 6001 2345 67\nElectricity 120 kWh\nAmount due £31.20';
    const contact = { first_name: 'Zoe', last_name: 'Mueller', primary_address: { street: '5 Rue de la Paix', postcode: '75002', city: 'Paris' } };
    expect(checkProofOfAddressText(text, contact, { today: '2026-11-22', maxAgeMonths: 3 }).reasons.map((r) => r.code)).toEqual(['POA_TOO_OLD']);
    expect(checkProofOfAddressText(text, contact, { today: '2026-11-22', maxAgeMonths: 6 }).decision).toBe('PASSED');
  });
});
