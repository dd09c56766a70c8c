/**
 * Every authenticity threshold in one place, with the reason code each one raises. Chosen on the calibration
 * split of the attack set and the shared specimens (npm run eval:attacks; docs/documents.md), never on the
 * test split the figures are reported on (ADR 0120).
 */
export const AUTHENTICITY_THRESHOLDS = {
  /** PORTRAIT_NOT_FOUND: the smallest face, as a share of the page height, that counts as the portrait. */
  portraitMinHeight: 0.12,
  /**
   * PORTRAIT_NOT_FOUND when the face box does not look like a photograph (portrait.ts, ADR 0200): its grey-level
   * standard deviation below portraitMinContrast (a flat painted box), or its fine detail (100 × Laplacian over
   * intensity variance at 112 px square) above portraitMaxFineDetail (printed type, or camera noise on a flat box).
   * Each is the geometric middle of what was measured on the calibration split (--count 8, odd seeds) and the
   * shared specimens, 2026-11-28: fine detail of the faces found on genuine pages 15-53, on the specimens 16-61
   * (visa-usa), of the "faces" found on the printed data beside a painted-over box (1001-TD3, 1007-MRVA) 300 and
   * 406, so sqrt(61 × 300) ≈ 135; contrast of the faces on genuine pages 44-78, on the specimens 28.5 (pass-fin)
   * to 52, of an empty painted box 1.4-2.1, so sqrt(2.1 × 28.5) ≈ 7.7, rounded down to 7.5.
   */
  portraitMinContrast: 7.5,
  portraitMaxFineDetail: 135,
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
  /**
   * MRZ_LOW_CONFIDENCE in the name or sex, which no check digit covers: a character whose margin is below this.
   * The OCR-B model reads those as the nearest letter, so its own reading never falls below 0 there. Chosen
   * 2026-11-28 on the shared specimens and a development set of generated degraded pages (seed 31261122, not
   * an eval seed; docs/documents.md, ADR 0213): correct name characters 0.12 (id-che's Q) and up on the
   * specimens, 0.38 and up on the 98 generated pages read (every one exactly right); pass-gbr's blurred name,
   * read `WMITEB<KINBBOM…`, has characters at 0.00-0.07.
   */
  minUnprotectedMargin: 0.1,
};

export type AuthenticityThresholds = typeof AUTHENTICITY_THRESHOLDS;
