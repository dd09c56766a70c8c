/**
 * Every authenticity threshold in one place, with the reason code each one raises. Chosen on the calibration
 * split of the attack set and the shared specimens (npm run eval:attacks; docs/documents.md), never on the
 * test split the figures are reported on (ADR 0120).
 */
export const AUTHENTICITY_THRESHOLDS = {
  /** PORTRAIT_NOT_FOUND: the smallest face, as a share of the page height, that counts as the portrait. */
  portraitMinHeight: 0.12,
  /** PHOTOCOPY_SUSPECTED below this: 97th percentile chroma distance from the page's median colour. */
  minColourfulness: 8,
  /** SCREEN_RECAPTURE_SUSPECTED above this: median over tiles of log10(peak / median power) of the weaker direction, periods 2-10 px. */
  maxScreenPeak: 2.15,
  /** Character scores are used only when the lines' grids agree this well (else a cell may hold half of two characters). */
  gridTrusted: { pitchSpread: 0.02, startSpread: 0.5 },
  /** MRZ_TYPEFACE_INCONSISTENT above any of these (OCR-B shape distance; pitch, left edge and height spreads). */
  maxShapeDistance: 0.043,
  maxPitchSpread: 0.04,
  maxStartSpread: 2,
  maxHeightSpread: 0.35,
  /**
   * EDITING_SUSPECTED below this: log2 of the noise on the MRZ zone's blank paper over the page's above it (a
   * clean zone pasted on a photo; noise.ts, ADR 0190). Chosen on the calibration split (odd seeds, --count 6) and
   * the shared specimens, 2026-11-28: genuine -0.08 to 0.06, edited zones -2.75 to -2.34, specimens -0.86
   * (id-che) to 0.71 (pass-cze and pass-fra not measured: too little blank paper in the zone). Only one side:
   * a zone noisier than its page is not a sign of pasting.
   */
  minNoiseRatio: -1.5,
  /** SCREENSHOT_SUSPECTED at or above this many long flat-to-flat edges outside the page. */
  maxChromeEdges: 2,
  /**
   * MRZ_LOW_CONFIDENCE: a character whose OCR-B margin over the closest other character is below this (0: another
   * character is at least as close). Scores are only used when the grid fitted well (gridTrusted below).
   */
  minCharacterMargin: 0,
};

export type AuthenticityThresholds = typeof AUTHENTICITY_THRESHOLDS;
