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
    expect(t).toEqual({ surname: 'MORGAN', forenames: 'SARAH MEREDITH', birth_date: '1976-03-11', issue_date: '2013-01-19', expiry_date: '2023-01-18', licence_number: 'MORGA753116SM9IJ', licence_number_corrected: false, looks_like_licence: true });
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
    const text = 'Ms Zoë Müller\n5 Rue de la Paix\n75002 Paris\nInvoice date 20/08/2026';
    const contact = { first_name: 'Zoe', last_name: 'Mueller', primary_address: { street: '5 Rue de la Paix', postcode: '75002', city: 'Paris' } };
    expect(checkProofOfAddressText(text, contact, { today: '2026-11-22', maxAgeMonths: 3 }).reasons.map((r) => r.code)).toEqual(['POA_TOO_OLD']);
    expect(checkProofOfAddressText(text, contact, { today: '2026-11-22', maxAgeMonths: 6 }).decision).toBe('PASSED');
  });
});
