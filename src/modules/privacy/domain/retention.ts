/**
 * Retention rules (ADR 76), pure: UK MLR 2017 regulation 40 keeps due diligence records five years after the
 * business relationship ends and caps the total at ten; sandbox data is test data and is kept for none.
 */
export const MIN_YEARS = 0;
export const MAX_YEARS = 10;
export const REGULATED_DEFAULT_YEARS = 5;

export const defaultYears = (sandbox: boolean): number => (sandbox ? 0 : REGULATED_DEFAULT_YEARS);

/**
 * The moment a record kept since `endedAt` may be deleted: the same date and time, `years` later (UTC); 29
 * February becomes 28 February, as PostgreSQL's interval arithmetic does (the sweep selects in SQL).
 */
export function deleteAfter(endedAt: Date, years: number): Date {
  const at = new Date(endedAt.getTime());
  const month = at.getUTCMonth();
  at.setUTCFullYear(at.getUTCFullYear() + years);
  if (at.getUTCMonth() !== month) at.setUTCDate(0); // rolled into March: back to the last day of February
  return at;
}

/** A record is kept only when the client keeps records at all and due diligence produced some for this person. */
export const mustRetain = (years: number, hasRecords: boolean): boolean => years > 0 && hasRecords;
