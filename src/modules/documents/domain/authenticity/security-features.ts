/**
 * Whether a document's security features were checked, in GPG 45's terms (issue 23, ADR 0165): the one place
 * that says which of the authenticity signals count, read by GPG 45's validity score through onboarding's
 * `details.document.security_features_checked`.
 *
 * GPG 45 ("How to prove and verify someone's identity", section "Check the evidence is genuine or valid") scores
 * validity by what was checked: details consistent and in date (1, the MRZ checks), visible security features
 * checked as genuine (2), features needing specialist light or touch, or cryptographic ones (3: the chip's passive
 * authentication), and the issuer's confirmation that it is not lost, stolen or cancelled (4). GDS's own engine
 * records the same steps (alphagov/di-ipv-alpha-gpg45-engine, ValidityCheck: original, visible security
 * features, specialist-light security features, physical security features, cryptographic check, lost, stolen
 * or cancelled), and GOV.UK One Login scores a passport photographed and passed by document authentication,
 * without its chip, validity 2.
 *
 * This service inspects a photograph, so it can only count the first kind, and only as an automated visual
 * inspection: the portrait where the format prints it, the MRZ printed in OCR-B on the ICAO grid, colour print
 * (not a photocopy), and that the picture is of the document itself (no screen or halftone lattice, no
 * screenshot edges, no pasted-in zone, no specimen stamp). Holograms, optically variable ink, UV or infrared
 * features, microprint and relief are never examined: validity 3 comes only from the chip. Every check must have
 * run and passed; one not measured (a licence has no MRZ, so its print and editing checks cannot run) leaves the
 * flag false, never true by default.
 */
import { type AuthenticitySignals, authenticityReasons } from './signals.ts';

export interface SecurityFeatureCheck {
  id: string;
  /** What is checked, as a reviewer reads it. */
  label: string;
  /** The signal measured it (null or absent: it did not run). */
  measured: (s: AuthenticitySignals) => boolean;
  /** The reason codes that mean it ran and failed (signals.ts). */
  failsOn: readonly string[];
}

export const SECURITY_FEATURE_CHECKS: readonly SecurityFeatureCheck[] = [
  { id: 'portrait', label: 'the portrait where the document\'s format prints it', measured: (s) => s.portrait?.checked === true && s.portrait.where !== 'none', failsOn: ['PORTRAIT_NOT_FOUND', 'PORTRAIT_NOT_CHECKED'] },
  { id: 'mrz_print', label: 'the MRZ printed in OCR-B on one ICAO grid', measured: (s) => s.typeface !== null, failsOn: ['MRZ_TYPEFACE_INCONSISTENT'] },
  { id: 'colour_print', label: 'colour print (not a photocopy)', measured: (s) => s.colourfulness !== null, failsOn: ['PHOTOCOPY_SUSPECTED'] },
  { id: 'not_recaptured', label: 'no screen pixel grid or print halftone over the page', measured: (s) => s.screen_peak !== null, failsOn: ['SCREEN_RECAPTURE_SUSPECTED'] },
  { id: 'not_screenshot', label: 'no screenshot edges around the page', measured: (s) => s.chrome_edges !== null, failsOn: ['SCREENSHOT_SUSPECTED'] },
  { id: 'not_edited', label: 'the noise on the MRZ zone\'s blank paper matching the page\'s (nothing pasted in)', measured: (s) => s.noise_ratio !== null, failsOn: ['EDITING_SUSPECTED'] },
];

export interface SecurityFeatures {
  /** Every check ran and passed, and no specimen stamp was read: GPG 45's visible security features checked. */
  checked: boolean;
  /** The checks that ran and passed (ids of SECURITY_FEATURE_CHECKS). */
  passed: string[];
  /** Why it is not checked: each check that did not run or failed, as text. */
  missing: string[];
}

export function securityFeatures(signals: AuthenticitySignals | null | undefined): SecurityFeatures {
  if (!signals) return { checked: false, passed: [], missing: ['the authenticity signals were not measured'] };
  const raised = new Set(authenticityReasons(signals).map((r) => r.code));
  const passed: string[] = [];
  const missing: string[] = [];
  for (const c of SECURITY_FEATURE_CHECKS) {
    if (!c.measured(signals)) missing.push(`${c.label}: not measured`);
    else if (c.failsOn.some((code) => raised.has(code))) missing.push(`${c.label}: failed (${c.failsOn.filter((code) => raised.has(code)).join(', ')})`);
    else passed.push(c.id);
  }
  if (raised.has('SPECIMEN_STAMP')) missing.push('a specimen stamp is printed on the page');
  return { checked: missing.length === 0, passed, missing };
}
