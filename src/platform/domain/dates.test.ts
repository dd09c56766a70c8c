import { describe, expect, it } from 'vitest';
import { birthMonthYearAgreement } from './dates.ts';

describe('birthMonthYearAgreement', () => {
  it('matches on year and month, ignoring the day the register does not publish', () => {
    expect(birthMonthYearAgreement('1970-04-29', { year_of_birth: 1970, month_of_birth: 4 })).toBe('MATCH');
  });
  it('differs when the month or the year differs', () => {
    expect(birthMonthYearAgreement('1970-05-01', { year_of_birth: 1970, month_of_birth: 4 })).toBe('DIFFERS');
    expect(birthMonthYearAgreement('1971-04-01', { year_of_birth: 1970, month_of_birth: 4 })).toBe('DIFFERS');
  });
  it('says nothing when either side lacks a month and year', () => {
    expect(birthMonthYearAgreement('1970-04-29', { year_of_birth: 1970, month_of_birth: null })).toBe('NONE');
    expect(birthMonthYearAgreement('', { year_of_birth: 1970, month_of_birth: 4 })).toBe('NONE');
    expect(birthMonthYearAgreement(null, { year_of_birth: 1970, month_of_birth: 4 })).toBe('NONE');
  });
});
