import type { OnboardingReportOut } from '../onboarding.schemas.ts';

/** What the processing job stores (sealed): the spec's data fields plus the reasons behind each decision. */
export interface OnboardingData {
  personal_details: { city: string; street: string; country: string; postcode: string } | null;
  idscan: OnboardingReportOut['data']['idscan'];
  reasons: string[];
  details: Record<string, unknown>;
}

/**
 * Nationality and sex as the identity document states them: from the chip's DG1 when its passive
 * authentication passed, else from the printed MRZ of the document (ICAO codes, `M`/`F`).
 */
export function documentNationality(details: Record<string, unknown>): { nationality?: string; sex?: string } {
  const chip = details.chip as { passed?: boolean; mrz?: { chip?: string | null } } | undefined;
  const dg1 = chip?.passed ? chip.mrz?.chip?.replace(/\s/g, '') : undefined;
  // DG1 holds the MRZ lines run together: TD3 (2 × 44), TD2 (2 × 36), TD1 (3 × 30).
  const at: Record<number, [number, number]> = { 88: [54, 64], 72: [46, 56], 90: [45, 37] };
  if (dg1 && at[dg1.length]) {
    const [n, s] = at[dg1.length]!;
    return clean(dg1.slice(n, n + 3), dg1[s]);
  }
  const doc = details.document as { nationality?: string | null; sex?: string | null } | undefined;
  return clean(doc?.nationality ?? undefined, doc?.sex ?? undefined);
}

function clean(nationality: string | undefined, sex: string | undefined): { nationality?: string; sex?: string } {
  const n = nationality?.replace(/</g, '');
  return { ...(n ? { nationality: n } : {}), ...(sex === 'M' || sex === 'F' ? { sex } : {}) };
}
