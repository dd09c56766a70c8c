import { describe, expect, it } from 'vitest';
import { checkProofOfAddressText, fold, normalisePostcode, normaliseStreet } from './proof-of-address.ts';
import { proofEvidence } from './poa-kind.ts';

const TODAY = '2026-11-22';
const contact = { first_name: 'John', last_name: 'Smith', primary_address: { street: '12 Acacia Avenue', postcode: 'SW1A 1AA', city: 'London' } };
const check = (text: string, c = contact) => checkProofOfAddressText(text, c, { today: TODAY, maxAgeMonths: 3 });
const codes = (text: string, c = contact) => check(text, c).reasons.map((r) => r.code);

const BILLS: [string, string, string][] = [
  ['utility_bill', 'BRITISH GAS', 'British Gas\nwww.britishgas.co.uk  0333 202 9802\nMr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\nBill date: 03/11/2026\nAccount number: 8500 1234 5678\nElectricity 312 kWh  £84.12\nStanding charge £14.60\nAmount due £98.72'],
  ['bank_statement', 'BARCLAYS', 'Barclays Bank UK PLC\nMr J Smith\n12 Acacia Ave\nLondon SW1A 1AA\nStatement date 01 November 2026\nSort code 20-00-00  Account 12345678\nBalance brought forward £1,204.33\nMoney out £310.00\nBarclays Bank UK PLC is authorised by the Prudential Regulation Authority. Registered in England. Registered office 1 Churchill Place'],
  ['council_tax_bill', 'WESTMINSTER CITY COUNCIL', 'Westminster City Council\nCouncil Tax Bill 2026/27\nMr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\nIssued on 02/11/2026\nAccount reference 600123456\nValuation band D  Annual charge £1,024.15\n10 instalments of £102.42\nwww.westminster.gov.uk'],
  ['hmrc_letter', 'HM REVENUE CUSTOMS', 'HM Revenue & Customs\nPAYE and Self Assessment\nMr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\nDate 28 October 2026\nNational Insurance number AB 12 34 56 C\nYour tax code for the tax year 2026 to 2027 is 1257L\nwww.gov.uk/hmrc  0300 200 3300'],
];

describe('proof of address: kind, issuer and the signals that it was issued', () => {
  it.each(BILLS)('%s from %s: PASSED with every signal', (kind, issuer, text) => {
    const r = check(text);
    expect([r.decision, r.reasons]).toEqual(['PASSED', []]);
    expect(r).toMatchObject({ kind, issuer, evidence: { issuer: true, reference: true, amounts: true, vocabulary: true, letterhead: true } });
  });

  it('a typed page with only the name, postcode, house number, a street word and a recent date: REFER POA_KIND_UNKNOWN', () => {
    const r = check('Mr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\n15/11/2026');
    expect(r.decision).toBe('REFER');
    expect(codes('Mr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\n15/11/2026')).toEqual(['POA_KIND_UNKNOWN']);
    expect(r.reasons[0]!.detail).toContain('missing: issuer, reference, amounts, vocabulary, letterhead');
  });

  it('a typed page that names a bank but carries nothing a statement has: REFER POA_NOT_SHOWN_ISSUED', () => {
    const r = check('Barclays\nStatement\nMr John Smith\n12 Acacia Avenue\nLondon SW1A 1AA\nStatement date 15/11/2026');
    expect(r.reasons.map((x) => x.code)).toEqual(['POA_NOT_SHOWN_ISSUED']);
    expect(r.reasons[0]!.detail).toMatch(/bank statement from BARCLAYS; missing: reference, amounts, letterhead/);
  });

  it('an unknown issuer with every other signal is still REFER (the issuer list is the anchor)', () => {
    const text = BILLS[0]![2].replace(/British Gas/g, 'Acme Power').replace('britishgas', 'acmepower');
    expect(codes(text)).toEqual(['POA_NOT_SHOWN_ISSUED']);
  });

  it('short issuer names count only as whole words (EE in "DEE STREET" is not EE)', () => {
    expect(proofEvidence('', fold('12 DEE STREET\nSKYE ROAD')).issuer).toBeNull();
    expect(proofEvidence('', fold('EE Limited\nYour bill')).issuer).toBe('EE');
  });
});

describe('address matching', () => {
  it.each([
    ['12 Acacia Rd', '12 ACACIA ROAD'],
    ['12 acacia road.', '12 ACACIA ROAD'],
    ['Flat 3, 12 Mill Ln', 'FLAT 3 12 MILL LANE'],
    ['Apt 3 12 Mill Lane', 'FLAT 3 12 MILL LANE'],
    ['12a High St', '12A HIGH STREET'],
    ['12 A High St', '12A HIGH STREET'],
    ['4 St Albans Rd', '4 SAINT ALBANS ROAD'],
  ])('normaliseStreet(%s) = %s', (a, b) => expect(normaliseStreet(a)).toBe(b));

  it.each([['sw1a1aa', 'SW1A1AA'], ['SW1A IAA', 'SW1A1AA'], ['EH1 9GP', 'EH19GP'], ['EH1 9G8', 'EH19GB']])('normalisePostcode(%s) = %s', (a, b) => expect(normalisePostcode(a)).toBe(b));

  const bill = (address: string[], postcode = 'London SW1A 1AA') => BILLS[0]![2].replace('12 Acacia Avenue\nLondon SW1A 1AA', [...address, postcode].join('\n'));
  it('abbreviations, case and punctuation on either side', () => {
    expect(check(bill(['12, ACACIA AVE.']), { ...contact, primary_address: { ...contact.primary_address, street: '12 Acacia Avenue' } }).address.street_found).toBe(true);
    expect(check(bill(['12 Acacia Avenue']), { ...contact, primary_address: { ...contact.primary_address, street: '12 acacia ave' } }).address.street_found).toBe(true);
  });
  it('flat and house numbers must both agree; the flat may be on the line above', () => {
    const flat = { ...contact, primary_address: { ...contact.primary_address, street: 'Flat 3, 12 Acacia Avenue' } };
    expect(check(bill(['Flat 3', '12 Acacia Avenue']), flat).address.street_found).toBe(true);
    expect(check(bill(['Flat 4', '12 Acacia Avenue']), flat).address.street_found).toBe(false);
    expect(check(bill(['14 Acacia Avenue']), contact).address.street_found).toBe(false);
    expect(check(bill(['12 Acacia Road']), contact).address.street_found).toBe(false);
  });
  it('the postcode in any spacing, an OCR I for 1 in the inward code; another postcode is not found', () => {
    expect(check(bill(['12 Acacia Avenue'], 'LONDON SW1AIAA')).address.postcode_found).toBe(true);
    expect(check(bill(['12 Acacia Avenue'], 'London SW1A 2AA')).address.postcode_found).toBe(false);
    expect(codes(bill(['12 Acacia Avenue'], 'London SW1A 2AA'))).toEqual(['POA_ADDRESS_NOT_FOUND']);
  });
});
