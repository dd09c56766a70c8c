import { describe, expect, it } from 'vitest';
import { normalPostcode, parseStreet, sameAddress, sameStreet } from './address.ts';

describe('UK postcode format', () => {
  it.each([
    ['sw1a2aa', 'SW1A 2AA'], ['EC1A 1BB', 'EC1A 1BB'], ['W1A 0AX', 'W1A 0AX'], ['m1 1ae', 'M1 1AE'], ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'], ['DN55 1PT', 'DN55 1PT'], ['gir 0aa', 'GIR 0AA'], [' e1w-1ab ', 'E1W 1AB'],
  ])('%s is %s', (input, normal) => expect(normalPostcode(input)).toBe(normal));
  it.each(['', 'AB1', '12345', 'SW1A 2A', 'QA1 1AA', 'SW1A 2CI', 'AB1 2CDX', 'V1 1AA', '1AB 2CD'])('%s is not a postcode', (input) => {
    expect(normalPostcode(input)).toBeUndefined();
  });
});

describe('street lines normalised before matching', () => {
  it('reads flat and house numbers apart from the words', () => {
    expect(parseStreet('Flat 2, 10 Mill Ln')).toEqual({ flat: '2', house: '10', words: ['MILL', 'LANE'] });
    expect(parseStreet('2/10 Mill Lane')).toEqual({ flat: '2', house: '10', words: ['MILL', 'LANE'] });
    expect(parseStreet('10 Mill Lane, Apt. 2')).toEqual({ flat: '2', house: '10', words: ['MILL', 'LANE'] });
    expect(parseStreet('St. John\'s Rd.')).toEqual({ words: ['SAINT', 'JOHN', 'S', 'ROAD'] });
    expect(parseStreet('12 High St')).toEqual({ house: '12', words: ['HIGH', 'STREET'] });
  });
  it.each([
    ['1 Mill Lane', '1 Mill Ln', true],
    ['1 MILL LANE', '1 mill lane', true],
    ['10 Acacia Rd.', '10 Acacia Road', true],
    ['Flat 2, 10 Mill Lane', '2/10 Mill Ln', true],
    ['10 Mill Lane', '10 Mill Lane, Flat 2', true],
    ['10 Mill Lane, Hackney', '10 Mill Lane', true],
    ['Flat 2, 10 Mill Lane', 'Flat 3, 10 Mill Lane', false],
    ['10 Mill Lane', '12 Mill Lane', false],
    ['10 Mill Lane', '10 Mill Road', false],
    ['10 Mill Lane', 'Mill Lane', false],
    ['Rose Cottage, Mill Ln', 'Rose Cottage Mill Lane', true],
    ['Zoë Court 4', '4 Zoe Ct', true],
  ])('"%s" and "%s": %s', (a, b, same) => expect(sameStreet(a, b)).toBe(same));
  it('an address also needs the same country and postcode (folded)', () => {
    const a = { street: '1 Mill Lane', postcode: 'AB1 2CD', country_code: 'GB' };
    expect(sameAddress(a, { street: '1 Mill Ln', postcode: 'ab12cd', country_code: 'gb' })).toBe(true);
    expect(sameAddress(a, { street: '1 Mill Ln', postcode: 'AB1 2CE', country_code: 'GB' })).toBe(false);
    expect(sameAddress(a, { street: '1 Mill Ln', postcode: 'AB1 2CD', country_code: 'IE' })).toBe(false);
    expect(sameAddress({ ...a, postcode: '' }, { ...a, postcode: '' })).toBe(false);
  });
});
