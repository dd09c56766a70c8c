import { describe, expect, it } from 'vitest';
import { checkDvaNumber, checkDvlaNumber } from './dvla.ts';
import type { ExtractedDocument } from './extracted.ts';
import { licenceReasons } from './licence-decision.ts';

const doc: ExtractedDocument = {
  document_type: 'Driving License', source: 'PRINTED', document_number: '', last_name: 'MORGAN', given_names: 'SARAH MEREDITH',
  date_of_birth: '1976-03-11', expiry_date: '2030-01-01', issue_date: '2020-01-02', issuing_state: 'GBR', nationality: '', sex: '',
};
const holder = { lastName: 'MORGAN', givenNames: 'SARAH MEREDITH', birthDate: '1976-03-11' };
const codes = (...a: Parameters<typeof licenceReasons>) => licenceReasons(...a).map((x) => `${x.code}:${x.severity}`);

describe('licence reasons by issuer', () => {
  it('DVLA, every part in form and agreeing: nothing', () => {
    expect(codes({ issuer: 'DVLA', country: 'GBR', dvla: checkDvlaNumber('MORGA753116SM9QO', holder), dva: null }, doc)).toEqual([]);
  });
  it('DVLA with the template XX check characters: DL_NUMBER_MALFORMED naming them', () => {
    const r = licenceReasons({ issuer: 'DVLA', country: 'GBR', dvla: checkDvlaNumber('MORGA753116SM9XX', holder), dva: null }, doc);
    expect(r.map((x) => x.code)).toEqual(['DL_NUMBER_MALFORMED']);
    expect(r[0]!.detail).toContain('check characters');
  });
  it('a name whose two reads disagreed: DL_FIELD_UNCERTAIN, even when the number agrees', () => {
    expect(codes({ issuer: 'DVLA', country: 'GBR', dvla: checkDvlaNumber('MORGA753116SM9QO', holder), dva: null, uncertain_fields: ['forenames'] }, doc)).toEqual(['DL_FIELD_UNCERTAIN:REFER']);
  });
  it('another country: DL_NOT_UK with its code; unknown issuer: DL_ISSUER_UNKNOWN', () => {
    const r = licenceReasons({ issuer: 'OTHER', country: 'DEU', dvla: null, dva: null }, { ...doc, issuing_state: 'DEU' });
    expect(r.map((x) => x.code)).toEqual(['DL_NOT_UK']);
    expect(r[0]!.detail).toContain('DEU');
    expect(codes({ issuer: null, country: null, dvla: null, dva: null }, doc)).toEqual(['DL_ISSUER_UNKNOWN:REFER']);
  });
  it('Northern Ireland: REFER without a contact, nothing more with one (the contact comparison decides)', () => {
    const ni = { issuer: 'DVA' as const, country: 'GBR', dvla: null, dva: checkDvaNumber('46803175') };
    expect(codes(ni, doc)).toEqual(['DL_FIELDS_UNCONFIRMED:REFER']);
    expect(codes(ni, doc, { last_name: 'Morgan', date_of_birth: '1976-03-11' })).toEqual([]);
    expect(codes({ ...ni, dva: checkDvaNumber('4680317') }, doc, { last_name: 'Morgan', date_of_birth: '1976-03-11' })).toEqual(['DL_NUMBER_UNREADABLE:REFER']);
  });
});
