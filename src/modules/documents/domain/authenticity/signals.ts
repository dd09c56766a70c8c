/**
 * The authenticity signals measured on a document image, and the reasons they raise (pure). Each signal has
 * its own reason code and threshold (thresholds.ts); a signal that could not be measured is null and is
 * noted, not counted as evidence either way, except the portrait, which PASSED requires.
 */
import { AUTHENTICITY_THRESHOLDS, type AuthenticityThresholds } from './thresholds.ts';

export interface PortraitSignal {
  /** Whether a face finder was given to the service (without it the portrait cannot be confirmed). */
  checked: boolean;
  found: boolean;
  /**
   * Where it was looked for: the MRZ side's portrait zone, another image (a TD1 card's front), or the whole
   * licence; 'none': nowhere, a TD1 card's back was the only image (PORTRAIT_SIDE_MISSING).
   */
  where: 'portrait_zone' | 'other_side' | 'licence' | 'none';
  /** Largest face's height as a share of the page height (or image height), 0 when none. */
  face_height: number;
  /** That face's fine detail (portrait.ts): a box of type or of camera noise on flat paint is not a photograph. */
  fine_detail?: number | null;
}

export interface AuthenticitySignals {
  portrait: PortraitSignal | null;
  colourfulness: number | null;
  screen_peak: number | null;
  typeface: { shape: number; pitch_spread: number; start_spread: number; height_spread: number } | null;
  noise_ratio: number | null;
  chrome_edges: number | null;
  /** A "SPECIMEN"-like word read on the printed page. */
  specimen_text: string | null;
}

export const emptySignals = (): AuthenticitySignals => ({ portrait: null, colourfulness: null, screen_peak: null, typeface: null, noise_ratio: null, chrome_edges: null, specimen_text: null });

/** A Reason of decision.ts (not imported: decision.ts imports this file). */
export interface AuthenticityReason {
  code: string;
  severity: 'REFER';
  detail: string;
}

const r = (code: string, detail: string): AuthenticityReason => ({ code, severity: 'REFER', detail });
const f = (x: number) => x.toFixed(3);

export function authenticityReasons(s: AuthenticitySignals, t: AuthenticityThresholds = AUTHENTICITY_THRESHOLDS): AuthenticityReason[] {
  const out: AuthenticityReason[] = [];
  const p = s.portrait;
  // A TD1 card's MRZ is on its back and its portrait on its front: a back alone is not a portrait that failed
  // the check but a side that was never given (ADR 0205). Still REFER: nothing confirms the portrait.
  if (p?.where === 'none') out.push(r('PORTRAIT_SIDE_MISSING', 'only the back of the identity card (its MRZ side) was supplied: the front, which carries the portrait, is needed to check it'));
  else if (p && !p.checked) out.push(r('PORTRAIT_NOT_CHECKED', 'no face finder is configured: the portrait could not be confirmed'));
  else if (p && !p.found) out.push(r('PORTRAIT_NOT_FOUND', p.where === 'other_side' ? 'no face on the other image supplied (the card\'s front, which carries the portrait)' : `no face in the document\'s portrait zone (${p.where.replace('_', ' ')})`));
  if (s.colourfulness !== null && s.colourfulness < t.minColourfulness) out.push(r('PHOTOCOPY_SUSPECTED', `the page has no colour (${f(s.colourfulness)} < ${t.minColourfulness}): a greyscale copy`));
  if (s.screen_peak !== null && s.screen_peak > t.maxScreenPeak) out.push(r('SCREEN_RECAPTURE_SUSPECTED', `a periodic pixel or halftone pattern covers the page (${f(s.screen_peak)} > ${t.maxScreenPeak})`));
  const ty = s.typeface;
  if (ty) {
    const bad = [
      ty.shape > t.maxShapeDistance && `characters are not OCR-B (shape ${f(ty.shape)})`,
      ty.pitch_spread > t.maxPitchSpread && `lines have different pitches (${f(ty.pitch_spread)})`,
      ty.start_spread > t.maxStartSpread && `lines start at different places (${f(ty.start_spread)} pitches)`,
      ty.height_spread > t.maxHeightSpread && `lines have different heights (${f(ty.height_spread)})`,
    ].filter(Boolean);
    if (bad.length > 0) out.push(r('MRZ_TYPEFACE_INCONSISTENT', bad.join('; ')));
  }
  if (s.noise_ratio !== null && s.noise_ratio < t.minNoiseRatio) {
    out.push(r('EDITING_SUSPECTED', `the blank paper of the MRZ zone has far less noise than the page's (log2 ratio ${f(s.noise_ratio)}): pasted in or retouched`));
  }
  if (s.chrome_edges !== null && s.chrome_edges >= t.maxChromeEdges) out.push(r('SCREENSHOT_SUSPECTED', `${s.chrome_edges} straight edges of flat screen areas around the page: a screenshot`));
  if (s.specimen_text) out.push(r('SPECIMEN_STAMP', `"${s.specimen_text}" printed on the page`));
  return out;
}
