import { describe, expect, it } from 'vitest';
import { companyOfResource, parseStreamLine } from './stream.ts';

describe('streaming API lines', () => {
  it('the company of a resource, the timepoint; heartbeats and foreign lines are nothing', () => {
    expect(companyOfResource('/company/sc123456/persons-with-significant-control/individual/abc')).toBe('SC123456');
    expect(companyOfResource('/company/09876543')).toBe('09876543');
    expect(companyOfResource('/officers/abc/appointments')).toBeUndefined();
    expect(parseStreamLine(JSON.stringify({ resource_kind: 'company-profile', resource_uri: '/company/09876543', event: { timepoint: 7, type: 'changed' } })))
      .toEqual({ company: '09876543', timepoint: 7, kind: 'company-profile' });
    expect(parseStreamLine('')).toBeUndefined();
    expect(parseStreamLine('   ')).toBeUndefined();
    expect(parseStreamLine('{not json')).toBeUndefined();
  });
});
