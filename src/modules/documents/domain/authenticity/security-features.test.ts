import { describe, expect, it } from 'vitest';
import { SECURITY_FEATURE_CHECKS, securityFeatures } from './security-features.ts';
import type { AuthenticitySignals } from './signals.ts';
import { AUTHENTICITY_THRESHOLDS as T } from './thresholds.ts';

/** Signals of a genuine passport photo: every one measured and inside its threshold (the shared specimen's figures). */
const genuine = (): AuthenticitySignals => ({
  portrait: { checked: true, found: true, where: 'portrait_zone', face_height: 0.26 },
  colourfulness: 93, screen_peak: 0.62,
  typeface: { shape: 0.0036, pitch_spread: 0.00004, start_spread: 0.011, height_spread: 0.12 },
  noise_ratio: 3.7, chrome_edges: 0, specimen_text: null,
});
const change = (over: Partial<AuthenticitySignals>): AuthenticitySignals => ({ ...genuine(), ...over });

describe('security features checked, in GPG 45 terms', () => {
  it('every check measured and passed: checked, each named', () => {
    expect(securityFeatures(genuine())).toEqual({ checked: true, passed: SECURITY_FEATURE_CHECKS.map((c) => c.id), missing: [] });
  });

  it.each([
    ['no face engine: portrait not confirmed', change({ portrait: { checked: false, found: false, where: 'portrait_zone', face_height: 0 } }), 'portrait'],
    ['no face in the portrait zone', change({ portrait: { checked: true, found: false, where: 'portrait_zone', face_height: 0 } }), 'portrait'],
    ['portrait not measured', change({ portrait: null }), 'portrait'],
    ['a TD1 card\'s back alone: the portrait side missing', change({ portrait: { checked: true, found: false, where: 'none', face_height: 0 } }), 'portrait where the document\'s format prints it: not measured'],
    ['MRZ not OCR-B', change({ typeface: { ...genuine().typeface!, shape: T.maxShapeDistance + 0.01 } }), 'MRZ printed'],
    ['MRZ print not measured (a licence has none)', change({ typeface: null }), 'MRZ printed'],
    ['greyscale photocopy', change({ colourfulness: T.minColourfulness - 1 }), 'colour print'],
    ['colour not measured', change({ colourfulness: null }), 'colour print'],
    ['photo of a screen', change({ screen_peak: T.maxScreenPeak + 0.1 }), 'screen pixel grid'],
    ['screenshot', change({ chrome_edges: T.maxChromeEdges }), 'screenshot'],
    ['screenshot edges not measured', change({ chrome_edges: null }), 'screenshot'],
    ['MRZ zone pasted in', change({ noise_ratio: T.minNoiseRatio - 0.5 }), 'noise'],
    ['editing not measured', change({ noise_ratio: null }), 'noise'],
    ['specimen stamp', change({ specimen_text: 'SPECIMEN' }), 'specimen'],
  ])('%s: not checked, and says which', (_label, signals, named) => {
    const r = securityFeatures(signals);
    expect(r.checked).toBe(false);
    expect(r.missing).toHaveLength(1);
    expect(r.missing[0]).toContain(named);
  });

  it('a licence read from its print (portrait, colour and recapture only): not checked, the three MRZ-page checks missing', () => {
    const licence: AuthenticitySignals = { portrait: { checked: true, found: true, where: 'licence', face_height: 0.4 }, colourfulness: 60, screen_peak: 0.5, typeface: null, noise_ratio: null, chrome_edges: null, specimen_text: null };
    const r = securityFeatures(licence);
    expect(r).toMatchObject({ checked: false, passed: ['portrait', 'colour_print', 'not_recaptured'] });
    expect(r.missing).toHaveLength(3);
  });

  it('signals not measured at all: not checked', () => {
    expect(securityFeatures(null)).toEqual({ checked: false, passed: [], missing: ['the authenticity signals were not measured'] });
    expect(securityFeatures(undefined).checked).toBe(false);
  });

  it('a threshold exactly met counts as passed (the same comparison as the reason codes)', () => {
    expect(securityFeatures(change({ colourfulness: T.minColourfulness, screen_peak: T.maxScreenPeak, noise_ratio: T.minNoiseRatio, chrome_edges: T.maxChromeEdges - 1 })).checked).toBe(true);
  });
});
