import { describe, expect, it } from 'vitest';
import { checkDigit } from '../../../platform/domain/mrz-check-digit.ts';
import { decideDocument, type ContactForDocument, type DecisionInput } from './decision.ts';
import { checkDvlaNumber } from './dvla.ts';
import { documentFromMrz, type ExtractedDocument, toIdscan } from './extracted.ts';
import { parseMrz } from './mrz-parse.ts';
import type { QualityReport } from './quality.ts';

const TODAY = '2026-11-22';
const cd = (s: string) => String(checkDigit(s));

/** A TD3 zone with correct check digits for the given values. */
function td3(o: { code?: string; state?: string; nat?: string; number?: string; birth?: string; expiry?: string; names?: string } = {}): string[] {
  const state = o.state ?? 'GBR';
  const number = (o.number ?? '123456789').padEnd(9, '<');
  const birth = o.birth ?? '900115';
  const expiry = o.expiry ?? '300101';
  const personal = '<'.repeat(14);
  const l1 = `${(o.code ?? 'P<').padEnd(2, '<')}${state}${o.names ?? 'SMITH<<JOHN<PAUL'}`.padEnd(44, '<');
  const body = `${number}${cd(number)}${o.nat ?? state}${birth}${cd(birth)}M${expiry}${cd(expiry)}${personal}<`;
  const composite = cd(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [l1, body + composite];
}

function decide(lines: string[], extra: Partial<DecisionInput> = {}) {
  const mrz = parseMrz(lines, TODAY)!;
  return decideDocument({ document: documentFromMrz(mrz), mrz, dvla: null, quality: [], today: TODAY, minimumAge: 18, ...extra });
}
const codes = (r: { reasons: { code: string; severity: string }[] }) => r.reasons.filter((x) => x.severity !== 'INFO').map((x) => x.code);
const contact: ContactForDocument = { first_name: 'John', last_name: 'Smith', date_of_birth: '1990-01-15', passport_number: '123456789' };

describe('decideDocument', () => {
  it('PASSED: valid check digits, in date, adult, agreeing with the contact', () => {
    const r = decide(td3(), { contact });
    expect(r).toEqual({ decision: 'PASSED', reasons: [] });
  });

  it.each([
    ['an expired document', td3({ expiry: '250101' }), 'REFER', ['DOC_EXPIRED']],
    ['a wrong check digit', (() => { const l = td3(); return [l[0]!, l[1]!.slice(0, 9) + '0' + l[1]!.slice(10)]; })(), 'REFER', ['MRZ_CHECK_DIGIT', 'MRZ_CHECK_DIGIT']],
    ['an underage holder', td3({ birth: '100101' }), 'ALERT', ['UNDERAGE']],
    ['a Utopia specimen', td3({ state: 'UTO' }), 'ALERT', ['SPECIMEN']],
    ['a specimen name', td3({ names: 'MUSTERMANN<<ERIKA' }), 'ALERT', ['SPECIMEN']],
    ['an unknown country code', td3({ state: 'QQQ' }), 'REFER', ['COUNTRY_CODE_INVALID', 'COUNTRY_CODE_INVALID']],
    ['a birth date that does not exist (check digit valid)', td3({ birth: '900230' }), 'ALERT', ['DATE_INVALID']],
    ['an expiry before the birth', td3({ birth: '900115', expiry: '891231' }), 'ALERT', ['DOC_EXPIRED', 'DATA_INCONSISTENT']],
    ['a visa', td3({ code: 'V<' }), 'REFER', ['DOC_TYPE_NOT_ACCEPTED']],
    ['digits in the name', td3({ names: 'SM1TH<<JOHN' }), 'REFER', ['MRZ_NAME_UNREADABLE']],
  ])('%s', (_n, lines, decision, reasonCodes) => {
    const r = decide(lines);
    expect(r.decision).toBe(decision);
    expect(codes(r)).toEqual(reasonCodes);
  });

  it('the minimum age is configurable', () => {
    expect(decide(td3({ birth: '080101' }), { minimumAge: 16 }).decision).toBe('PASSED');
    expect(decide(td3({ birth: '080101' }), { minimumAge: 21 }).decision).toBe('ALERT');
  });

  it.each([
    ['another surname', { last_name: 'Smyth' }, 'CONTACT_MISMATCH_NAME'],
    ['another first name', { first_name: 'Jane' }, 'CONTACT_MISMATCH_NAME'],
    ['another birth date', { date_of_birth: '1990-01-16' }, 'CONTACT_MISMATCH_DOB'],
    ['another passport number', { passport_number: '987654321' }, 'CONTACT_MISMATCH_DOCUMENT_NUMBER'],
  ])('REFER when the contact has %s', (_n, change, code) => {
    const r = decide(td3(), { contact: { ...contact, ...change } });
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toEqual([code]);
  });

  it('REFER with MRZ_NOT_FOUND and the image problems when nothing was read', () => {
    const quality: QualityReport = { width: 100, height: 80, sharpness: 3, glare_fraction: 0, mean_brightness: 30, contrast: 5, problems: ['IMAGE_TOO_SMALL', 'IMAGE_BLURRY', 'IMAGE_DARK'] };
    const r = decideDocument({ document: null, mrz: null, dvla: null, quality: [quality], today: TODAY, minimumAge: 18 });
    expect(r.decision).toBe('REFER');
    expect(codes(r)).toEqual(['MRZ_NOT_FOUND', 'IMAGE_TOO_SMALL', 'IMAGE_BLURRY', 'IMAGE_DARK']);
  });

  it('image problems are only noted when the check digits confirmed the read', () => {
    const quality: QualityReport = { width: 2000, height: 1400, sharpness: 20, glare_fraction: 0, mean_brightness: 120, contrast: 50, problems: ['IMAGE_BLURRY'] };
    const r = decide(td3(), { quality: [quality] });
    expect(r.decision).toBe('PASSED');
    expect(r.reasons).toEqual([{ code: 'IMAGE_BLURRY', severity: 'INFO', detail: 'image quality' }]);
  });
});

describe('driving licences without an MRZ', () => {
  const licence = (number: string, o: Partial<ExtractedDocument> = {}): ExtractedDocument => ({
    document_type: 'Driving License', source: 'PRINTED', document_number: number, last_name: 'MORGAN', given_names: 'SARAH MEREDITH',
    date_of_birth: '1976-03-11', expiry_date: '2030-01-01', issue_date: '2020-01-02', issuing_state: 'GBR', nationality: '', sex: '', ...o,
  });
  const run = (doc: ExtractedDocument) => decideDocument({
    document: doc, mrz: null, dvla: checkDvlaNumber(doc.document_number, { lastName: doc.last_name, givenNames: doc.given_names, birthDate: doc.date_of_birth }),
    quality: [], today: TODAY, minimumAge: 18,
  });
  it('PASSED when the number encodes the printed surname, birth date and initials', () => expect(run(licence('MORGA753116SM9IJ')).decision).toBe('PASSED'));
  it('REFER when the number does not agree with the printed birth date', () => {
    expect(codes(run(licence('MORGA753126SM9IJ')))).toEqual(['DL_NUMBER_MISMATCH']);
  });
  it('REFER when no number was read', () => expect(codes(run(licence('MORGA75')))).toEqual(['DL_NUMBER_UNREADABLE']));
  it('REFER when the expiry was not read: never guessed', () => expect(codes(run(licence('MORGA753116SM9IJ', { expiry_date: null })))).toEqual(['DATE_INVALID']));
  it('ALERT when the issue date is before the birth date', () => expect(run(licence('MORGA753116SM9IJ', { issue_date: '1970-01-01' })).decision).toBe('ALERT'));
});

describe('toIdscan (spec rule 2)', () => {
  const base = documentFromMrz(parseMrz(td3(), TODAY)!);
  it('fills passport_number only for passports', () => {
    expect(toIdscan(base, 'PASSED', '2026-11-22T10:00:00Z')).toEqual({
      document_decision: 'PASSED', document_type: 'Passport', document_decision_date: '2026-11-22T10:00:00Z', date_of_birth: '1990-01-15',
      document_given_names: 'JOHN PAUL', document_last_name: 'SMITH', document_expiry_date: '2030-01-01', passport_number: '123456789',
    });
  });
  it('fills driving_license_number only for licences, neither for identity cards', () => {
    expect(toIdscan({ ...base, document_type: 'Driving License' }, 'PASSED', 'x')).toMatchObject({ driving_license_number: '123456789' });
    expect(toIdscan({ ...base, document_type: 'Driving License' }, 'PASSED', 'x')).not.toHaveProperty('passport_number');
    const card = toIdscan({ ...base, document_type: 'Identity Card' }, 'PASSED', 'x');
    expect(card).not.toHaveProperty('passport_number');
    expect(card).not.toHaveProperty('driving_license_number');
  });

  it('ALERT VIZ_MRZ_MISMATCH when the printed page contradicts the MRZ; an unreadable page is only noted', () => {
    const field = (f: string, st: 'agrees' | 'differs' | 'not_read') => ({ field: f as 'last_name', mrz: 'X', viz: null, status: st });
    const differs = decide(td3(), { viz: { fields: [field('last_name', 'differs'), field('date_of_birth', 'agrees')], read: true, contradicts: true } });
    expect([differs.decision, codes(differs)]).toEqual(['ALERT', ['VIZ_MRZ_MISMATCH']]);
    expect(differs.reasons[0]!.detail).toContain('surname');
    const unread = decide(td3(), { viz: { fields: [field('last_name', 'not_read')], read: false, contradicts: false } });
    expect(unread.decision).toBe('PASSED');
    expect(unread.reasons.map((x) => [x.code, x.severity])).toEqual([['VIZ_UNREADABLE', 'INFO']]);
  });
});
