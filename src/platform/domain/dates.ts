/** Pure date helpers. Dates are `YYYY-MM-DD` strings; "today" is passed in, never read from a clock. */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a calendar date that exists (no 2023-02-30). */
export function isRealDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1800 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whole years between a birth date and `today` (both YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/**
 * A full date of birth against a month and year of birth (what the Companies House register publishes for
 * officers and PSCs: no day). NONE when either side lacks them. One rule for the company report's choice of
 * register person and the Companies House identity source.
 */
export function birthMonthYearAgreement(
  dateOfBirth: string | null | undefined,
  record: { year_of_birth: number | null; month_of_birth: number | null },
): 'MATCH' | 'DIFFERS' | 'NONE' {
  const m = /^(\d{4})-(\d{2})/.exec(dateOfBirth ?? '');
  if (!m || record.year_of_birth === null || record.month_of_birth === null) return 'NONE';
  return Number(m[1]) === record.year_of_birth && Number(m[2]) === record.month_of_birth ? 'MATCH' : 'DIFFERS';
}
