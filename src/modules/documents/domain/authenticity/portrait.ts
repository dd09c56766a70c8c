/**
 * Whether what the face engine boxed looks like a printed photograph at all (pure; ADR 0200). A photograph's
 * tones change smoothly (natural images put most of their contrast at coarse scales), so at a fixed sample
 * size most of its variance is coarse. The face engine also boxes things that are not photographs: lines of
 * printed data beside a painted-over portrait box (eval:attacks, calibration split: 1001-TD3 and 1007-MRVA),
 * whose contrast is all sharp type edges, and a flat painted box, whose little contrast is camera noise. Both
 * put most of their variance at the finest scale.
 */
import { laplacianVariance } from '../../../../platform/domain/gray-image.ts';
import { brightnessStats, type Gray } from '../quality.ts';
import type { AuthenticityThresholds } from './thresholds.ts';

/** The face box is resampled to this square before it is measured, so figures compare across image sizes. */
export const PORTRAIT_SAMPLE_SIZE = 112;

export interface PortraitTexture {
  /** Grey-level standard deviation inside the box (0-255). */
  contrast: number;
  /** 100 × Laplacian variance over intensity variance: the share of the box's variance at the finest scale. */
  fine_detail: number;
}

/** The texture of a face box, sampled at PORTRAIT_SAMPLE_SIZE square by the caller. */
export function portraitTexture(box: Gray): PortraitTexture {
  const { stdev } = brightnessStats(box);
  const variance = stdev * stdev;
  return { contrast: stdev, fine_detail: variance < 1 ? Infinity : (100 * laplacianVariance(box)) / variance };
}

/** A box counts as a photograph when it has contrast and most of it is not at the finest scale. */
export function looksLikePhotograph(t: PortraitTexture, thresholds: Pick<AuthenticityThresholds, 'portraitMinContrast' | 'portraitMaxFineDetail'>): boolean {
  return t.contrast >= thresholds.portraitMinContrast && t.fine_detail <= thresholds.portraitMaxFineDetail;
}
