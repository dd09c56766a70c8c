import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEidvService } from '../../src/modules/eidv/index.ts';
import { createScreeningService } from '../../src/modules/screening/index.ts';

const DATA = path.resolve(import.meta.dirname, '../../examples/test-data');

/**
 * examples/test-data (synthetic, made by this project) gives the outcomes its README promises, with the
 * settings docs/quick-start.md starts the service with.
 */
describe('the synthetic test data', () => {
  const eidv = createEidvService({
    registers: [`electoral_roll=${DATA}/electoral-roll.csv`, `credit_header=${DATA}/credit-header.csv`],
    minimumAge: 18,
    verifiedDocument: async () => undefined, companiesHouse: async () => undefined, // no onboarding here: the registers alone
  });
  const verify = (first_name: string, last_name: string, date_of_birth: string, street: string, postcode: string) =>
    eidv.verify(
      { first_name, middle_name: '', last_name, date_of_birth, address: { street, postcode, city: '', country_code: 'GB' } } as never,
      { clientId: 'cli_test', contactId: 'ctc_test', sandbox: false, today: '2026-06-01' },
    );

  it.each([
    ['Ada', 'Hartley', '1985-04-12', '1 Mill Lane', 'AB1 2CD', 'PASS', []],
    ['Bea', 'Stone', '1979-07-01', '12 Quarry Road', 'LS2 9ZZ', 'PASS', []],
    ['Dilys', 'Penhallow', '1990-11-03', '48 Harbour Street', 'TR1 1AA', 'PASS', []],
    ['Cato', 'Merrow', '1950-02-28', '3 Chapel Row', 'YO1 7XX', 'ALERT', ['DECEASED']],
    ['Ivy', 'Nobody', '1990-01-01', '9 Nowhere Street', 'ZZ9 9ZZ', 'REFER', ['SOURCES_LT_2']],
  ])('%s %s: %s', async (first, last, dob, street, postcode, decision, reasons) => {
    const result = await verify(first, last, dob, street, postcode);
    expect(result.decision).toBe(decision);
    expect(result.reasons).toEqual(expect.arrayContaining(reasons));
  });

  it('the watchlist has one sanctioned person and one PEP, found by name; an ordinary name is not matched', async () => {
    const screening = createScreeningService({ lists: [`test_watchlist=${DATA}/watchlist.ftm.json`] });
    await screening.load();
    expect(screening.screen({ name: 'Testname Sanctionov', type: 'person' })).toMatchObject({ sanctions: 'Potential Match', pep: 'No Match' });
    expect(screening.screen({ name: 'Polly Ticianne', type: 'person' })).toMatchObject({ pep: 'Potential Match', sanctions: 'No Match' });
    expect(screening.screen({ name: 'Ada Hartley', type: 'person', dob: '1985-04-12', country: 'GB' })).toMatchObject({ decision: 'No Match' });
    expect(screening.screen({ name: 'Ada Hartley', type: 'person' }).lists).toEqual([{ list: 'test_watchlist', contentHash: expect.any(String) }]);
  });
});
