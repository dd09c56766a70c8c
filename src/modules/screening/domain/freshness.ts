/**
 * How old a loaded list is, and whether that is a warning: a sanctions list that has not been updated for
 * days may miss new designations, so an operator must see it (ADR 0099). Pure: the caller gives the time of
 * the list's last successful update (download confirmed current, or the local file's last change).
 */
export interface ListFreshness {
  /** Hours since the last successful update, one decimal; null when unknown. */
  age_hours: number | null;
  /** Older than the configured limit, or of unknown age. */
  stale: boolean;
}

export function listFreshness(lastSuccessAt: string | undefined, now: Date, maxAgeHours: number): ListFreshness {
  const at = lastSuccessAt ? Date.parse(lastSuccessAt) : NaN;
  if (!Number.isFinite(at)) return { age_hours: null, stale: true };
  const age = Math.max(0, (now.getTime() - at) / 3_600_000);
  return { age_hours: Math.round(age * 10) / 10, stale: age > maxAgeHours };
}
